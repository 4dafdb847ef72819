"""The record of one turn (cards turned, swap, captures, claims, lone card) that views carry,
so a client or a bot can build its memory of the face-down cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kibitz.games.goxeso.faces import cell_name, face_name, read_cell, read_face


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

    def to_data(self, size: int) -> dict[str, Any]:
        """The turn as plain data, cells written `c3` and faces `J` or `5`."""

        def card(cell: int, face: int) -> dict[str, Any]:
            return {"cell": cell_name(cell, size), "face": face_name(face)}

        def owned(owner: int, cell: int, face: int) -> dict[str, Any]:
            return {"owner": owner, **card(cell, face)}

        return {
            "turn": self.number,
            "flips": [
                {"seat": self.seat1, **card(self.cell1, self.face1)},
                {"seat": self.seat2, **card(self.cell2, self.face2)},
            ],
            "result": "match" if self.match else "miss",
            "owner": self.owner if self.match else None,
            "swap": self.swap,
            "captured": [card(cell, face) for cell, face in self.captured],
            "claims": [owned(*claim) for claim in self.claims],
            "lone": None if self.lone is None else owned(*self.lone),
            "remaining": [card(cell, face) for cell, face in self.remaining()],
        }

    @classmethod
    def from_data(cls, data: Any, size: int, classic: bool) -> Turn:
        """The turn that `to_data` wrote; anything malformed raises `ValueError`."""

        def cell(text: Any) -> int:
            found = read_cell(text, size) if isinstance(text, str) else None
            if found is None:
                raise ValueError(f"no cell {text!r} on a {size}x{size} board")
            return found

        def face(text: Any) -> int:
            found = read_face(text, size, classic) if isinstance(text, str) else None
            if found is None:
                raise ValueError(f"no face {text!r} in this game")
            return found

        first, second = data["flips"]
        turn = cls(
            data["turn"],
            (first["seat"], cell(first["cell"]), face(first["face"])),
            (second["seat"], cell(second["cell"]), face(second["face"])),
        )
        turn.match = data["result"] == "match"
        turn.owner = data["owner"] if turn.match else -1
        turn.swap = bool(data["swap"])
        turn.captured = [(cell(c["cell"]), face(c["face"])) for c in data["captured"]]
        turn.claims = [(c["owner"], cell(c["cell"]), face(c["face"])) for c in data["claims"]]
        lone = data["lone"]
        if lone is not None:
            turn.lone = (lone["owner"], cell(lone["cell"]), face(lone["face"]))
        if turn.to_data(size) != data:
            raise ValueError("the last turn's record is inconsistent")
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
