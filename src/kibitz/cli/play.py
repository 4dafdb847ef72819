"""`kibitz play GAME`: a person against bots in the terminal."""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from kibitz.bots import Bot, default_bot, make_bot
from kibitz.bots.registry import DEFAULT_LEVEL
from kibitz.cli.options import game_options, option_lines
from kibitz.cli.render import render
from kibitz.core import Game, KibitzError, Move, NotationError, Record, games, make, spec

HELP = """Type a move as listed (for example "play 57"), or just its last part when that is
unambiguous ("57", "c3"). Commands:
  moves        list your legal moves
  show         draw the table again
  save FILE    save the game record (JSON) to FILE
  help         this text
  quit         leave the game (the record is saved when --save was given)"""


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "play",
        help="play a game against bots in the terminal",
        description="Play against bots. Rule options follow as --name value "
        "(for example: kibitz play xbere --take-on over; kibitz play goxeso --size 4); "
        "kibitz play GAME --help lists that game's.",
        add_help=False,
    )
    names = ", ".join(game.name for game in games())
    parser.add_argument("game", nargs="?", help=f"{names} (see `kibitz games`)")
    parser.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    parser.add_argument("--players", type=int, help="number of seats")
    parser.add_argument("--seed", type=int, help="seed for the deal (random when omitted)")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument(
        "--bots",
        help="bot level for the other seats, or a comma list, one per other seat (default "
        f"{DEFAULT_LEVEL}, as in the browser; see `kibitz bots`)",
    )
    parser.add_argument("--save", type=Path, help="write the record here when the game ends")
    parser.set_defaults(run=run, parser=parser)


def _help(parser: argparse.ArgumentParser, game: str | None) -> str:
    """The command's help and, with a game named, that game's rule options."""
    text = parser.format_help()
    if game is None:
        return text
    game_spec = spec(game)
    lines = [f"\nrule options of {game_spec.title} ({game_spec.name}):"]
    for line in option_lines(game_spec):
        lines.extend(textwrap.wrap(line, 88, initial_indent="  ", subsequent_indent="      "))
    return text + "\n".join(lines) + "\n"


def _bots(game: Game[Any], seat: int, spec: str) -> dict[int, Bot]:
    names = [name.strip() for name in spec.split(",") if name.strip()] or [DEFAULT_LEVEL]
    others = [s for s in range(game.players) if s != seat]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        raise KibitzError(f"--bots names {len(names)} bots for {len(others)} other seats")
    return {s: make_bot(game.name, name) for s, name in zip(others, names, strict=True)}


def resolve_input(
    text: str, legal: Sequence[Move], parse: Callable[[str], Move] | None = None
) -> str:
    """The move text meant by `text`: itself, or the one legal move it ends ("57" for
    "play 57"). Two or more such moves raise a `NotationError` naming them. Otherwise the
    first word of a legal move that makes `text` a move (`parse` reads it), so that the game
    can say why that move is refused ("a1" is "flip a1": "a1 is face up already")."""
    texts = [str(move) for move in legal]
    if text in texts:
        return text
    matches = [t for t in texts if t.endswith(" " + text)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        shown = ", ".join(matches[:-1]) + " or " + matches[-1]
        raise NotationError(f"{text!r} could be {shown}: type the whole move")
    if parse is not None:
        for verb in dict.fromkeys(t.split(" ", 1)[0] for t in texts):
            try:
                parse(f"{verb} {text}")
            except NotationError:
                continue
            return f"{verb} {text}"
    return text


def play_loop(
    game: Game[Any],
    seat: int,
    *,
    bots: dict[int, Bot],
    rng: random.Random,
    read: Callable[[str], str],
    out: TextIO,
    save: Path | None = None,
) -> int:
    """Run the game until it ends or the person quits; returns an exit code."""

    def save_to(path: Path) -> None:
        path.write_text(Record.of(game).to_json(indent=2), encoding="utf-8")
        print(f"Record saved to {path}", file=out)

    shown = -1
    while not game.is_over():
        for bot_seat in sorted(game.to_act() - {seat}):
            view = game.view(bot_seat)
            game.apply(bot_seat, bots[bot_seat].choose(view, game.legal_moves(bot_seat), rng))
        if seat not in game.to_act() or game.is_over():
            continue
        legal = game.legal_moves(seat)
        if game.version != shown:
            print("\n" + render(game.view(seat)), file=out)
            shown = game.version
        if len(legal) == 1 and not str(legal[0]).startswith("play"):
            print(f"(your only move: {legal[0]})", file=out)
            game.apply(seat, legal[0])
            continue
        try:
            text = read("your move> ").strip()
        except EOFError:
            text = "quit"
        command, _, rest = text.partition(" ")
        if not text:
            continue
        if command == "help":
            print(HELP, file=out)
        elif command == "moves":
            print("Legal: " + ", ".join(str(m) for m in legal), file=out)
        elif command == "show":
            print(render(game.view(seat)), file=out)
        elif command == "save" and rest:
            save_to(Path(rest))
        elif command == "quit":
            if save is not None:
                save_to(save)
            print("Left the game.", file=out)
            return 0
        else:
            try:
                game.apply(seat, resolve_input(text, legal, game.parse_move))
            except KibitzError as error:
                print(f"Not possible: {error}. Type help for help.", file=out)
    print("\n" + render(game.view(seat)), file=out)
    if save is not None:
        save_to(save)
    return 0


def run(args: argparse.Namespace, extra: list[str]) -> int:
    if args.help:
        print(_help(args.parser, args.game), end="")
        return 0
    if args.game is None:
        raise KibitzError("name a game to play: kibitz play GAME (see `kibitz games`)")
    options = game_options(args.game, extra, args.players)
    game = make(args.game, players=args.players, seed=args.seed, options=options)
    if not 0 <= args.seat < game.players:
        raise KibitzError(f"--seat must be 0 to {game.players - 1}")
    level = args.bots or default_bot(game.name)
    bots = _bots(game, args.seat, level)
    given = "" if args.bots else " (choose others with --bots)"
    print(f"{spec(game.name).title}: you play at seat {args.seat}; bots: {level}{given}.")
    rng = random.Random(args.seed)
    return play_loop(
        game, args.seat, bots=bots, rng=rng, read=input, out=sys.stdout, save=args.save
    )
