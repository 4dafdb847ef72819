"""`kibitz rules GAME` and `kibitz games`: the rules pages and the list of games."""

from __future__ import annotations

import argparse
from importlib import resources
from pathlib import Path
from typing import Any

from kibitz.core import KibitzError, games, spec


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("rules", help="print a game's rules page")
    parser.add_argument("game")
    parser.add_argument("--lang", choices=["en", "cs", "ru"], default="en", help="language")
    parser.set_defaults(run=run_rules)
    parser = sub.add_parser("games", help="list the games and their rule options")
    parser.set_defaults(run=run_games)


def rules_text(name: str, lang: str | None = None) -> str:
    """The rules page of `name`: shipped in the package, or docs/rules in a source checkout.
    `lang` (`cs`, `ru`) picks a translation from the language's folder (`docs/rules/cs/`)."""
    spec(name)
    folder = (lang,) if lang else ()
    shipped = resources.files("kibitz").joinpath("rules", *folder, f"{name}.md")
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[3].joinpath("docs", "rules", *folder, f"{name}.md")
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    raise KibitzError(f"no rules page for {name}")


def run_rules(args: argparse.Namespace, extra: list[str]) -> int:
    print(rules_text(args.game, None if args.lang == "en" else args.lang))
    return 0


def run_games(args: argparse.Namespace, extra: list[str]) -> int:
    for game in games():
        print(f"{game.name:8} {game.title} ({game.min_players}-{game.max_players} players)")
        print(f"         {game.summary}")
        for name, default, doc in game.options():
            print(f"         --{name.replace('_', '-')} (default {default}): {doc}")
        print()
    return 0
