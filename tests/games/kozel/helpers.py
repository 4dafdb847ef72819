"""Helpers for the Kozel scenario tests: literal deals and moves played in turn order."""

from __future__ import annotations

from typing import Any

from kibitz.core import Game, make
from kibitz.games.kozel.cards import CARD_TEXT


def deal(hands: list[str], trump: str, stock_top: str = "", dealer: int = 0) -> dict[str, Any]:
    """A literal deal: each seat's hand as text ("7H QH 7D AC"), the trump card, the stock's
    top cards in order; the rest of the deck lies below them in deck order (S H D C, 6 to A)."""
    held = [hand.split() for hand in hands]
    top = stock_top.split()
    used = {card for hand in held for card in hand} | set(top)
    rest = [text for text in CARD_TEXT if text not in used]
    return {"dealer": dealer, "hands": held, "stock": top + rest, "trump_card": trump}


def start(
    hands: list[str], trump: str, stock_top: str = "", dealer: int = 0, **options: Any
) -> Game[Any]:
    """A game from one literal deal (a single deal unless `series` is given)."""
    options.setdefault("series", False)
    return make("kozel", setup=deal(hands, trump, stock_top, dealer), **options)


def play(game: Game[Any], *moves: str) -> None:
    """Apply the moves in turn, each by the seat whose turn it is."""
    for move in moves:
        (seat,) = game.to_act()
        game.apply(seat, move)


def leader_takes_all(game: Game[Any]) -> None:
    """Play to the end of the deal (or game): the leader leads its first lead and everyone
    else discards, so every trick goes to its leader."""
    deal_number = game.to_state()["deal"]
    while not game.is_over() and game.to_state()["deal"] == deal_number:
        (seat,) = game.to_act()
        legal = [str(m) for m in game.legal_moves(seat)]
        leads = [m for m in legal if m.startswith("lead")]
        game.apply(seat, leads[0] if leads else next(m for m in legal if m.startswith("discard")))


POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
"""Rule 1's card points by rank, written out again here (6 to 9 count nothing)."""


def card_points(texts: list[str]) -> int:
    """Points of cards by rule 1, counted independently of the engine's tables."""
    return sum(POINTS.get(text[:-1], 0) for text in texts)
