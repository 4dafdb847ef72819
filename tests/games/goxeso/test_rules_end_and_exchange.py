"""Goxeso rules 9 to 11 of issue 3: the end and the score, the exchange phase, the idle cap."""

from __future__ import annotations

from typing import Any

import pytest

from kibitz.core import IllegalMoveError, NotYourTurnError, make
from kibitz.games.goxeso import Goxeso

from .boards import BOARD_A, BOARD_D, flip, game, held, legal


def empty_board_a(**options: Any) -> Goxeso:
    """BOARD_A played out by two players: seat 0 ends with pairs 1 5 6, seat 1 with J 4; they
    block each other on 2, 3 and 7."""
    g = game(BOARD_A, **options)
    for first, second in [("a1", "d1"), ("a2", "d2"), ("a3", "d3"), ("b4", "d4")]:
        flip(g, first, second)
    return g


# Rule 9: the game ends when the board is empty; one point per pair, the joker pair too.
def test_rule9_end_and_score_without_exchange() -> None:
    g = empty_board_a(exchange="none")
    assert g.is_over()
    outcome = g.outcome()
    assert outcome is not None
    assert outcome.scores == (3, 2)  # 1 5 6 against J 4: the joker pair counts
    assert outcome.winners == {0}
    view = g.view(1)
    assert view["ended"] == "empty" and view["scores"] == [3, 2] and view["winners"] == [0]


# Rule 9: equal most share the win.
def test_rule9_equal_scores_share_the_win() -> None:
    g = game(
        [
            "1 1 2 2",
            "3 3 4 4",
            "5 5 6 6",
            "7 7 J J",
        ]
    )
    for row in "1234":
        flip(g, f"a{row}", f"b{row}")
        flip(g, f"c{row}", f"d{row}")
    outcome = g.outcome()
    assert outcome is not None
    assert outcome.scores == (4, 4) and outcome.winners == {0, 1}


# Rule 10: mutual blocks on two pairs or more open an exchange phase; the next player acts.
def test_rule10_exchange_phase_opens_with_the_next_player() -> None:
    g = empty_board_a()
    assert not g.is_over()
    view = g.view(None)
    assert view["phase"] == "exchange" and view["exchange"]["log"] == []
    assert g.to_act() == {0}  # seat 1 played the last turn
    assert legal(g) == [
        "offer 1 2 3",
        "offer 1 2 7",
        "offer 1 3 2",
        "offer 1 3 7",
        "offer 1 7 2",
        "offer 1 7 3",
        "pass",
    ]


# Rule 10: an offer accepted: each completes a pair.
def test_rule10_exchange_accepted() -> None:
    g = empty_board_a()
    g.apply(0, "offer 1 2 3")  # seat 0 gives its 3 and gets seat 1's 2
    assert g.to_act() == {1}
    assert legal(g) == ["accept", "decline"]
    assert g.view(0)["exchange"]["pending"] == {"from": 0, "to": 1, "get": "2", "give": "3"}
    g.apply(1, "accept")
    assert held(g, 0) == (["1", "2", "5", "6"], {"7": "blocked"})
    assert held(g, 1) == (["J", "3", "4"], {"7": "blocked"})
    # only the 7 is still split: no exchange is possible, the phase and the game end
    assert g.is_over()
    outcome = g.outcome()
    assert outcome is not None and outcome.scores == (4, 3)


# Rule 10: an offer declined cannot be made again (by either side); a full round of
# passes ends the phase.
def test_rule10_exchange_declined_then_passes() -> None:
    g = empty_board_a()
    g.apply(0, "offer 1 2 3")
    g.apply(1, "decline")
    assert g.to_act() == {1}  # the player after the one who offered
    offers = legal(g)
    assert "offer 0 3 2" not in offers  # the same trade (seat 0 completes 2, seat 1 gets 3)
    assert "offer 0 2 3" in offers  # the other way round is another trade
    g.apply(1, "pass")
    assert g.to_act() == {0}
    assert "offer 1 2 3" not in legal(g)
    with pytest.raises(IllegalMoveError):
        g.apply(0, "offer 1 2 3")
    g.apply(0, "pass")
    assert g.is_over()
    outcome = g.outcome()
    assert outcome is not None and outcome.scores == (3, 2)
    log = g.view(None)["exchange"]["log"]
    assert log == [[0, "offer 1 2 3"], [1, "decline"], [1, "pass"], [0, "pass"]]


# Rule 10: the receiver answers at once; nobody else may act meanwhile.
def test_rule10_receiver_answers_at_once() -> None:
    g = empty_board_a()
    g.apply(0, "offer 1 7 2")
    with pytest.raises(NotYourTurnError):
        g.apply(0, "pass")
    with pytest.raises(IllegalMoveError):
        g.apply(1, "pass")
    g.apply(1, "accept")
    assert held(g, 0) == (["1", "5", "6", "7"], {"3": "blocked"})
    assert g.is_over()  # only the 3 is still split


# Rule 10: a player with no possible offer can only pass.
def test_rule10_player_without_offers_passes() -> None:
    g = game(BOARD_A, players=3)
    flip(g, "a1", "d1")  # seat 0: 1 1 + 2 3
    flip(g, "a2", "d2")  # seat 1: 4 4 + 2 3
    flip(g, "b3", "c3")  # seat 2 misses 6 and 7: swapped and both claimed by nobody
    flip(g, "a3", "d3")  # seat 0: 5 5 + 7 6 (they were swapped)
    flip(g, "b4", "d4")  # seat 1: J J + 7; the 6 on a4 is lone and goes to seat 0
    assert g.view(None)["phase"] == "exchange"
    assert g.to_act() == {2}
    assert legal(g) == ["pass"]
    g.apply(2, "pass")
    assert g.to_act() == {0}


# Rule 10: option exchange=none: no exchange phase.
def test_rule10_exchange_none() -> None:
    g = empty_board_a(exchange="none")
    assert g.is_over() and g.view(None)["exchange"] is None


# Rule 11: after idle_turns turns in a row with no card leaving the board, the game ends.
def test_rule11_idle_cap_ends_the_game() -> None:
    g = game(BOARD_D, idle_turns=3)
    flip(g, "a1", "b1")  # 1 and 5: miss
    flip(g, "a1", "b1")  # swapped back
    assert g.view(None)["idle"] == 2
    flip(g, "c2", "a3")  # 3 and 3: a match resets the count
    assert g.view(None)["idle"] == 0
    flip(g, "a1", "b1")
    flip(g, "a1", "b1")
    assert not g.is_over()
    flip(g, "a1", "b1")
    assert g.is_over()
    view = g.view(0)
    assert view["ended"] == "idle" and view["cards_left"] == 14
    assert view["scores"] == [1, 0] and view["winners"] == [0]


# Rule 11: a claim counts as a card leaving the board; the default cap is 4 N N.
def test_rule11_claims_reset_the_count_and_the_default_cap() -> None:
    g = game(BOARD_D, idle_turns=2)
    flip(g, "a1", "d1")  # a match
    flip(g, "a4", "c2")  # a miss: 1 idle turn
    flip(g, "b2", "a3")  # a miss with a claim: not idle
    assert g.view(None)["idle"] == 0 and not g.is_over()
    for size in (4, 6, 8):
        assert make("goxeso", seed=1, size=size).view(None)["idle_cap"] == 4 * size * size
    assert make("goxeso", seed=1, idle_turns=7).view(None)["idle_cap"] == 7
