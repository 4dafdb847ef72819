"""Goxeso rules 12 and 13 of issue 3: the team variants Bridge and Cross, turn by turn, and
classic Pexeso."""

from __future__ import annotations

import pytest

from kibitz.core import NotYourTurnError, OptionError, SetupError, make
from kibitz.games.goxeso import Goxeso

from .boards import BOARD_D, board, flip, game, held

CLASSIC_BOARD = [
    "1 2 3 1",
    "4 2 3 4",
    "5 6 7 5",
    "6 8 7 8",
]


# Rule 12: exactly 4 players, seats 0 and 2 against 1 and 3, one holding and one score each.
@pytest.mark.parametrize("variant", ["bridge", "cross"])
def test_rule12_teams(variant: str) -> None:
    g = game(BOARD_D, players=4, variant=variant)
    assert g.teams() == ((0, 2), (1, 3))
    assert [h["seats"] for h in g.to_state()["holdings"]] == [[0, 2], [1, 3]]
    for players in (2, 3):
        with pytest.raises(OptionError, match="exactly 4 players"):
            make("goxeso", players=players, variant=variant)


# Rule 12, bridge: every player takes a full turn in seat order; a partner's reservation is
# claimed for the team, and the team's score is both partners' score.
def test_rule12_bridge_turn_by_turn() -> None:
    g = game(BOARD_D, players=4, variant="bridge")
    assert g.to_act() == {0}
    flip(g, "a1", "d1")  # seat 0: team 0 takes 1 1 and reserves 5 6
    assert g.to_act() == {1}
    flip(g, "a2", "d2")  # seat 1: team 1 takes 2 2, blocks the 5, reserves a 3
    assert g.to_act() == {2}
    g.apply(2, "flip a3")
    assert g.to_act() == {2}  # a full turn: seat 2 turns the second card too
    g.apply(2, "flip d3")  # 3 and 6: swapped, claimed by team 1 and by seat 2's own team
    last = g.view(3)["last_turn"]
    assert [f["seat"] for f in last["flips"]] == [2, 2]
    assert last["claims"] == [
        {"owner": 1, "cell": "d3", "face": "3"},
        {"owner": 0, "cell": "a3", "face": "6"},
    ]
    assert g.scores() == (2, 2, 2, 2)
    assert g.to_act() == {3}
    flip(g, "b3", "c3")  # seat 3: 4 4 for team 1
    assert g.scores() == (2, 3, 2, 3)
    assert g.to_act() == {0}


# Rule 12: a half held by a partner completes a pair (it is not blocked).
def test_rule12_partners_half_completes_a_pair() -> None:
    g = game(BOARD_D, players=4, variant="bridge")
    flip(g, "a1", "d1")  # seat 0 reserves 5 and 6 for team 0
    flip(g, "a4", "b4")  # seat 1: 7 7
    flip(g, "a2", "d2")  # seat 2: 2 2 and the 5 and 3 between: the 5 completes team 0's pair
    assert held(g, 0) == (["1", "2", "5"], {"3": "reserved", "6": "reserved"})
    assert g.scores() == (3, 1, 3, 1)


# Rule 12, bridge: partners help each other by swapping cards into a line.
def test_rule12_bridge_partner_swaps_a_card_into_a_line() -> None:
    g = game(
        [
            "1 2 3 4",
            "5 6 7 1",
            "J 3 2 4",
            "J 6 5 7",
        ],
        players=4,
        variant="bridge",
    )
    flip(g, "a3", "a4")  # seat 0: J J
    flip(g, "b3", "c3")  # seat 1 misses 3 and 2
    flip(g, "d2", "d1")  # seat 2 misses 1 and 4: the 1 goes to d1, in row 1 with a1
    assert board(g)[0] == "1 2 3 1"
    flip(g, "b4", "c4")  # seat 3 misses 6 and 5
    flip(g, "a1", "d1")  # seat 0 takes the 1s and the 2 and 3 between
    assert held(g, 0) == (["J", "1"], {"2": "reserved", "3": "reserved"})


# Rule 12, cross: one partner turns the first card, the other the second; the first flipper
# goes round: (0 then 2), (1 then 3), (2 then 0), (3 then 1), (0 then 2) ...
def test_rule12_cross_turn_by_turn() -> None:
    g = game(BOARD_D, players=4, variant="cross")
    assert g.to_act() == {0}
    g.apply(0, "flip a1")
    assert g.to_act() == {2}
    assert g.view(2)["face_up"] == {"seat": 0, "cell": "a1", "face": "1"}
    with pytest.raises(NotYourTurnError):
        g.apply(0, "flip d1")
    g.apply(2, "flip d1")  # the match is the team's
    last = g.view(None)["last_turn"]
    assert [f["seat"] for f in last["flips"]] == [0, 2] and last["owner"] == 0
    assert held(g, 0) == (["1"], {"5": "reserved", "6": "reserved"})
    order = []
    for first, second in [("a2", "d2"), ("a3", "d3"), ("b3", "c3")]:
        (opener,) = g.to_act()
        g.apply(opener, f"flip {first}")
        (partner,) = g.to_act()
        g.apply(partner, f"flip {second}")
        order.append((opener, partner))
    assert order == [(1, 3), (2, 0), (3, 1)]
    assert g.to_act() == {0}
    assert held(g, 0) == (["1", "6"], {"5": "blocked"})
    assert held(g, 1) == (["2", "3", "4"], {"5": "blocked"})
    assert g.scores() == (2, 3, 2, 3)


def _miss(g: Goxeso) -> tuple[str, str]:
    """Two face-down cells of different faces, no joker, whose mates nobody holds."""
    state = g.to_state()
    cells = [
        (f"{'abcdefgh'[col]}{row + 1}", face)
        for row, faces in enumerate(state["board"])
        for col, face in enumerate(faces)
        if face not in (None, "J")
    ]
    held_faces = {s["face"] for h in state["holdings"] for s in h["singles"]}
    free = [(cell, face) for cell, face in cells if face not in held_faces]
    first = free[0]
    second = next(c for c in free if c[1] != first[1])
    return first[0], second[0]


# Rule 12, cross: with a start drawn from the seed, the order goes round from that seat.
def test_rule12_cross_order_from_a_drawn_start() -> None:
    options = {"variant": "cross", "size": 8}
    seed = next(s for s in range(50) if make("goxeso", 4, s, **options).view(None)["start"] == 3)
    g = make("goxeso", 4, seed=seed, **options)
    assert isinstance(g, Goxeso)
    seats = []
    for _ in range(5):
        for cell in _miss(g):
            (seat,) = g.to_act()
            seats.append(seat)
            g.apply(seat, f"flip {cell}")
    assert seats == [3, 1, 0, 2, 1, 3, 2, 0, 3, 1]


# Rule 13: classic Pexeso: no joker, a miss turns the cards back without a swap.
def test_rule13_classic_miss_turns_back_without_swap() -> None:
    g = game(CLASSIC_BOARD, classic=True)
    flip(g, "b1", "c1")  # 2 and 3
    assert board(g) == CLASSIC_BOARD
    last = g.view(1)["last_turn"]
    assert last["swap"] is False
    assert last["remaining"] == [{"cell": "b1", "face": "2"}, {"cell": "c1", "face": "3"}]
    assert g.to_act() == {1}


# Rule 13: no line capture, and a match gives another turn.
def test_rule13_classic_match_no_capture_and_another_turn() -> None:
    g = game(CLASSIC_BOARD, classic=True)
    flip(g, "a1", "d1")
    assert board(g)[0] == ". 2 3 ."
    assert g.to_act() == {0}
    flip(g, "b1", "b2")
    assert g.to_act() == {0}
    assert held(g, 0) == (["1", "2"], {})
    flip(g, "c1", "a2")  # a miss: seat 1's turn
    assert g.to_act() == {1}


# Rule 13: 1 to 4 players, no joker, no team variants.
def test_rule13_classic_players_faces_and_no_teams() -> None:
    g = game(CLASSIC_BOARD, players=1, classic=True)
    for pair in ["a1 d1", "b1 b2", "c1 c2", "a2 d2", "a3 d3", "b3 a4", "c3 c4", "b4 d4"]:
        assert g.to_act() == {0}
        flip(g, *pair.split())
    assert g.is_over()
    outcome = g.outcome()
    assert outcome is not None and outcome.scores == (8,) and outcome.winners == {0}
    with pytest.raises(SetupError, match="not a face"):
        game(["1 2 3 1", "4 2 3 4", "5 6 7 5", "6 J 7 J"], classic=True)
    with pytest.raises(OptionError, match="no team variants"):
        make("goxeso", players=4, classic=True, variant="cross")
    with pytest.raises(OptionError, match="1 to 4"):
        make("goxeso", players=5, classic=True)
    with pytest.raises(OptionError, match="2 to 4"):
        make("goxeso", players=1)
    state = make("goxeso", 3, seed=2, classic=True).to_state()
    faces = {face for row in state["board"] for face in row}
    assert faces == {str(face) for face in range(1, 19)}
