"""The two ways the engines run (kibitz.compiled): compiled by mypyc at install, and the
pure-Python sources, which run where nothing could be compiled or with KIBITZ_PURE set.

Each check runs in fresh interpreters, one per way: a process imports one or the other,
never both. The pure path passes the conformance checker for every game; the compiled path
plays exactly as the pure one, move by move (same legal moves, views, states, search
features, determinized games, refusals and outcomes).
"""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kibitz.core import games

ROOT = Path(__file__).resolve().parents[1]

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("xbere", 2, {}),
    ("xbere", 4, {"rounds": 2}),
    ("6nimmt", 5, {"rounds": 2}),
    ("6nimmt", 10, {"rounds": 1}),
    ("goxeso", 2, {"size": 4}),
    ("goxeso", 3, {"size": 4}),
    ("goxeso", 4, {"size": 6, "variant": "cross"}),
    ("goxeso", 4, {"size": 4, "variant": "bridge"}),
    ("goxeso", 1, {"size": 6, "classic": True}),
    ("kozel", 4, {"series": False}),
    ("kozel", 4, {"series_limit": 6, "discards": "open", "eggs": "double"}),
]
"""Every engine and its main options; some seeds of each reach the rarer rules (exchange
phases, takeovers, X cards)."""

SEEDS = range(3)


def _run(code: str, *, pure: bool) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    env.pop("KIBITZ_PURE", None)
    if pure:
        env["KIBITZ_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _refusals(game: Any, seat: int, move: Any) -> list[list[str]]:
    """How the game refuses bad seats and moves: each refusal's type and message."""
    calls = [
        lambda: game.apply(True, move),
        lambda: game.apply(game.players, move),
        lambda: game.apply(seat, "play 999"),
        lambda: game.apply(seat, 7),
        lambda: game.view(-1),
        lambda: game.legal_moves(game.players),
    ]
    refused = []
    for call in calls:
        with pytest.raises(ValueError) as error:
            call()
        refused.append([type(error.value).__name__, str(error.value)])
    return refused


def trace() -> None:
    """Print one JSON line per decision of every configuration and seed: what the game shows
    through its public and search interfaces, and how it refuses bad input."""
    import kibitz
    from kibitz.core import determinize

    print(json.dumps({"compiled": kibitz.compiled.active()}))
    for name, players, options in CONFIGS:
        for seed in SEEDS:
            rng = random.Random(seed)
            game = kibitz.make(name, players=players, seed=seed, **options)
            step = 0
            while not game.is_over():
                acting = sorted(game.to_act())
                seat = acting[rng.randrange(len(acting))]
                legal = game.legal_moves(seat)
                move = legal[rng.randrange(len(legal))]
                line = {
                    "at": [name, players, options, seed, step],
                    "acting": acting,
                    "legal": {s: [str(m) for m in game.legal_moves(s)] for s in acting},
                    "views": [game.view(s) for s in [None, *range(players)]],
                    "state": game.to_state(),
                    "scores": game.scores(),
                    "stage": [game.stage(), game.stage_scores()],
                    "features": repr(game.features(seat)),
                    "observed": [repr(game.observe(seat, move, by)) for by in range(players)],
                    "sampled": determinize(game.view(seat), random.Random(step)).to_state(),
                    "copied": pickle.loads(pickle.dumps(game)).to_state(),
                    "refused": _refusals(game, seat, move),
                }
                print(json.dumps(line, sort_keys=True))
                game.apply(seat, move if step % 2 else str(move))
                step += 1
            outcome = game.outcome()
            assert outcome is not None
            final = [name, seed, outcome.scores, sorted(outcome.winners), game.view(None)]
            print(json.dumps(final, sort_keys=True))


def test_the_pure_engines_pass_the_conformance_checker() -> None:
    """The path of an install without a C compiler: every game, from its sources."""
    out = _run(
        "import kibitz, sys\n"
        "from kibitz.compiled import MODULES\n"
        "from kibitz.core.conformance import check_game\n"
        "from tests.test_compiled import CONFIGS\n"
        "assert not kibitz.compiled.active()\n"
        "assert all(sys.modules[m].__file__.endswith('.py') for m in MODULES if m in sys.modules)\n"
        "for name, players, options in CONFIGS:\n"
        "    check_game(name, players, range(2), options, deep_every=2)\n"
        "    print(name)\n",
        pure=True,
    )
    assert out.split() == [name for name, _, _ in CONFIGS]
    assert {name for name, _, _ in CONFIGS} == {spec.name for spec in games()}


def test_compiled_and_pure_engines_agree_move_by_move() -> None:
    compiled = _run("from tests.test_compiled import trace; trace()", pure=False).splitlines()
    if compiled[0] != json.dumps({"compiled": True}):
        if os.environ.get("CI"):
            pytest.fail("CI installs kibitz with its compiled engines, but they do not run")
        pytest.skip("the engines are not compiled here (an install without a C compiler?)")
    pure = _run("from tests.test_compiled import trace; trace()", pure=True).splitlines()
    assert pure[0] == json.dumps({"compiled": False})
    assert len(pure) == len(compiled)
    for ours, theirs in zip(compiled[1:], pure[1:], strict=True):
        assert ours == theirs, f"the compiled engine differs from the pure one at {ours[:200]}"
