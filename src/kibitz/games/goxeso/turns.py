"""The record of one turn (cards turned, swap, captures, claims, lone card) that views carry
(see `views`), so a client or a bot can build its memory of the face-down cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Turn:
    """What happened in one turn, kept as numbers (cheap to make) until a view asks."""

    __slots__ = (
        "captured",
        "cell1",
        "cell2",
        "claims",
        "face1",
        "face2",
        "lone",
        "match",
        "number",
        "owner",
        "seat1",
        "seat2",
        "swap",
    )

    def __init__(
        self, number: int, first: tuple[int, int, int], second: tuple[int, int, int]
    ) -> None:
        """Turn `number` (from 1): (seat, cell, face) of the first and the second card."""
        self.number = number
        self.seat1, self.cell1, self.face1 = first
        self.seat2, self.cell2, self.face2 = second
        self.match = False
        self.owner = -1
        """The holder credited with a match (a team in the team variants); -1 after a miss."""
        self.swap = False
        self.captured: list[tuple[int, int]] = []
        """(cell, face) of the cards strictly between a matched pair in a line."""
        self.claims: list[tuple[int, int, int]] = []
        """(owner, cell, face) of the cards claimed after a miss, at their new cells."""
        self.lone: tuple[int, int, int] | None = None
        """(owner, cell, face) of a lone last card handed to the holder of its mate."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its fields (games pickle: OpenSpiel's adapter copies them so); compiled,
        the class has no other way."""
        first = (self.seat1, self.cell1, self.face1)
        second = (self.seat2, self.cell2, self.face2)
        rest = (self.match, self.owner, self.swap, self.captured, self.claims, self.lone)
        return (_restored, (self.number, first, second, rest))

    def remaining(self) -> list[tuple[int, int]]:
        """(cell, face) of the cards turned this turn that lie face down again, where they lie
        now (after the swap): what every player has just seen."""
        if self.match:
            return []
        if self.swap:
            cards = [(self.cell2, self.face1), (self.cell1, self.face2)]
        else:
            cards = [(self.cell1, self.face1), (self.cell2, self.face2)]
        claimed = {cell for _, cell, _ in self.claims}
        return [(cell, face) for cell, face in cards if cell not in claimed]


def _restored(
    number: int, first: tuple[int, int, int], second: tuple[int, int, int], rest: tuple[Any, ...]
) -> Turn:
    turn = Turn(number, first, second)
    turn.match, turn.owner, turn.swap, turn.captured, turn.claims, turn.lone = rest
    return turn


def seen_cards(turns: Sequence[Turn]) -> dict[int, int]:
    """{cell: face} of the face-down cards that everybody saw turned in `turns` (oldest first),
    where they lie after the last of them: swaps move what is known, takes remove it."""
    known: dict[int, int] = {}
    for turn in turns:
        cell1, cell2 = turn.cell1, turn.cell2
        if turn.match:
            known.pop(cell1, None)
            known.pop(cell2, None)
            for cell, _ in turn.captured:
                known.pop(cell, None)
        elif turn.swap:
            known[cell1], known[cell2] = turn.face2, turn.face1
        else:
            known[cell1], known[cell2] = turn.face1, turn.face2
        for _, cell, _ in turn.claims:
            known.pop(cell, None)
        if turn.lone is not None:
            known.pop(turn.lone[1], None)
    return known
