"""Helpers for the row-game scenario tests: literal deals and whole turns."""

from __future__ import annotations

from typing import Any

from kibitz.core import Game, make


def deal(
    rows: list[list[int]], hands: list[list[int]], game: str = "xbere", **options: Any
) -> Game[Any]:
    """A game from a literal deal: rows in row order, one hand per seat."""
    return make(game, players=len(hands), setup={"rows": rows, "hands": hands}, **options)


def turn(game: Game[Any], *cards: int) -> None:
    """Every seat plays its card (seat 0 first); decisions are left pending."""
    for seat, card in enumerate(cards):
        game.apply(seat, f"play {card}")
