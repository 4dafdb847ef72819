"""Determinize: a full Goxeso game from a view, its face-down cards filled in.

Everyone sees the same, so a view fixes everything but the faces of the face-down cards.
Those that the recent turns showed go back where everyone saw them go, and so do those the
seat remembers from earlier turns (the `memory` of `Game.determinize`: face text by cell
name, what a bot of perfect memory keeps); the faces not accounted for (by the board, the
holdings, those turns and the memory) are shuffled over the rest.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kibitz.core import ViewError
from kibitz.core.rng import shuffle
from kibitz.games.goxeso.cards import cell_name, face_name, read_cell, read_face
from kibitz.games.goxeso.turns import seen_cards
from kibitz.games.goxeso.views import UNKNOWN, place_board, read_cells, read_table

if TYPE_CHECKING:
    from kibitz.games.goxeso.game import Goxeso


def load_view(
    game: Goxeso, view: Mapping[str, Any], rng: random.Random, memory: Any = None
) -> None:
    """Rebuild the true state from a view and the seat's memory (None: none), sampling the
    other face-down cards with `rng`."""
    try:
        board = read_cells(game, view["board"], known=False)
        read_table(game, view)
        sample(game, board, rng, remembered(game, memory))
        place_board(game, view, board, full=False)
    except ValueError as error:
        if isinstance(error, ViewError):
            raise
        raise ViewError(f"cannot determinize a goxeso view: {error}") from error


def remembered(game: Goxeso, memory: Any) -> dict[int, int]:
    """The faces by cell that `memory` (face text by cell name, or None) says."""
    if memory is None:
        return {}
    if not isinstance(memory, Mapping):
        raise ViewError("a goxeso memory must map cell names to faces")
    faces = {}
    for name, text in memory.items():
        cell = read_cell(name, game.size) if isinstance(name, str) else None
        face = read_face(text, game.size, game.classic) if isinstance(text, str) else None
        if cell is None or face is None:
            raise ViewError(f"a goxeso memory cannot hold {name!r}: {text!r}")
        faces[cell] = face
    return faces


def sample(game: Goxeso, board: list[int], rng: random.Random, memory: dict[int, int]) -> None:
    """Fill the view's face-down cards: those turned in the recent turns where everyone saw
    them go, those in `memory` (face by cell) where the seat remembers them, the other faces
    not accounted for shuffled over the rest."""
    for cell, face in [*seen_cards(game.recent).items(), *memory.items()]:
        if board[cell] == UNKNOWN:
            board[cell] = face
        elif board[cell] != face:
            raise ViewError(f"the card seen on {cell_name(cell, game.size)} is not there")
    missing = []
    for face in game.faces:
        count = 2 - len(game.holders[face]) - board.count(face)
        if count < 0:
            raise ViewError(f"face {face_name(face)} is more than twice in the view")
        missing.extend([face] * count)
    unknown = [cell for cell, face in enumerate(board) if face == UNKNOWN]
    if len(unknown) != len(missing):
        raise ViewError(
            f"{len(unknown)} face-down cells but {len(missing)} cards not accounted for"
        )
    shuffle(missing, rng)
    for k in range(len(unknown)):  # by index: compiled, a strict zip is several times slower
        board[unknown[k]] = missing[k]
