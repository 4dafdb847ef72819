"""Playthrough goldens, in the manner of OpenSpiel's `playthroughs`: for each game and main
option set, a stored record and what every seat (and a spectator) sees after every move.

A golden file is plain text, reviewed like code: the record first, then, after the deal and
after each move, every viewer's view (`view -` is the spectator's) and the true state
(`state`, without its move list, which the record holds). Each viewer lists only the keys
that changed since its previous listing, one key per line (`key += [...]` when a list only
grew at its end), in the view's own key order, so a change in what a seat sees shows up in
review as a few changed lines. Regenerate them with `python -m tests.goldens.regenerate`.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kibitz.core import Game, Record, make, replay, spec

HERE = Path(__file__).resolve().parent
RECORD_END = "\n\n"


@dataclass(frozen=True)
class Case:
    """One golden: a game made with these options and seed, played by seeded random moves
    (at most `max_moves` of them when the whole game would make too long a file)."""

    stem: str
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    max_moves: int | None = None

    @property
    def path(self) -> Path:
        return HERE / f"{self.stem}.txt"


CASES = (
    Case("xbere-2p", "xbere", 2, seed=1),
    Case("xbere-3p", "xbere", 3, seed=2),
    Case("xbere-4p", "xbere", 4, seed=3),
    Case("6nimmt-4p", "6nimmt", 4, seed=4, max_moves=60),
    Case("goxeso-4x4", "goxeso", 2, seed=5, options={"size": 4}),
    Case("goxeso-6x6", "goxeso", 3, seed=6, options={"size": 6}, max_moves=40),
    Case("goxeso-8x8", "goxeso", 2, seed=7, options={"size": 8}, max_moves=30),
    Case(
        "goxeso-bridge", "goxeso", 4, seed=8, options={"size": 4, "variant": "bridge"}, max_moves=50
    ),
    Case(
        "goxeso-cross", "goxeso", 4, seed=9, options={"size": 4, "variant": "cross"}, max_moves=50
    ),
    Case("pexeso-4x4", "goxeso", 2, seed=10, options={"size": 4, "classic": True}, max_moves=60),
    Case("kozel-deal", "kozel", 4, seed=11, options={"series": False}),
    Case("kozel-series", "kozel", 4, seed=12, max_moves=56),
)


def play(case: Case) -> Record:
    """A new record for `case`: random seats to act and random legal moves, from its seed."""
    game = make(case.game, players=case.players, seed=case.seed, **case.options)
    rng = random.Random(case.seed)
    while not game.is_over() and (case.max_moves is None or game.version < case.max_moves):
        seat = rng.choice(sorted(game.to_act()))
        game.apply(seat, rng.choice(list(game.legal_moves(seat))))
    return Record.of(game)


def read_record(text: str) -> Record:
    """The record at the top of a golden file."""
    head, _, _ = text.partition(RECORD_END)
    _, _, body = head.partition("record:\n")
    return Record.from_json(body)


def render(case: Case, record: Record) -> str:
    """The golden text of `record` (a game of `case`)."""
    game = replay(record, until=0)
    options = ", ".join(f"{k}={v}" for k, v in case.options.items()) or "default options"
    extent = "the whole game" if replay(record).is_over() else "cut short"
    lines = [
        f"# Playthrough golden {case.stem}: {spec(case.game).title}, {case.players} players, "
        f"{options}, seed {case.seed}; {len(record.moves)} moves ({extent}).",
        "# Regenerate: python -m tests.goldens.regenerate (reviewed like code; see its docstring).",
        "record:",
        record.to_json(indent=1) + RECORD_END.rstrip("\n"),
    ]
    seen: dict[str, dict[str, Any]] = {}
    _show(lines, "== deal", game, seen)
    for number, (seat, text) in enumerate(record.moves, 1):
        game.apply(seat, text)
        _show(lines, f"== move {number}: seat {seat} {text!r}", game, seen)
    return "\n".join(lines) + "\n"


def _show(lines: list[str], heading: str, game: Game[Any], seen: dict[str, dict[str, Any]]) -> None:
    """List what changed for each viewer; a change several viewers share is listed once,
    under all their names."""
    lines.append(heading)
    viewers: list[tuple[str, dict[str, Any]]] = [
        ("spectator" if seat is None else f"seat {seat}", game.view(seat))
        for seat in [None, *range(game.players)]
    ]
    state = game.to_state()
    del state["moves"]
    viewers.append(("state", state))
    who: dict[str, list[str]] = {}
    """Each change line -> the viewers it belongs to, in the order first met."""
    unchanged = []
    for label, data in viewers:
        changes = _changes(seen.get(label), data)
        seen[label] = json.loads(json.dumps(data))
        if not changes:
            unchanged.append(label)
        for change in changes:
            who.setdefault(change, []).append(label)
    groups: dict[str, list[str]] = {}
    for change, labels in who.items():
        groups.setdefault(", ".join(labels), []).append(change)
    for labels, changes in groups.items():
        lines.append(f"{labels}:")
        lines.extend(f"  {change}" for change in changes)
    if unchanged:
        lines.append(f"unchanged: {', '.join(unchanged)}")


def _changes(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """One line per key whose value changed: `key: value`, or for a list of records that
    kept some of its items and added more at its end, `key += [added]` (after `-= N first`
    when its N first items left, as in a window of recent turns). A first line `keys: ...`
    gives the keys in order whenever they change (the first time, and never again so far)."""
    out = []
    if before is None or list(before) != list(after):
        out.append(f"keys: {' '.join(after)}")
    for key, value in after.items():
        old = None if before is None else before.get(key)
        if before is not None and key in before and _text(old) == _text(value):
            continue
        if _records(old) and _records(value):
            for dropped in range(len(old)):
                kept = old[dropped:]
                if len(value) > len(kept) and _text(value[: len(kept)]) == _text(kept):
                    added = _text(value[len(kept) :])
                    out.append(
                        f"{key} -= {dropped} first, += {added}" if dropped else f"{key} += {added}"
                    )
                    break
            else:
                out.append(f"{key}: {_text(value)}")
            continue
        out.append(f"{key}: {_text(value)}")
    out.extend(f"{key}: (removed)" for key in before or {} if key not in after)
    return out


def _records(value: Any) -> bool:
    """Whether `value` is a non-empty list of lists or objects (tricks, turns, events)."""
    return (
        isinstance(value, list) and bool(value) and all(isinstance(v, list | dict) for v in value)
    )


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
