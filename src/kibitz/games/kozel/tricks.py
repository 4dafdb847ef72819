"""A finished Kozel trick, as the engine keeps it for views and scoring."""

from __future__ import annotations

from typing import Any

from kibitz.games.kozel.moves import Keyword, KozelMove

Undone = tuple[int, Keyword, tuple[int, ...] | None, int, bool]
"""A play taken back by a takeover: (seat, keyword, cards or None when they lay face down,
count, face up)."""


class Trick:
    """A finished trick of the current deal. A plain class, not a dataclass: compiled, its
    `__init__` is C, where a dataclass's generated one stays Python (about 2,600 instructions,
    and one is made every trick; docs/engines.md)."""

    __slots__ = (
        "draws",
        "first_leader",
        "leader",
        "number",
        "plays",
        "takeover",
        "undone",
        "winner",
    )

    def __init__(  # noqa: PLR0917 (the fields in their order)
        self,
        number: int,
        first_leader: int,
        leader: int,
        takeover: int | None,
        winner: int,
        plays: list[tuple[int, KozelMove]],
        undone: tuple[Undone, ...],
        draws: tuple[int, ...],
    ) -> None:
        self.number = number
        self.first_leader = first_leader
        self.leader = leader
        """Who led the final lead: the first leader, or the seat that took the trick over."""
        self.takeover = takeover
        self.winner = winner
        self.plays = plays
        self.undone = undone
        """The plays before a takeover, which went back to the hands."""
        self.draws = draws
        """The seats in the order they drew one card each after the trick (a tuple shared
        by the tricks with the same winner and draws)."""

    def __reduce__(self) -> tuple[type[Trick], tuple[Any, ...]]:
        """Pickled as its fields (games pickle: OpenSpiel's adapter copies them so); compiled,
        the class has no other way."""
        return (
            Trick,
            (
                self.number,
                self.first_leader,
                self.leader,
                self.takeover,
                self.winner,
                self.plays,
                self.undone,
                self.draws,
            ),
        )
