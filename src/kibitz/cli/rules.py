"""`kibitz rules GAME` and `kibitz games`: the rules pages and the list of games."""

from __future__ import annotations

import argparse
from typing import Any

from kibitz.cli.options import option_lines
from kibitz.core import games
from kibitz.core.rules_text import LANGUAGES, rules_text


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("rules", help="print a game's rules page")
    parser.add_argument("game")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language")
    parser.set_defaults(run=run_rules)
    parser = sub.add_parser("games", help="list the games and their rule options")
    parser.set_defaults(run=run_games)


def run_rules(args: argparse.Namespace, extra: list[str]) -> int:
    print(rules_text(args.game, args.lang))
    return 0


_TEAMS = {"none": "", "fixed": ", in teams", "option": ", teams as an option"}


def run_games(args: argparse.Namespace, extra: list[str]) -> int:
    for game in games():
        players = f"{game.min_players}-{game.max_players} players"
        print(f"{game.name:8} {game.title} ({players}, {game.dynamics}{_TEAMS[game.teams]})")
        print(f"         {game.summary}")
        for line in option_lines(game):
            print(f"         {line}")
        print()
    return 0
