"""The terminal renderer draws the board with coordinates, the turned cards, holdings and
scores, from a view alone."""

from __future__ import annotations

import random

import pytest

from kibitz.cli.render import render as render_any
from kibitz.cli.render.goxeso import render
from kibitz.core import make

from .boards import BOARD_A, BOARD_D, flip, game


def test_board_with_coordinates_and_turned_cards() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")  # seat 0: 1 1 and 5 6
    flip(g, "b2", "a3")  # seat 1 misses 5 and 3: the 5 (now on a3) is claimed by seat 0
    g.apply(0, "flip d4")
    text = render(g.view(1))
    lines = text.splitlines()
    assert lines[0].startswith("Goxeso 4x4   turn 3   cards left 11")
    assert lines[1].split() == ["a", "b", "c", "d"]
    assert lines[2].split() == ["1", ".", ".", ".", "."]
    assert lines[3].split() == ["2", "#", "(3)", "#", "#"]  # the 3 swapped onto b2
    assert lines[4].split() == ["3", ".", "#", "#", "#"]  # the claimed 5 left a3
    assert lines[5].split() == ["4", "#", "#", "#", "[J]"]  # face up now
    assert "Turn 1: seat 0 turned a1 (1) and d1 (1): a match for seat 0, capturing" in text
    assert "Turn 2: you turned b2 (5) and a3 (3): a miss, the two cards swap" in text
    assert "the 5 on a3 is claimed by seat 0" in text
    assert "Now: seat 0 turned d4 (J)" in text
    assert "seat 0: 2 points; pairs 1 5; singles 6 reserved" in text
    assert "you: 0 points; pairs -; singles -" in text
    assert text.endswith("To act: seat 0")
    assert render_any(g.view(1)) == text  # the CLI finds this renderer by the game's name


def test_exchange_and_result() -> None:
    g = game(BOARD_A)
    for pair in ["a1 d1", "a2 d2", "a3 d3", "b4 d4"]:
        flip(g, *pair.split())
    g.apply(0, "offer 1 2 3")
    text = render(g.view(1))
    assert "exchange phase" in text.splitlines()[0]
    assert "capturing c4 (7); the lone 6 on a4 goes to seat 0" in text
    assert "seat 0 offers you its 3 for the 2: accept or decline" in text
    g.apply(1, "accept")
    text = render(g.view(None))
    assert "Game over (the board is empty): won by seat 0." in text
    assert "seat 0: 4 points; pairs 1 2 5 6; singles 7 blocked" in text


def test_teams_and_cross_flips() -> None:
    g = game(BOARD_D, players=4, variant="cross")
    flip(g, "a1", "d1")
    text = render(g.view(2))
    assert "Goxeso 4x4 (cross)" in text
    assert "seat 0 turned a1 (1), you turned d1 (1): a match for seat 0 and seat 2" in text
    assert "seat 0 and seat 2 (your team): 1 point; pairs 1" in text


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"size": 4}), (4, {"size": 6, "variant": "bridge"}), (3, {"size": 8, "classic": True})],
)
def test_every_view_of_a_random_game_renders(players: int, options: dict[str, object]) -> None:
    g = make("goxeso", players=players, seed=3, **options)
    rng = random.Random(3)
    while True:
        text = render(g.view(0))
        assert len(text.splitlines()) >= g.options.size + 4
        if g.is_over():
            break
        (seat,) = g.to_act()
        legal = g.legal_moves(seat)
        g.apply(seat, legal[rng.randrange(len(legal))])
    assert "Game over" in text
