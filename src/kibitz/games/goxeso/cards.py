"""Goxeso's cards and cells: how faces and board cells are numbered and written.

A face is a small int: 0 is the joker (written `J`), 1..P-1 the other pairs (1..P in classic
Pexeso, which has no joker). A cell is `row * size + column`, written as a column letter from
`a` on the left and a row number from 1 at the top (`c3`).
"""

from __future__ import annotations

from typing import Final

JOKER: Final = 0
"""The joker's face: it matches any card, and the other joker."""

EMPTY: Final = -1
"""A cell whose card has left the board (it stays empty)."""

COLUMNS: Final = "abcdefgh"
SIZES: Final = (4, 6, 8)
MAX_SIZE: Final = 8
MAX_FACE: Final = MAX_SIZE * MAX_SIZE // 2
"""The highest face of any board: 32 (8x8 classic)."""


def face_ids(size: int, classic: bool) -> range:
    """The faces of a board: J and 1..P-1 in Goxeso, 1..P in classic (P = size * size / 2)."""
    pairs = size * size // 2
    return range(1, pairs + 1) if classic else range(pairs)


def face_name(face: int) -> str:
    """`J` for the joker, the number otherwise."""
    return "J" if face == JOKER else str(face)


def read_face(text: str, size: int, classic: bool) -> int | None:
    """The face written `text` (`J`, or a number without leading zeros) on this board, or
    None when it is not one of the board's faces."""
    if text == "J":
        return None if classic else JOKER
    if not text.isascii() or not text.isdigit() or text.startswith("0"):
        return None
    face = int(text)
    return face if face in face_ids(size, classic) else None


def cell_name(cell: int, size: int) -> str:
    """`c3` for column 2, row 2 (both counted from 0) on a board `size` wide."""
    row, col = divmod(cell, size)
    return f"{COLUMNS[col]}{row + 1}"


def read_cell(text: str, size: int) -> int | None:
    """The cell written `text` (`c3`) on a board `size` wide, or None when there is none."""
    if len(text) != 2 or text[0] not in COLUMNS[:size] or not "1" <= text[1] <= str(size):
        return None
    return (int(text[1]) - 1) * size + COLUMNS.index(text[0])
