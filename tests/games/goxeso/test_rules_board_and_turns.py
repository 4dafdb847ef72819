"""Goxeso rules 1 to 4 of issue 3 (docs/rules/goxeso.md): the board, a turn, a miss, a match
with its line capture. Literal boards from boards.py or written out here."""

from __future__ import annotations

from collections import Counter

import pytest

from kibitz.core import IllegalMoveError, NotYourTurnError, make

from .boards import BOARD_A, BOARD_D, board, flip, game, held, legal


# Rule 1: N x N with N = 4, 6, 8; P = N*N/2 pairs, one of them the joker pair.
@pytest.mark.parametrize("size", [4, 6, 8])
def test_rule1_board_of_pairs_with_one_joker_pair(size: int) -> None:
    g = make("goxeso", players=2, seed=5, size=size)
    faces = Counter(face for row in g.to_state()["board"] for face in row)
    pairs = size * size // 2
    assert faces == Counter({"J": 2, **{str(f): 2 for f in range(1, pairs)}})
    view = g.view(0)
    assert view["board"] == [["?"] * size] * size
    assert view["cards_left"] == size * size


# Rule 1: the seat order is drawn from the seed (seat 0 starts a game with a setup).
def test_rule1_first_seat_drawn_from_the_seed_or_seat_0_with_a_setup() -> None:
    starts = {make("goxeso", players=4, seed=seed).view(None)["start"] for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    again = make("goxeso", players=4, seed=7)
    assert again.to_act() == {make("goxeso", players=4, seed=7).view(None)["start"]}
    g = game(BOARD_A, players=3)
    assert g.to_act() == {0} and g.view(None)["start"] == 0


# Rule 1: an emptied cell stays empty and can no longer be turned.
def test_rule1_an_emptied_cell_stays_empty() -> None:
    g = game(BOARD_A)
    flip(g, "b1", "b2")  # 2 and 2, a column, nothing between
    assert board(g)[:2] == ["1 . 3 1", "4 . 3 4"]
    assert "flip b1" not in legal(g)
    with pytest.raises(IllegalMoveError):
        g.apply(1, "flip b1")
    flip(g, "a1", "c1")  # a miss swaps 1 and 3, b1 stays empty
    assert board(g)[0] == "3 . 1 1"


# Rule 2: one card, seen by everyone, then a second one; the same player turns both.
def test_rule2_two_flips_first_card_seen_by_all() -> None:
    g = game(BOARD_D)
    g.apply(0, "flip c1")
    assert g.to_act() == {0}
    for seat in (None, 0, 1):
        view = g.view(seat)
        assert view["face_up"] == {"seat": 0, "cell": "c1", "face": "6"}
        assert view["board"][0] == ["?", "?", "6", "?"]
    with pytest.raises(NotYourTurnError):
        g.apply(1, "flip a1")
    assert "flip c1" not in legal(g) and len(legal(g)) == 15
    g.apply(0, "flip a3")
    assert g.view(1)["face_up"] is None
    assert g.to_act() == {1}


# Rule 2: exactly one pair per turn: a match gives no extra turn.
def test_rule2_a_match_gives_no_extra_turn() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")
    assert g.view(None)["last_turn"]["result"] == "match"
    assert g.to_act() == {1}


# Rule 3: a miss swaps the two cards, face down again; everyone sees the swap.
def test_rule3_a_miss_swaps_the_two_cards() -> None:
    g = game(BOARD_D)
    flip(g, "b1", "c2")  # 5 and 3
    assert board(g)[:2] == ["1 3 6 1", "2 5 5 2"]
    assert g.to_act() == {1}
    for seat in (None, 0, 1):
        view = g.view(seat)
        assert view["board"][0][1] == "?" and view["board"][1][2] == "?"
        last = view["last_turn"]
        assert last["flips"] == [
            {"seat": 0, "cell": "b1", "face": "5"},
            {"seat": 0, "cell": "c2", "face": "3"},
        ]
        assert last["result"] == "miss" and last["swap"] is True
        assert last["remaining"] == [{"cell": "c2", "face": "5"}, {"cell": "b1", "face": "3"}]
        assert last["claims"] == [] and last["captured"] == []
    assert held(g, 0) == ([], {})


# Rule 4: mates match: the player takes both.
def test_rule4_mates_are_taken() -> None:
    g = game(BOARD_D)
    flip(g, "b1", "b2")  # 5 and 5, one above the other
    assert board(g)[:2] == ["1 . 6 1", "2 . 3 2"]
    assert held(g, 0) == (["5"], {})
    assert g.scores() == (1, 0)


# Rule 4: a pair in a row takes every card strictly between.
def test_rule4_row_capture() -> None:
    g = game(BOARD_D)
    flip(g, "d1", "a1")
    assert board(g)[0] == ". . . ."
    assert held(g, 0) == (["1"], {"5": "reserved", "6": "reserved"})
    last = g.view(1)["last_turn"]
    assert last["captured"] == [{"cell": "c1", "face": "6"}, {"cell": "b1", "face": "5"}]
    assert last["owner"] == 0


# Rule 4: a pair in a column takes every card strictly between.
def test_rule4_column_capture() -> None:
    g = game(
        [
            "1 2 3 4",
            "5 6 7 J",
            "J 3 2 4",
            "1 6 7 5",
        ]
    )
    flip(g, "a1", "a4")
    assert [row.split()[0] for row in board(g)] == [".", ".", ".", "."]
    assert held(g, 0) == (["1"], {"5": "reserved", "J": "reserved"})


# Rule 4: never a diagonal.
def test_rule4_no_capture_on_a_diagonal() -> None:
    g = game(
        [
            "1 2 3 4",
            "5 6 7 J",
            "J 3 2 4",
            "7 6 5 1",
        ]
    )
    flip(g, "a1", "d4")
    assert g.view(None)["cards_left"] == 14
    assert g.view(None)["last_turn"]["captured"] == []


# Rule 4: empty cells between are skipped; the cards beyond them are still taken.
def test_rule4_capture_across_empty_cells() -> None:
    g = game(
        [
            "1 2 5 1",
            "3 2 4 3",
            "4 5 6 6",
            "7 7 J J",
        ]
    )
    flip(g, "b1", "b2")  # seat 0 takes the 2s: b1 is empty now
    flip(g, "a1", "d1")  # seat 1: 1 and 1 across the empty b1 and the 5 on c1
    assert board(g)[0] == ". . . ."
    assert held(g, 1) == (["1"], {"5": "reserved"})
    assert g.view(None)["last_turn"]["captured"] == [{"cell": "c1", "face": "5"}]


# Rule 4: a capture containing both halves of a pair gives that pair too.
def test_rule4_capture_with_both_halves_of_a_pair() -> None:
    g = game(
        [
            "1 2 2 1",
            "3 4 5 3",
            "4 5 6 6",
            "7 7 J J",
        ]
    )
    flip(g, "a1", "d1")
    assert held(g, 0) == (["1", "2"], {})
    assert g.scores() == (2, 0)


# Rule 4: a joker matches any card, and the other joker; the line capture works alike.
def test_rule4_joker_matches_any_card_with_capture() -> None:
    g = game(
        [
            "J 2 3 4",
            "5 6 7 J",
            "1 3 2 4",
            "1 6 7 5",
        ]
    )
    flip(g, "a1", "a3")  # J and 1 in column a: the 5 on a2 is taken too
    assert held(g, 0) == ([], {"J": "reserved", "1": "reserved", "5": "reserved"})
    assert g.scores() == (0, 0)
    flip(g, "a4", "d2")  # seat 1: 1 and the other J, no line
    assert held(g, 1) == ([], {"1": "blocked", "J": "blocked"})
    assert held(g, 0)[1] == {"J": "blocked", "1": "blocked", "5": "reserved"}


def test_rule4_two_jokers_are_a_pair() -> None:
    g = game(BOARD_D)
    flip(g, "d4", "c4")
    assert held(g, 0) == (["J"], {})
    assert g.scores() == (1, 0)
