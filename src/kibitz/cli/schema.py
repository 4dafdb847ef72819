"""`kibitz schema GAME`: the JSON Schema of a game's views (or, with --state, its states)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from kibitz.core import KibitzError, spec
from kibitz.core.schema import state_schema, view_schema


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "schema",
        help="print the JSON Schema of a game's views",
        description="Print the JSON Schema (draft 2020-12) of what GAME's views hold for every "
        "seat and the spectator; with --state, of its whole true state (server-side data). "
        "docs/schema/ holds them all.",
    )
    parser.add_argument("game")
    parser.add_argument("--state", action="store_true", help="the state's schema instead")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    if extra:
        raise KibitzError(f"unexpected argument(s) {' '.join(extra)}; usage: kibitz schema GAME")
    game = spec(args.game).game
    schema = state_schema(game) if args.state else view_schema(game)
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return 0
