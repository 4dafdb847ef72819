"""Goxeso's views hide the face-down cards and carry the last turn; its state is the full
board and the holdings; determinize keeps what everyone has seen."""

from __future__ import annotations

import json
import random

import pytest

from kibitz.core import StateError, ViewError, determinize, from_state, make
from kibitz.games.goxeso import Goxeso

from .boards import BOARD_D, flip, game


def test_state_has_the_full_board_holdings_and_team_scores() -> None:
    g = game(BOARD_D, players=4, variant="bridge")
    flip(g, "a1", "d1")
    state = g.to_state()
    assert state["board"] == [
        [None, None, None, None],
        ["2", "5", "3", "2"],
        ["3", "4", "4", "6"],
        ["7", "7", "J", "J"],
    ]
    assert state["holdings"] == [
        {
            "seats": [0, 2],
            "pairs": ["1"],
            "singles": [
                {"face": "5", "status": "reserved"},
                {"face": "6", "status": "reserved"},
            ],
        },
        {"seats": [1, 3], "pairs": [], "singles": []},
    ]
    assert state["scores"] == [1, 0, 1, 0]
    assert from_state(json.loads(json.dumps(state))).to_state() == state


def test_view_hides_face_down_cards_only() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")
    g.apply(1, "flip c2")
    view = g.view(0)
    assert view["board"] == [
        [None, None, None, None],
        ["?", "?", "3", "?"],
        ["?", "?", "?", "?"],
        ["?", "?", "?", "?"],
    ]
    # Two deals that differ only in face-down cards nobody has seen give the same views.
    other = [row.split() for row in BOARD_D]
    other[3][0], other[2][1] = other[2][1], other[3][0]  # swap a 7 and a 4
    g2 = make("goxeso", players=2, size=4, setup={"board": other})
    flip(g2, "a1", "d1")
    g2.apply(1, "flip c2")
    for seat in (None, 0, 1):
        assert g2.view(seat) == g.view(seat)
    assert g2.to_state()["board"] != g.to_state()["board"]


def test_last_turn_stays_until_the_next_turn_ends() -> None:
    g = game(BOARD_D)
    flip(g, "b1", "c2")
    g.apply(1, "flip a1")
    view = g.view(1)
    assert view["last_turn"]["turn"] == 1 and view["face_up"]["cell"] == "a1"
    g.apply(1, "flip a3")
    assert g.view(1)["last_turn"]["turn"] == 2


def test_determinize_keeps_the_cards_everyone_saw() -> None:
    g = game(BOARD_D)
    flip(g, "b1", "c2")  # 5 and 3, swapped: 3 on b1, 5 on c2
    g.apply(1, "flip d4")  # a joker face up
    view = g.view(1)
    boards = set()
    for seed in range(20):
        sample = determinize(view, random.Random(seed))
        assert isinstance(sample, Goxeso)
        board = sample.to_state()["board"]
        assert board[0][1] == "3" and board[1][2] == "5" and board[3][3] == "J"
        assert sample.view(1) == view
        boards.add(json.dumps(board))
    assert len(boards) > 10  # the rest is sampled


def test_view_carries_the_last_round_of_turns() -> None:
    g = game(BOARD_D)
    flip(g, "b1", "c2")  # seat 0 misses 5 and 3: b1 3, c2 5
    flip(g, "c2", "a3")  # seat 1 misses 5 and 3: c2 3, a3 5
    view = g.view(0)
    assert [turn["turn"] for turn in view["turns"]] == [1, 2]
    assert view["turns"][-1] == view["last_turn"]
    for seed in range(10):
        board = determinize(view, random.Random(seed)).to_state()["board"]
        assert (board[0][1], board[1][2], board[2][0]) == ("3", "3", "5")
    flip(g, "a4", "d3")  # a third turn: only one per seat is kept
    assert [turn["turn"] for turn in g.view(1)["turns"]] == [2, 3]


def test_bad_views_and_states_are_refused() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")
    view = g.view(0)
    broken = json.loads(json.dumps(view))
    broken["board"][1][0] = None  # a card vanished: 13 cells for 14 cards
    with pytest.raises(ViewError):
        determinize(broken, random.Random(1))
    broken = json.loads(json.dumps(view))
    broken["holdings"][0]["pairs"] = ["1", "5"]  # a third 5
    with pytest.raises(ViewError, match="more than twice"):
        determinize(broken, random.Random(1))
    broken = json.loads(json.dumps(view))
    broken["scores"] = [0, 1]
    with pytest.raises(ViewError, match="scores"):
        determinize(broken, random.Random(1))
    state = g.to_state()
    for key, value in [("board", "x"), ("scores", [5, 0]), ("phase", "dance")]:
        bad = json.loads(json.dumps(state))
        bad[key] = value
        with pytest.raises(StateError):
            from_state(bad)
    bad = json.loads(json.dumps(state))
    bad["holdings"][0]["singles"][0]["status"] = "blocked"
    with pytest.raises(StateError, match="holdings"):
        from_state(bad)


def test_determinize_with_a_memory_keeps_the_cards_the_seat_remembers() -> None:
    g = game(BOARD_D)
    flip(g, "b1", "c2")  # seat 0 misses 5 and 3: b1 3, c2 5
    flip(g, "a2", "b3")  # seat 1 misses 2 and 4: a2 4, b3 2
    flip(g, "c1", "a3")  # seat 0 misses 6 and 3: c1 3, a3 6
    view = g.view(1)
    assert [turn["turn"] for turn in view["turns"]] == [2, 3]  # turn 1 is no longer shown
    memory = {"b1": "3", "c2": "5", "a2": "4", "b3": "2", "c1": "3", "a3": "6"}
    forgotten = set()
    for seed in range(20):
        sample = determinize(view, random.Random(seed), memory)
        board = sample.to_state()["board"]
        assert (board[0][1], board[1][2]) == ("3", "5")  # turn 1's cards, remembered
        assert sample.view(1) == view
        assert not sample.invariants()
        plain = determinize(view, random.Random(seed)).to_state()["board"]
        forgotten.add((plain[0][1], plain[1][2]))
    assert len(forgotten) > 1  # the view alone does not fix them


def test_a_memory_that_disagrees_with_the_view_is_refused() -> None:
    g = game(BOARD_D)
    flip(g, "b1", "c2")  # b1 3, c2 5
    view = g.view(0)
    for memory, message in [
        ({"z9": "3"}, "cannot hold"),
        ({"a1": "x"}, "cannot hold"),
        (["a1"], "map cell names"),
        ({"b1": "5"}, "not there"),  # everyone saw the 3 go to b1
        ({"a1": "3", "d2": "3"}, "more than twice"),  # with b1's 3, three of them
    ]:
        with pytest.raises(ViewError, match=message):
            determinize(view, random.Random(1), memory)


def test_games_whose_views_show_everything_take_no_memory() -> None:
    for name in ("kozel", "xbere"):
        view = make(name, players=4, seed=1).view(0)
        with pytest.raises(ViewError, match="no memory"):
            determinize(view, random.Random(1), {})
