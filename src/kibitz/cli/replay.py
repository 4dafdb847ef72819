"""`kibitz replay RECORD`: replay a record and print the game, a seat's view, or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from kibitz.cli.render import render
from kibitz.core import Game, KibitzError, Record, RecordError, replay


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "replay",
        help="replay a game record",
        description="Replay a record (a file, or - for standard input) and print the game. "
        "A bad record exits with code 2 and names the failing move (the first move is 1).",
    )
    parser.add_argument("record", help="record file (JSON), or - for standard input")
    parser.add_argument("--until", type=int, help="stop after this many moves")
    parser.add_argument("--seat", type=int, help="print what this seat sees")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def read_record(source: str) -> Record:
    """A record from a file path or `-` (standard input)."""
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {source}: {error.strerror}") from None
    return Record.from_json(text)


def summary(game: Game[Any], seat: int | None) -> dict[str, Any]:
    """The JSON answer: `state` is the true state, or with a seat that seat's view."""
    if seat is None:
        state = game.to_state()
        scores: list[float] | None = list(game.scores())
    else:
        state = game.view(seat)
        scores = state.get("scores")
    outcome = game.outcome()
    return {
        "game": game.name,
        "moves": game.version,
        "over": game.is_over(),
        "to_act": sorted(game.to_act()),
        "scores": scores,
        "winners": sorted(outcome.winners) if outcome else [],
        "state": state,
    }


def run(args: argparse.Namespace, extra: list[str]) -> int:
    if extra:
        raise KibitzError(f"unexpected arguments: {' '.join(extra)}")
    game = replay(read_record(args.record), until=args.until)
    if args.seat is not None and not 0 <= args.seat < game.players:
        raise KibitzError(f"--seat must be 0 to {game.players - 1}")
    if args.json:
        print(json.dumps(summary(game, args.seat), ensure_ascii=False))
        return 0
    print(render(game.view(args.seat)))
    if args.seat is None:
        hands = game.to_state().get("hands")
        if hands is not None:
            print("Hands (the true state):")
            for seat, hand in enumerate(hands):
                print(f"  seat {seat}: {' '.join(str(card) for card in hand) or '-'}")
    return 0
