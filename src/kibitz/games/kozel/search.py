"""What search bots read of a Kozel game they play out (`Kozel.features`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kibitz.games.kozel.moves import KozelMove


@dataclass(slots=True)
class KozelFeatures:
    """One seat's rollout features: the trump, the trick on the table and the seat's hand.
    `plays` is the engine's own list, valid until the next move; read it, never change it."""

    trump: int
    """The trump suit, 0-3 (S H D C)."""
    plays: Sequence[tuple[int, KozelMove]]
    """The trick's plays so far, (seat, move), in order (after a takeover: from the four)."""
    top_seat: int
    """The seat whose cards lie on top, or -1 before the lead."""
    answered: int
    """How many seats have answered the lead."""
    hand: int
    """The seat's hand as a card mask (bit `card`, see `kozel.cards`)."""
