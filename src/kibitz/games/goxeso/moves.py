"""Moves of Goxeso: `flip c3`, `offer 1 3 5`, `accept`, `decline`, `pass`.

Moves are interned (one object per value), so equality is identity and a legality check is a
scan of pointers; always create them through the classes or `parse_move`.
"""

from __future__ import annotations

import re
from typing import Final

from kibitz.core import InternedMove, NotationError
from kibitz.games.goxeso.cards import COLUMNS, JOKER, MAX_FACE, MAX_SIZE, face_name


class Flip(InternedMove):
    """Turn the face-down card on the cell at column `col`, row `row` (both from 0)."""

    __slots__ = ("_text", "col", "row")

    col: int
    row: int
    _text: str

    def _setup(self, key: tuple[int, int]) -> None:
        col, row = key
        if not (0 <= col < MAX_SIZE and 0 <= row < MAX_SIZE):
            raise ValueError(f"no cell at column {col}, row {row}")
        self._set(col=col, row=row, _text=f"flip {COLUMNS[col]}{row + 1}")

    def __str__(self) -> str:
        return self._text


class Offer(InternedMove):
    """In the exchange phase, offer seat `to` a trade: I give you my half of pair `give`, you
    give me your half of pair `get` (written `offer TO GET GIVE`)."""

    __slots__ = ("_text", "get", "give", "to")

    to: int
    get: int
    give: int
    _text: str

    def _setup(self, key: tuple[int, int, int]) -> None:
        to, get, give = key
        if not (0 <= to <= 3 and 0 <= get <= MAX_FACE and 0 <= give <= MAX_FACE):
            raise ValueError(f"no offer to seat {to} of faces {get} and {give}")
        self._set(to=to, get=get, give=give, _text=f"offer {to} {face_name(get)} {face_name(give)}")

    def __str__(self) -> str:
        return self._text


class Word(InternedMove):
    """A move that is one word: `accept`, `decline` (answers to an offer) or `pass`."""

    __slots__ = ("word",)

    word: str

    def _setup(self, key: str) -> None:
        if key not in ("accept", "decline", "pass"):
            raise ValueError(f"no move {key!r}")
        self._set(word=key)

    def __str__(self) -> str:
        return self.word


ACCEPT: Final = Word("accept")
DECLINE: Final = Word("decline")
PASS: Final = Word("pass")

GoxesoMove = Flip | Offer | Word

_FACE: Final = r"(J|[1-9][0-9]?)"
_PATTERN: Final = re.compile(
    rf"flip ([a-h])([1-8])|offer ([0-3]) {_FACE} {_FACE}|(accept|decline|pass)"
)
_HELP: Final = "write flip c3, offer S X Y (S a seat, X and Y faces: J, 5), accept, decline or pass"


def _face(text: str) -> int:
    face = JOKER if text == "J" else int(text)
    if face > MAX_FACE:
        raise NotationError(f"no face {text}: faces are J and 1 to {MAX_FACE}")
    return face


def parse_move(text: object) -> GoxesoMove:
    """The move written exactly as `str()` writes it (single spaces, lower case, no zeros in
    front of numbers); anything else raises `NotationError`."""
    match = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(f"cannot read move {text!r}: {_HELP}")
    if match[1]:
        return Flip(COLUMNS.index(match[1]), int(match[2]) - 1)
    if match[3]:
        return Offer(int(match[3]), _face(match[4]), _face(match[5]))
    return Word(match[6])
