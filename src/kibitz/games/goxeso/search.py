"""What search bots read of a Goxeso game they play out (`Goxeso.features`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(slots=True)
class GoxesoFeatures:
    """The board as the sampled game has it, and where the seat stands. The lists are the
    engine's own, valid until the next move; read them, never change them."""

    size: int
    """The board is `size` x `size`; a cell is `row * size + column`."""
    board: Sequence[int]
    """The face on each cell (`cards.EMPTY` once taken; face 0 is the joker)."""
    first: int
    """The cell of the card turned face up this turn, or -1 before the turn's first flip."""
    holders: Sequence[Sequence[int]]
    """Per face: the holders of its taken halves, in the order they were taken."""
    owner: int
    """The seat's holder (its team's in the team variants, else the seat itself)."""
    pairs: Sequence[int]
    """Pairs per holder."""
    playing: bool
    """Cards are being turned (false in the exchange phase that may follow the board)."""
