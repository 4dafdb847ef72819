"""`kibitz simulate GAME`: bots play many games; mean scores and win shares."""

from __future__ import annotations

import argparse
import random
from typing import Any

from kibitz.bots import make_bot
from kibitz.cli.options import game_options
from kibitz.cli.progress import Progress
from kibitz.core import KibitzError, make, spec


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "simulate",
        help="let bots play many games and summarise",
        description="Bots play --games games; prints each seat's mean score and share of wins "
        "(a shared win counts as a fraction). Rule options follow as --name value.",
    )
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int)
    parser.add_argument("--bots", default="random", help="one bot name, or one per seat")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    players = args.players or spec(args.game).default_players
    options = game_options(args.game, extra, players)
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise KibitzError(f"--bots names {len(names)} bots for {players} seats")
    if args.games < 1:
        raise KibitzError("--games must be 1 or more")
    bots = [make_bot(args.game, name) for name in names]
    totals = [0.0] * players
    wins = [0.0] * players
    moves = 0
    with Progress(args.games, "games") as bar:
        for index in range(args.games):
            seed = args.seed + index
            game = make(args.game, players=players, seed=seed, options=options)
            rng = random.Random(seed)
            while not game.is_over():
                seat = min(game.to_act())
                move = bots[seat].choose(game.view(seat), game.legal_moves(seat), rng)
                game.apply(seat, move)
            outcome = game.outcome()
            assert outcome is not None
            moves += game.version
            for seat in range(players):
                totals[seat] += outcome.scores[seat]
                if seat in outcome.winners:
                    wins[seat] += 1 / len(outcome.winners)
            bar.advance()
    print(f"{args.games} games of {args.game}, {moves / args.games:.1f} moves per game")
    print(f"{'seat':>4}  {'bot':12} {'mean score':>10}  {'wins':>6}")
    for seat in range(players):
        share = 100 * wins[seat] / args.games
        print(f"{seat:>4}  {names[seat]:12} {totals[seat] / args.games:10.2f}  {share:5.1f}%")
    return 0
