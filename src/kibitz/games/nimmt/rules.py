"""What the row-game engine needs to know of the options, whichever game they are of.

A module of its own so that it is compiled with the engine (`kibitz.compiled`): the engine
reads these fields at every turn, and a compiled class reads them as plain struct fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True, slots=True)
class Rules:
    """What the engine needs to know, whichever game's options it came from."""

    deck_size: int
    hand_size: int
    row_limits: tuple[int, ...]
    full: tuple[int, ...]
    """Cards a row may hold before a card placed on it takes them (per row)."""
    x_rows: bool
    """X bere!: a taker chooses an X card and the rest go back to the hand."""
    bullheads: bool
    end: Literal["played-last", "empty-hand"]
    rounds: int | None
    """Rounds to play; None: until someone reaches `target` at the end of a round."""
    target: int | None

    def __reduce__(self) -> tuple[type[Rules], tuple[Any, ...]]:
        """Pickled as its fields (games pickle: OpenSpiel's adapter copies them so); compiled,
        the class has no other way."""
        return (
            Rules,
            (
                self.deck_size,
                self.hand_size,
                self.row_limits,
                self.full,
                self.x_rows,
                self.bullheads,
                self.end,
                self.rounds,
                self.target,
            ),
        )
