"""What search bots read of a row game they play out (`RowGame.features`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(slots=True)
class RowFeatures:
    """One seat's rollout features: the table and the seat's own cards. The lists are the
    engine's own, valid until the next move; read them, never change them."""

    rows: Sequence[Sequence[int]]
    """The rows' cards in row order, lowest first."""
    full: Sequence[int]
    """Per row: the cards it may hold before the next card placed on it takes them."""
    x_rows: bool
    """X bere!: a taker puts one taken card on its X row, the others go back to the hand."""
    x_row: Sequence[int]
    """The seat's X row (empty in 6 nimmt!)."""
    hand: Sequence[int]
    """The seat's hand, ascending."""
    bullheads: bool
    """Whether cards count their bullheads (else one point each)."""
    dealt: int
    """Cards dealt into play this round (the rest of the deck is never played): with the
    rows and the hand, how many cards the other seats may hold."""
