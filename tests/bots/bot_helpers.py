"""Shared helpers of the bot tests: playing games with bots and sampling reachable views."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from kibitz.bots import Bot, Budget, make_bot
from kibitz.core import Game, make

SMALL = Budget(iterations=40)
"""A search budget small enough for unit tests (strength is the arena's business)."""


def play(
    game: Game[Any], bots: list[Bot], rng: random.Random, budget: Budget | None = SMALL
) -> Iterator[tuple[int, Any]]:
    """Play `game` to its end with one bot per seat, yielding (seat, move) as it goes and
    checking that every move is among the legal ones."""
    while not game.is_over():
        seat = min(game.to_act())
        legal = game.legal_moves(seat)
        move = bots[seat].choose(game.view(seat), legal, rng, budget)
        assert move in legal, f"{bots[seat].name} chose {move} outside {legal}"
        game.apply(seat, move)
        yield seat, move


def random_prefix(name: str, players: int, seed: int, steps: int, **options: Any) -> Game[Any]:
    """A game after up to `steps` random moves: a reachable position."""
    game = make(name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        seat = min(game.to_act())
        legal = game.legal_moves(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    return game


def bots_for(game: str, level: str, players: int) -> list[Bot]:
    return [make_bot(game, level) for _ in range(players)]
