"""Random play through the public API: games/s and decisions/s per game, on one core.

Every decision lists the seat's legal moves and applies one chosen at random, as a search
or a learner would. When OpenSpiel is installed, its C++ goofspiel and hearts are driven
from Python in the same run, for a reference.

    python bench/engine.py [--seconds 3] [--only Kozel] [--rounds 1]

Times are the CPU time of this process (`time.process_time`), which other processes on a
shared machine disturb far less than the wall clock, though not entirely: a busy machine
slows every process's instructions (shared caches, memory). So goofspiel, the reference of
the floor (issue 15: every line at 1.0x goofspiel or more), runs between every two of
kibitz's lines, and each line's ratio is taken to the mean of the goofspiel runs just
before and after it; hearts runs before and after all of them. With `--rounds N` the lines
run N times over, and each figure is the median of its N.

It says whether the engines run compiled (an install with a C compiler: kibitz.compiled) or
as pure Python; `KIBITZ_PURE=1 python bench/engine.py` measures the pure ones.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import kibitz
from kibitz.core import UnknownGameError

CONFIGS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("X bere! 2 players", "xbere", 2, {}),
    ("X bere! 3 players", "xbere", 3, {}),
    ("X bere! 4 players", "xbere", 4, {}),
    ("6 nimmt! 4 players, 1 round", "6nimmt", 4, {"rounds": 1}),
    ("6 nimmt! 10 players, 1 round", "6nimmt", 10, {"rounds": 1}),
    ("Goxeso 4x4, 2 players", "goxeso", 2, {"size": 4}),
    ("Goxeso 6x6, 2 players", "goxeso", 2, {"size": 6}),
    ("Goxeso 8x8, 4 players", "goxeso", 4, {"size": 8}),
    ("Goxeso 6x6 cross", "goxeso", 4, {"size": 6, "variant": "cross"}),
    ("Goxeso 8x8 bridge", "goxeso", 4, {"size": 8, "variant": "bridge"}),
    ("Pexeso 6x6, 2 players", "goxeso", 2, {"size": 6, "classic": True}),
    ("Pexeso 8x8, 1 player", "goxeso", 1, {"size": 8, "classic": True}),
    ("Kozel one deal", "kozel", 4, {"series": False}),
    ("Kozel series to 12", "kozel", 4, {}),
]
"""(label, game, players, options): each game's engine adds its own lines."""


def kibitz_run(
    game: str, players: int, options: dict[str, Any], seconds: float
) -> tuple[int, int, float]:
    """(games, decisions, elapsed) of random play for about `seconds`."""
    rng = random.Random(0)
    games = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        g = kibitz.make(game, players=players, seed=games, **options)
        while not g.is_over():
            seat = next(iter(g.to_act()))
            legal = g.legal_moves(seat)
            g.apply(seat, legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
    return games, decisions, time.process_time() - start


def openspiel_run(name: str, seconds: float) -> tuple[int, int, float] | None:
    """The same loop over an OpenSpiel C++ game, or None without OpenSpiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(0)
    games = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            elif state.is_simultaneous_node():
                state.apply_actions(
                    [rng.choice(state.legal_actions(p)) for p in range(game.num_players())]
                )
                decisions += game.num_players() - 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    return games, decisions, time.process_time() - start


def report(label: str, run: Callable[[], tuple[int, int, float] | None]) -> float | None:
    result = run()
    if result is None:
        return None
    games, decisions, elapsed = result
    rate = decisions / elapsed
    print(f"{label:34} {games / elapsed:10,.0f} games/s {rate:12,.0f} decisions/s", flush=True)
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    parser.add_argument("--only", default="", help="only the configurations naming this")
    parser.add_argument("--rounds", type=int, default=1, help="runs of every line (median)")
    args = parser.parse_args()
    engines = "compiled by mypyc" if kibitz.compiled.active() else "pure Python"
    print(f"random play through the public API, {args.seconds:g} s each, one core")
    print(f"engines: {engines}")
    hearts = [report("OpenSpiel hearts (C++)", lambda: openspiel_run("hearts", args.seconds))]
    goofspiel = report(
        "OpenSpiel goofspiel (C++)", lambda: openspiel_run("goofspiel", args.seconds)
    )
    ratios: dict[str, list[float]] = {}
    measured: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for label, game, players, options in CONFIGS:
            if args.only not in label:
                continue
            try:
                kibitz.core.spec(game)
            except UnknownGameError:
                print(f"{label:34} (not available)")
                continue
            rate = report(
                label, lambda g=game, p=players, o=options: kibitz_run(g, p, o, args.seconds)
            )
            assert rate is not None
            measured.setdefault(label, []).append(rate)
            before = goofspiel
            goofspiel = report(
                "OpenSpiel goofspiel (C++)", lambda: openspiel_run("goofspiel", args.seconds)
            )
            if before is not None and goofspiel is not None:
                ratios.setdefault(label, []).append(rate / ((before + goofspiel) / 2))
    rates = {label: statistics.median(values) for label, values in measured.items()}
    hearts.append(report("OpenSpiel hearts (C++)", lambda: openspiel_run("hearts", args.seconds)))
    if goofspiel is None:
        print("OpenSpiel not installed (pip install open_spiel) - no C++ reference in this run")
        return
    print("ratio to OpenSpiel goofspiel measured just before and after the line:")
    for label, values in ratios.items():
        print(f"{label:34} / OpenSpiel goofspiel: {statistics.median(values):5.2f}")
    reference = sum(r for r in hearts if r is not None) / len(hearts)
    print(f"OpenSpiel hearts, mean of before and after: {reference:12,.0f} decisions/s")
    for label, rate in rates.items():
        print(f"{label:34} / OpenSpiel hearts: {rate / reference:5.2f}")


if __name__ == "__main__":
    main()
