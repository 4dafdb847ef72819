"""Moves of Goxeso: `flip c3`, `offer 1 3 5`, `accept`, `decline`, `pass`.

Moves are interned (one object per value), so equality is identity and a legality check is a
scan of pointers; always create them through the classes or `parse_move`.
"""

from __future__ import annotations

import re
from typing import ClassVar, Self

from kibitz.core import Move, NotationError
from kibitz.games.goxeso.faces import COLUMNS, JOKER, MAX_FACE, MAX_SIZE, face_name


class Flip(Move):
    """Turn the face-down card on the cell at column `col`, row `row` (both from 0)."""

    __slots__ = ("_text", "col", "row")
    _instances: ClassVar[dict[tuple[int, int], Flip]] = {}

    col: int
    row: int
    _text: str

    def __new__(cls, col: int, row: int) -> Self:
        key = (col, row)
        move = cls._instances.get(key)
        if move is None:
            if not (0 <= col < MAX_SIZE and 0 <= row < MAX_SIZE):
                raise ValueError(f"no cell at column {col}, row {row}")
            move = object.__new__(cls)
            object.__setattr__(move, "col", col)
            object.__setattr__(move, "row", row)
            object.__setattr__(move, "_text", f"flip {COLUMNS[col]}{row + 1}")
            cls._instances[key] = move
        return move  # type: ignore[return-value]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[type[Self], tuple[int, int]]:
        return (type(self), (self.col, self.row))

    def __repr__(self) -> str:
        return f"Flip({self.col}, {self.row})"

    def __str__(self) -> str:
        return self._text


class Offer(Move):
    """In the exchange phase, offer seat `to` a trade: I give you my half of pair `give`, you
    give me your half of pair `get` (written `offer TO GET GIVE`)."""

    __slots__ = ("_text", "get", "give", "to")
    _instances: ClassVar[dict[tuple[int, int, int], Offer]] = {}

    to: int
    get: int
    give: int
    _text: str

    def __new__(cls, to: int, get: int, give: int) -> Self:
        key = (to, get, give)
        move = cls._instances.get(key)
        if move is None:
            if not (0 <= to <= 3 and 0 <= get <= MAX_FACE and 0 <= give <= MAX_FACE):
                raise ValueError(f"no offer to seat {to} of faces {get} and {give}")
            move = object.__new__(cls)
            object.__setattr__(move, "to", to)
            object.__setattr__(move, "get", get)
            object.__setattr__(move, "give", give)
            object.__setattr__(move, "_text", f"offer {to} {face_name(get)} {face_name(give)}")
            cls._instances[key] = move
        return move  # type: ignore[return-value]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[type[Self], tuple[int, int, int]]:
        return (type(self), (self.to, self.get, self.give))

    def __repr__(self) -> str:
        return f"Offer({self.to}, {self.get}, {self.give})"

    def __str__(self) -> str:
        return self._text


class Word(Move):
    """A move that is one word: `accept`, `decline` (answers to an offer) or `pass`."""

    __slots__ = ("word",)
    _instances: ClassVar[dict[str, Word]] = {}

    word: str

    def __new__(cls, word: str) -> Self:
        move = cls._instances.get(word)
        if move is None:
            if word not in ("accept", "decline", "pass"):
                raise ValueError(f"no move {word!r}")
            move = object.__new__(cls)
            object.__setattr__(move, "word", word)
            cls._instances[word] = move
        return move  # type: ignore[return-value]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[type[Self], tuple[str]]:
        return (type(self), (self.word,))

    def __repr__(self) -> str:
        return f"Word({self.word!r})"

    def __str__(self) -> str:
        return self.word


ACCEPT = Word("accept")
DECLINE = Word("decline")
PASS = Word("pass")

GoxesoMove = Flip | Offer | Word

_FACE = r"(J|[1-9][0-9]?)"
_PATTERN = re.compile(rf"flip ([a-h])([1-8])|offer ([0-3]) {_FACE} {_FACE}|(accept|decline|pass)")
_HELP = "write flip c3, offer S X Y (S a seat, X and Y faces: J, 5), accept, decline or pass"


def _face(text: str) -> int:
    face = JOKER if text == "J" else int(text)
    if face > MAX_FACE:
        raise NotationError(f"no face {text}: faces are J and 1 to {MAX_FACE}")
    return face


def parse_move(text: str) -> GoxesoMove:
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
