"""Helpers for the Goxeso scenario tests: literal boards, whole turns, holdings at a glance."""

from __future__ import annotations

from typing import Any

from kibitz.core import make
from kibitz.games.goxeso import Goxeso

BOARD_A = [
    "1 2 3 1",
    "4 2 3 4",
    "5 6 7 5",
    "6 J 7 J",
]
"""Four row captures in a row empty it: seat 0 and seat 1 end blocking each other on 2, 3
and 7, and the last capture leaves the 6 on a4 alone."""

BOARD_D = [
    "1 5 6 1",
    "2 5 3 2",
    "3 4 4 6",
    "7 7 J J",
]
"""Seat 0 reserves 5 and 6 by a row capture on row 1; seat 1's capture on row 2 can then
block the 5 and reserve a 3."""


def game(rows: list[str], players: int = 2, **options: Any) -> Goxeso:
    """A game from a literal board, one string of faces per row, top row first."""
    board = [row.split() for row in rows]
    made = make("goxeso", players=players, setup={"board": board}, size=len(board), **options)
    assert isinstance(made, Goxeso)
    return made


def flip(game: Goxeso, *cells: str) -> None:
    """Turn the cards on `cells`, each by the one seat to act at that moment."""
    for cell in cells:
        (seat,) = game.to_act()
        game.apply(seat, f"flip {cell}")


def board(game: Goxeso) -> list[str]:
    """The true board, one string per row, `.` for an empty cell."""
    return [" ".join(face or "." for face in row) for row in game.to_state()["board"]]


def held(game: Goxeso, owner: int) -> tuple[list[str], dict[str, str]]:
    """(pairs, {single: "reserved" or "blocked"}) of one holder (a seat, or a team)."""
    holding = game.to_state()["holdings"][owner]
    return holding["pairs"], {s["face"]: s["status"] for s in holding["singles"]}


def legal(game: Goxeso) -> list[str]:
    (seat,) = game.to_act()
    return [str(move) for move in game.legal_moves(seat)]
