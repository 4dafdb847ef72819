"""Classic 6 nimmt! on the shared engine (issue 2, section 6), literal deals."""

from __future__ import annotations

import pytest
from conftest import deal, turn

from kibitz.core import OptionError, make
from kibitz.games.nimmt.cards import bullheads

ROWS = [[10], [20], [30], [40]]


def test_deal_104_cards_four_rows_ten_each() -> None:
    game = make("6nimmt", players=10, seed=2)
    state = game.to_state()
    cards = [c for row in state["rows"] for c in row] + [c for h in state["hands"] for c in h]
    assert len(state["rows"]) == 4 and all(len(h) == 10 for h in state["hands"])
    assert len(set(cards)) == 104 and max(cards) == 104


@pytest.mark.parametrize("players", [1, 11])
def test_two_to_ten_players(players: int) -> None:
    with pytest.raises(OptionError, match="2 to 10"):
        make("6nimmt", players=players)


def test_the_sixth_card_takes_the_five_before_it_as_penalty() -> None:
    game = deal([[1, 2, 3, 4, 5], [20], [30], [40]], [[6, 99], [98, 97]], game="6nimmt", rounds=1)
    turn(game, 6, 98)
    state = game.to_state()
    assert state["rows"][0] == [6]
    assert state["piles"][0] == [1, 2, 3, 4, 5]
    assert game.to_act() == {0, 1}  # no X decision in 6 nimmt!
    assert "x_rows" not in state


def test_a_low_card_takes_a_row_of_its_players_choice() -> None:
    game = deal([[10, 11], [20], [30], [40]], [[5, 99], [98, 97]], game="6nimmt", rounds=1)
    turn(game, 5, 98)
    assert [str(m) for m in game.legal_moves(0)] == ["take 1", "take 2", "take 3", "take 4"]
    game.apply(0, "take 1")
    assert game.to_state()["piles"][0] == [10, 11]
    assert game.scores()[0] == bullheads(10) + bullheads(11) == 3 + 5


@pytest.mark.parametrize(
    ("card", "heads"),
    [(55, 7), (11, 5), (22, 5), (10, 3), (100, 3), (5, 2), (15, 2), (1, 1), (104, 1), (33, 5)],
)
def test_bullheads(card: int, heads: int) -> None:
    assert bullheads(card) == heads


def test_rounds_continue_until_someone_reaches_the_target() -> None:
    first = {"rows": ROWS, "hands": [[5], [50]]}
    game = make("6nimmt", players=2, seed=1, target=2, setup={"rounds": [first, first]})
    turn(game, 5, 50)
    game.apply(0, "take 1")  # 10: 3 bullheads, the round ends with 3 >= target 2
    assert game.is_over()
    outcome = game.outcome()
    assert outcome is not None and outcome.scores == (3, 0) and outcome.winners == {1}


def test_below_the_target_another_round_is_dealt() -> None:
    first = {"rows": ROWS, "hands": [[5], [50]]}
    game = make("6nimmt", players=2, seed=1, target=66, setup={"rounds": [first]})
    turn(game, 5, 50)
    game.apply(0, "take 1")
    assert not game.is_over()
    assert game.view(0)["round"] == 2 and all(len(h) == 10 for h in game.to_state()["hands"])


def test_option_rounds_plays_exactly_that_many() -> None:
    game = deal(ROWS, [[50], [60]], game="6nimmt", rounds=1)
    turn(game, 50, 60)
    assert game.is_over()
