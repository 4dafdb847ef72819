"""Goxeso refuses bad setups, bad notation, bad options and illegal moves, saying why, and
its notation round-trips."""

from __future__ import annotations

from typing import Any

import pytest

from kibitz.core import (
    GameOverError,
    IllegalMoveError,
    NotationError,
    OptionError,
    SetupError,
    make,
)
from kibitz.games.goxeso import Flip, Offer

from .boards import BOARD_A, BOARD_D, flip, game

ROWS_4 = [row.split() for row in BOARD_D]


def _setup(board: Any, **options: Any) -> None:
    make("goxeso", players=2, setup=board, **{"size": 4, **options})


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ([["1"]], "must be an object"),
        ({}, "exactly one field"),
        ({"board": ROWS_4, "start": 1}, r"extra: start"),
        ({"board": ROWS_4[:3]}, "list of 4 rows"),
        ({"board": "1 5 6 1"}, "list of 4 rows"),
        ({"board": [*ROWS_4[:3], ["7", "7", "J"]]}, "row 4 .* 4 faces"),
        ({"board": [["1", 5, "6", "1"], *ROWS_4[1:]]}, "cell b1: write faces as text"),
        ({"board": [["1", "K", "6", "1"], *ROWS_4[1:]]}, "cell b1: 'K' is not a face"),
        ({"board": [["1", "05", "6", "1"], *ROWS_4[1:]]}, "cell b1: '05' is not a face"),
        ({"board": [["1", "8", "6", "1"], *ROWS_4[1:]]}, r"'8' is not a face .*J and 1\.\.7"),
        ({"board": [["1", "1", "6", "1"], *ROWS_4[1:]]}, "face 1 lies 3 times"),
        ({"board": [["j", "5", "6", "1"], *ROWS_4[1:]]}, "'j' is not a face"),
    ],
)
def test_bad_setups_are_refused(setup: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        _setup(setup)


def test_setup_must_match_the_size_and_the_classic_option() -> None:
    with pytest.raises(SetupError, match="list of 6 rows"):
        make("goxeso", players=2, setup={"board": ROWS_4})
    with pytest.raises(SetupError, match="'J' is not a face of 4x4 classic"):
        _setup({"board": ROWS_4}, classic=True)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "flip",
        "flip a",
        "flip a0",
        "flip a9",
        "flip i1",
        "flip A1",
        "Flip a1",
        " flip a1",
        "flip a1 ",
        "flip  a1",
        "flip a10",
        "flip e1",  # no column e on a 4x4 board
        "flip a5",
        "offer 1 2",
        "offer 1 02 3",
        "offer 4 1 2",
        "offer 1 33 2",
        "offer 1 8 2",  # 4x4 Goxeso has faces J and 1 to 7
        "offer 1 j 2",
        "offer -1 1 2",
        "accept now",
        "ACCEPT",
        "pass.",
        "take 2",
    ],
)
def test_bad_notation_is_refused(text: str) -> None:
    g = game(BOARD_D)
    with pytest.raises(NotationError):
        g.parse_move(text)
    with pytest.raises(NotationError):
        g.apply(0, text)


def test_notation_round_trips() -> None:
    g = make("goxeso", players=4, seed=1, size=8)
    texts = [f"flip {col}{row}" for col in "abcdefgh" for row in range(1, 9)]
    texts += ["offer 0 J 1", "offer 3 31 J", "offer 2 5 17", "accept", "decline", "pass"]
    for text in texts:
        move = g.parse_move(text)
        assert str(move) == text
        assert g.parse_move(str(move)) is move  # interned: equality is identity
    assert Flip(2, 2) is g.parse_move("flip c3")
    assert Offer(1, 0, 3) is g.parse_move("offer 1 J 3")


@pytest.mark.parametrize(
    ("options", "players", "message"),
    [
        ({"size": 5}, 2, "size"),
        ({"variant": "tag"}, 4, "variant"),
        ({"exchange": "maybe"}, 2, "exchange"),
        ({"idle_turns": 0}, 2, "idle_turns must be 1"),
        ({"idle_turns": "soon"}, 2, "idle_turns"),
        ({"jokers": 4}, 2, "unknown option"),
        ({}, 5, "2 to 4"),
        ({"variant": "bridge"}, 3, "exactly 4 players"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], players: int, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make("goxeso", players=players, **options)


def test_options_read_from_text() -> None:
    g = make("goxeso", players=4, size="8", variant="cross", classic="false", idle_turns="none")
    assert g.options.size == 8 and g.options.idle_turns is None and not g.options.classic


def test_illegal_moves_are_refused_and_change_nothing() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")
    before = g.to_state()
    for text in ("flip a1", "pass", "accept", "offer 0 5 6"):
        with pytest.raises(IllegalMoveError):
            g.apply(1, text)
    g.apply(1, "flip b2")
    with pytest.raises(IllegalMoveError):
        g.apply(1, "flip b2")  # the card already face up
    assert g.to_state()["holdings"] == before["holdings"]


def test_no_move_after_the_end() -> None:
    g = game(BOARD_A, exchange="none")
    for pair in ["a1 d1", "a2 d2", "a3 d3", "b4 d4"]:
        flip(g, *pair.split())
    assert g.is_over() and g.legal_moves(0) == () and g.legal_moves(1) == ()
    with pytest.raises(GameOverError):
        g.apply(0, "flip a1")
