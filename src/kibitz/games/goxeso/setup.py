"""The start board: shuffled from the seed, or read from a record's `setup`.

A setup is `{"board": [["1", "J", "2", ...], ...]}`: N rows of N faces, top row first, each
face (`J` for the jokers, `1`..`P-1`, or `1`..`P` in classic) exactly twice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from kibitz.core import SetupError
from kibitz.core.rng import shuffle
from kibitz.games.goxeso.cards import COLUMNS, face_ids, face_name, read_face


def shuffled_board(size: int, classic: bool, rng: random.Random) -> list[int]:
    """Every face twice, shuffled onto the cells in row order."""
    board = [face for face in face_ids(size, classic) for _ in range(2)]
    shuffle(board, rng)
    return board


def read_board(setup: Any, size: int, classic: bool) -> list[int]:
    """The board a setup fixes, checked cell by cell; a bad setup raises `SetupError`."""
    if not isinstance(setup, Mapping):
        raise SetupError('a Goxeso setup must be an object {"board": [[...], ...]}')
    if set(setup) != {"board"}:
        extra = ", ".join(sorted(str(key) for key in setup if key != "board")) or "none"
        raise SetupError(f"a Goxeso setup has exactly one field, 'board' (extra: {extra})")
    rows = setup["board"]
    if not isinstance(rows, list) or len(rows) != size:
        raise SetupError(f"the setup board must be a list of {size} rows for a {size}x{size} game")
    faces = face_ids(size, classic)
    board: list[int] = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != size:
            raise SetupError(f"row {r + 1} of the setup board must be a list of {size} faces")
        for c, text in enumerate(row):
            where = f"cell {COLUMNS[c]}{r + 1}"
            if not isinstance(text, str):
                raise SetupError(f'{where}: write faces as text ("J", "5"), not {text!r}')
            face = read_face(text, size, classic)
            if face is None:
                game = "classic Pexeso" if classic else "Goxeso"
                kinds = f"1..{faces[-1]}" if classic else f"J and 1..{faces[-1]}"
                raise SetupError(
                    f"{where}: {text!r} is not a face of {size}x{size} {game} ({kinds})"
                )
            board.append(face)
    for face in faces:
        count = board.count(face)
        if count != 2:
            raise SetupError(
                f"face {face_name(face)} lies {count} times on the setup board; "
                "every face lies exactly twice"
            )
    return board
