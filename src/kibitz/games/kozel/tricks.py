"""A finished Kozel trick, as the engine keeps it for views and scoring."""

from __future__ import annotations

from dataclasses import astuple, dataclass
from typing import Any

from kibitz.games.kozel.moves import Keyword, KozelMove

Undone = tuple[int, Keyword, tuple[int, ...] | None, int, bool]
"""A play taken back by a takeover: (seat, keyword, cards or None when they lay face down,
count, face up)."""


@dataclass(slots=True)
class Trick:
    """A finished trick of the current deal."""

    number: int
    first_leader: int
    leader: int
    """Who led the final lead: the first leader, or the seat that took the trick over."""
    takeover: int | None
    winner: int
    plays: list[tuple[int, KozelMove]]
    undone: list[Undone]
    """The plays before a takeover, which went back to the hands."""
    draws: list[int]
    """The seats in the order they drew one card each after the trick."""

    def __reduce__(self) -> tuple[type[Trick], tuple[Any, ...]]:
        """Pickled as its fields (games pickle: OpenSpiel's adapter copies them so); compiled,
        the class has no other way."""
        return (Trick, astuple(self))
