"""X bere!, one test per numbered rule of issue 2 (docs/rules/xbere.md), literal deals."""

from __future__ import annotations

import json

import pytest
from conftest import deal, turn

from kibitz.core import IllegalMoveError, SetupError, make


# Rule 1: cards 1..100, three rows of limits 3, 4, 5 starting with one card, 8 cards each.
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule1_deal(players: int) -> None:
    game = make("xbere", players=players, seed=11)
    state = game.to_state()
    assert [len(row) for row in state["rows"]] == [1, 1, 1]
    assert state["row_limits"] == [3, 4, 5]
    assert [len(hand) for hand in state["hands"]] == [8] * players
    cards = [c for row in state["rows"] for c in row] + [c for h in state["hands"] for c in h]
    assert len(set(cards)) == len(cards) == 3 + 8 * players
    assert all(1 <= c <= 100 for c in cards)
    assert state["x_rows"] == [[]] * players and state["x_piles"] == [[]] * players
    # The cards out of play are seen by nobody: a view holds only rows and its own hand.
    view = game.view(0)
    assert view["hand"] == state["hands"][0] and view["rows"] == state["rows"]
    assert "hands" not in view and view["hand_sizes"] == [8] * players


# Rule 2: choices are simultaneous and hidden; placement starts from the lowest card.
def test_rule2_hidden_simultaneous_choice_then_lowest_first() -> None:
    game = deal([[10], [20], [30]], [[35, 90], [31, 91], [33, 92]])
    assert game.to_act() == {0, 1, 2}
    game.apply(1, "play 31")
    assert game.to_act() == {0, 2}
    other = game.view(0)
    assert other["chosen"] == [False, True, False]
    assert other["choice"] is None
    assert "31" not in json.dumps(other)
    assert game.view(1)["choice"] == 31
    game.apply(2, "play 33")
    game.apply(0, "play 35")
    assert game.to_state()["rows"] == [[10], [20], [30, 31, 33, 35]]
    events = game.view(0)["events"]
    assert [e["card"] for e in events] == [31, 33, 35]


# Rule 3: a card goes to the row whose last card is lower and closest (the text's example).
def test_rule3_closest_lower_row() -> None:
    game = deal([[10], [20], [45]], [[21, 99], [98, 97]])
    turn(game, 21, 98)
    assert game.to_state()["rows"] == [[10], [20, 21], [45, 98]]


# Rule 4: the card that brings a row to its limit takes the earlier cards and stays alone.
@pytest.mark.parametrize(("row", "limit"), [(0, 3), (1, 4), (2, 5)])
def test_rule4_card_reaching_the_limit_takes(row: int, limit: int) -> None:
    rows = [[1], [2], [3]]
    rows[row] = [10 + i for i in range(limit - 1)]
    game = deal(rows, [[60, 90], [95, 96]])
    turn(game, 60, 95)
    state = game.to_state()
    assert state["rows"][row] == [60]
    assert state["pending"] == {"decision": "x", "seat": 0, "card": 60, "cards": rows[row]}
    assert game.to_act() == {0}


def test_rule4_one_card_below_the_limit_does_not_take() -> None:
    game = deal([[10], [20, 21], [30]], [[22, 90], [95, 96]])
    turn(game, 22, 95)
    assert game.to_state()["rows"][1] == [20, 21, 22]
    assert game.to_act() == {0, 1}


# Rule 5: a card lower than every row: its player chooses a row, takes it, the card starts it.
def test_rule5_low_card_takes_a_chosen_row() -> None:
    game = deal([[10, 11], [20], [30, 31, 32]], [[5, 90], [95, 96]])
    turn(game, 5, 95)
    assert game.to_act() == {0}
    assert [str(m) for m in game.legal_moves(0)] == ["take 1", "take 2", "take 3"]
    view = game.view(1)
    assert view["pending"] == {"decision": "take", "seat": 0, "card": 5, "cards": []}
    # The later card (95) waits: placement stopped at 5.
    assert game.to_state()["rows"][2] == [30, 31, 32]
    game.apply(0, "take 3")
    assert game.to_state()["rows"][2] == [5]
    assert game.to_state()["pending"]["cards"] == [30, 31, 32]


# Rule 6: the taker chooses one taken card for the X row, the others go back to the hand.
def test_rule6_x_card_added_and_the_rest_back_to_hand() -> None:
    game = deal([[10, 11], [20], [30]], [[12, 90], [95, 96]])
    turn(game, 12, 95)
    assert [str(m) for m in game.legal_moves(0)] == ["x 10", "x 11"]
    game.apply(0, "x 10")
    state = game.to_state()
    assert state["x_rows"][0] == [10]
    assert state["hands"][0] == [11, 90]
    # Cards that went back are known to everyone, and may be played from the next turn.
    assert game.view(1)["known"][0] == [11]
    assert "play 11" in [str(m) for m in game.legal_moves(0)]
    # After it was placed (95 came after 12), the turn is over.
    assert state["rows"][2] == [30, 95]


def test_rule6_lower_x_card_packs_the_x_row_onto_the_pile() -> None:
    game = deal([[10, 11], [3, 4, 5], [50]], [[12, 6, 90], [95, 96, 97]])
    turn(game, 12, 95)
    game.apply(0, "x 11")
    turn(game, 6, 96)  # 6 fills row 2 (limit 4): takes 3, 4, 5
    game.apply(0, "x 3")  # 3 is lower than the X row's 11: the X row is packed
    state = game.to_state()
    assert state["x_piles"][0] == [11]
    assert state["x_rows"][0] == [3]
    x_events = [e for e in game.view(1)["events"] if e["type"] == "x"]
    assert x_events == [{"type": "x", "seat": 0, "card": 3, "packed": True, "back": [4, 5]}]


def test_rule6_a_single_taken_card_is_still_a_decision() -> None:
    game = deal([[10], [20], [30]], [[5, 90], [95, 96]])
    turn(game, 5, 95)
    game.apply(0, "take 1")
    assert [str(m) for m in game.legal_moves(0)] == ["x 10"]
    assert game.to_act() == {0}
    game.apply(0, "x 10")
    assert [seat for seat, _ in game.history] == [0, 1, 0, 0]


def test_rule6_decisions_see_the_rows_as_they_are_at_placement() -> None:
    # 5 and 6 are both lower than every row. Seat 0 (5) takes row 1 first; then seat 1's 6
    # goes on top of 5, so seat 1 makes no decision.
    game = deal([[10], [20], [30]], [[5, 90], [6, 96]])
    turn(game, 5, 6)
    game.apply(0, "take 1")
    game.apply(0, "x 10")
    assert game.to_state()["rows"][0] == [5, 6]
    assert game.to_act() == {0, 1}


def test_rule6_taken_cards_wait_beside_the_player_until_the_choice() -> None:
    game = deal([[10, 11], [20], [30]], [[12, 90], [95, 96]])
    turn(game, 12, 95)
    state = game.to_state()
    assert state["hands"][0] == [90]
    assert state["pending"]["cards"] == [10, 11]
    with pytest.raises(IllegalMoveError):
        game.apply(0, "play 90")


# Rule 7: the game ends after the turn in which a player played their last card.
def test_rule7_ends_after_the_last_card_even_if_cards_came_back() -> None:
    game = deal([[10, 11], [20], [30]], [[12], [95, 96]])
    turn(game, 12, 95)
    assert not game.is_over()  # placements of the turn are finished first
    game.apply(0, "x 10")
    assert game.is_over()
    assert game.to_state()["hands"][0] == [11]


def test_rule7_empty_hand_reading_goes_on_while_the_hand_refills() -> None:
    game = deal([[40, 41], [5], [30]], [[42], [95, 60]], end="empty-hand")
    turn(game, 42, 95)
    game.apply(0, "x 40")
    assert not game.is_over()
    assert game.to_state()["hands"][0] == [41]
    turn(game, 41, 60)
    assert game.is_over()
    assert game.to_state()["rows"][2] == [30, 41, 60]


# Rule 8: 1 per card in hand, 2 per card in the X pile, X row nothing; fewest wins, ties share.
def test_rule8_penalty_and_winners() -> None:
    game = deal([[10, 11], [3, 4, 5], [50]], [[12, 6, 90], [95, 96, 97]])
    turn(game, 12, 95)
    game.apply(0, "x 11")
    turn(game, 6, 96)
    game.apply(0, "x 3")  # X pile [11], X row [3], hand 90 + 4 5
    state = game.to_state()
    assert state["hands"][0] == [4, 5, 10, 90]
    assert (state["x_rows"][0], state["x_piles"][0]) == ([3], [11])
    assert game.scores()[0] == 4 + 2 * 1  # the X row counts nothing


def test_rule8_equal_fewest_share_the_win() -> None:
    game = deal([[10], [20], [30]], [[40], [50]])
    turn(game, 40, 50)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (0, 0) and outcome.winners == {0, 1}


def test_rule8_scores_at_the_end() -> None:
    game = deal([[10, 11], [20], [30]], [[12], [95, 96, 97]])
    turn(game, 12, 95)
    game.apply(0, "x 10")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (1, 2)  # seat 0: card 11 in hand; seat 1: 96, 97
    assert outcome.winners == {0}


# Rule 9: the options and both readings of each.
def test_rule9_take_on_over_takes_with_the_card_after_the_limit() -> None:
    game = deal([[10, 11], [20], [30]], [[12, 13], [95, 96]], take_on="over")
    turn(game, 12, 95)
    assert game.to_state()["rows"][0] == [10, 11, 12]  # the 3rd card of a row of 3: no take
    turn(game, 13, 96)
    assert game.to_state()["rows"][0] == [13]
    assert game.to_state()["pending"]["cards"] == [10, 11, 12]


def test_rule9_bullheads_scoring_doubles_in_the_x_pile() -> None:
    game = deal([[10, 11], [3, 4, 5], [50]], [[12, 6, 55], [95, 96, 97]], scoring="bullheads")
    turn(game, 12, 95)
    game.apply(0, "x 11")
    turn(game, 6, 96)
    game.apply(0, "x 3")  # X pile [11] (5 heads); hand 4 (1), 5 (2), 10 (3), 55 (7)
    assert game.scores()[0] == 1 + 2 + 3 + 7 + 2 * 5
    assert game.view(1)["scores"] is None  # the hand's bullheads are hidden from others


def test_rule9_rounds_add_up_with_fresh_deals() -> None:
    setup = {
        "rounds": [
            {"rows": [[10], [20], [30]], "hands": [[40], [50, 51]]},
            {"rows": [[10], [20], [30]], "hands": [[40, 41], [50]]},
        ]
    }
    game = make("xbere", players=2, setup=setup, rounds=2)
    turn(game, 40, 50)
    assert not game.is_over()
    assert game.view(0)["round"] == 2 and game.view(0)["round_scores"] == [[0, 1]]
    assert game.to_state()["hands"] == [[40, 41], [50]]
    turn(game, 40, 50)
    outcome = game.outcome()
    assert outcome is not None and outcome.scores == (1, 1)


def test_rule9_rounds_beyond_the_setup_are_dealt_from_the_seed() -> None:
    setup = {"rounds": [{"rows": [[10], [20], [30]], "hands": [[40], [50, 51]]}]}
    game = make("xbere", players=2, seed=5, setup=setup, rounds=2)
    turn(game, 40, 50)
    again = make("xbere", players=2, seed=5, setup=setup, rounds=2)
    turn(again, 40, 50)
    assert game.to_state()["hands"] == again.to_state()["hands"]
    assert [len(h) for h in game.to_state()["hands"]] == [8, 8]


def test_rule9_small_deck_and_hands() -> None:
    game = make("xbere", players=4, seed=3, deck_size=40, hand_size=5, row_limits=[2, 3])
    state = game.to_state()
    assert len(state["rows"]) == 2 and all(len(h) == 5 for h in state["hands"])
    assert max(c for h in state["hands"] for c in h) <= 40


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"rows": [[10], [20]], "hands": [[1], [2]]}, "3 rows"),
        ({"rows": [[10], [20], [30]], "hands": [[10], [2]]}, "dealt twice"),
        ({"rows": [[10], [20], [30]], "hands": [[101], [2]]}, "no card 101"),
        ({"rows": [[10], [20], [30]], "hands": [[], [2]]}, "non-empty"),
        ({"rows": [[11, 10], [20], [30]], "hands": [[1], [2]]}, "ascending"),
        ({"rows": [[10, 11, 12], [20], [30]], "hands": [[1], [2]]}, "more cards"),
        ({"rows": [[10], [20], [30]], "hands": [[1], [2]], "x": 1}, "exactly"),
    ],
)
def test_bad_setups_are_named(setup: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        make("xbere", players=2, setup=setup)
