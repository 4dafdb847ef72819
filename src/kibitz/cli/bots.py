"""`kibitz bots [GAME]`: the bots of each game, by the names `--bots` and `play` accept."""

from __future__ import annotations

import argparse
from typing import Any

from kibitz.bots import available, describe
from kibitz.core import games, spec


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("bots", help="list the bots of each game")
    parser.add_argument("game", nargs="?", help="only this game")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    names = [spec(args.game).name] if args.game else [g.name for g in games()]
    for game in names:
        for bot in available(game):
            print(f"{game + '/' + bot:16} {describe(game, bot)}")
    return 0
