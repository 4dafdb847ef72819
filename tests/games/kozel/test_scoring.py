"""Kozel rules 9-10 and the options (docs/rules/kozel.md): the end of a deal and its losing
points, eggs, the series to 12, and the options. Whole deals come from `deals.py`; the tests
recount the card points from the tricks themselves."""

from __future__ import annotations

from typing import Any

import pytest

from kibitz.core import SetupError, make

from .deals import EGGS, FOUR, SCORING, SIX, TWO, rotated
from .helpers import card_points, deal, leader_takes_all, play

HANDS_A = ["6S 7S 8S 9S", "JS QS KS 10S", "6H 7H 8H 9H", "JH QH KH 10H"]
HANDS_B = ["6D 7D 8D 9D", "JD QD KD 10D", "6C 7C 8C 9C", "JC QC KC 10C"]


def expected_losing(points: list[int], tricks: list[int]) -> list[int]:
    """Rule 9 written out again: 61+ wins; the loser gets 2 (31-59), 4 (30 or less with a
    trick) or 6 (no trick); 60-60 is eggs, nobody gets any."""
    if points == [60, 60]:
        return [0, 0]
    loser = 0 if points[0] < points[1] else 1
    losing = [0, 0]
    losing[loser] = 6 if not tricks[loser] else 4 if points[loser] <= 30 else 2
    return losing


# Rule 9: the deal ends when the cards run out; card points decide the losing points.
@pytest.mark.parametrize("name", ["six", "four", "two", "eggs"])
def test_rule9_losing_points(name: str) -> None:
    case = SCORING[name]
    game = make("kozel", setup=case["setup"], series=False)
    play(game, *case["moves"][:-1])
    assert all(game.view(seat)["points"] is None for seat in [None, 0, 1, 2, 3])
    play(game, case["moves"][-1])
    assert game.is_over()
    state = game.to_state()
    recount, won = [0, 0], [0, 0]
    for trick in state["tricks"]:
        team = trick["winner"] % 2
        won[team] += 1
        recount[team] += card_points([card for p in trick["plays"] for card in p["cards"]])
    assert recount == state["points"] == case["points"]
    assert sum(recount) == 120
    assert won == state["tricks_won"] == case["tricks"]
    assert state["losing_points"] == expected_losing(recount, won) == case["losing"]
    for seat in [None, 0, 1, 2, 3]:
        view = game.view(seat)
        assert view["points"] == case["points"]
        assert view["results"][-1]["points"] == case["points"]
        assert view["results"][-1]["eggs"] == (name == "eggs")


def test_rule9_single_deal_outcomes() -> None:
    game = make("kozel", setup=SIX["setup"], series=False)
    play(game, *SIX["moves"])
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (6, 0, 6, 0) and outcome.winners == {1, 3}
    game = make("kozel", setup=EGGS["setup"], series=False)
    play(game, *EGGS["moves"])
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (0, 0, 0, 0) and outcome.winners == {0, 1, 2, 3}


# Rule 10: deals follow until a team has 12 losing points; the dealer passes clockwise;
# later deals are led by the winner of the previous deal's last trick.
def test_rule10_series_reaching_12() -> None:
    deals = [deal(HANDS_A, "AD", dealer=0), deal(HANDS_B, "AS", dealer=1)]
    game = make("kozel", setup={"deals": deals})
    assert game.to_act() == {1}
    leader_takes_all(game)
    view = game.view(0)
    assert view["results"][0]["losing"] == [6, 0] and view["losing_points"] == [6, 0]
    assert not game.is_over() and game.scores() == (6, 0, 6, 0)
    # Deal 2: seat 1 deals; seat 1 (last trick of deal 1) leads, not seat 2.
    assert view["deal"] == 2 and view["dealer"] == 1 and game.to_act() == {1}
    assert view["hand"] == ["6D", "7D", "8D", "9D"] and view["trump"] == "AS"
    assert view["last_trick"]["deal"] == 1 and view["last_trick"]["winner"] == 1
    leader_takes_all(game)
    assert game.is_over()
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (12, 0, 12, 0) and outcome.winners == {1, 3}
    assert [r["dealer"] for r in game.view(2)["results"]] == [0, 1]


def test_rule10_the_seed_deals_what_the_setup_does_not() -> None:
    game = make("kozel", seed=5, setup={"deals": [deal(HANDS_A, "AD", dealer=3)]})
    assert game.to_act() == {0}
    while not game.is_over():
        leader_takes_all(game)
    results = game.view(0)["results"]
    assert [r["dealer"] for r in results] == [3, 0]
    assert [r["losing"] for r in results] == [[0, 6], [0, 6]]
    again = make("kozel", seed=5, setup={"deals": [deal(HANDS_A, "AD", dealer=3)]})
    while not again.is_over():
        leader_takes_all(again)
    assert again.to_state() == game.to_state()


@pytest.mark.parametrize(("case", "last_winner"), [(FOUR, 1), (EGGS, 3), (TWO, 0)])
def test_rule10_next_deal_led_by_the_last_trick_winner(case: Any, last_winner: int) -> None:
    game = make("kozel", seed=1, setup=case["setup"])
    play(game, *case["moves"])
    view = game.view(None)
    assert view["deal"] == 2 and view["dealer"] == (case["setup"]["dealer"] + 1) % 4
    assert game.to_act() == {last_winner}
    assert view["trick"]["leader"] == last_winner


def test_rule10_a_later_deal_must_have_the_next_dealer() -> None:
    deals = [deal(HANDS_A, "AD", dealer=0), deal(HANDS_B, "AS", dealer=3)]
    with pytest.raises(SetupError, match="dealer of deal 2 is seat 1"):
        make("kozel", setup={"deals": deals})
    later = deal(HANDS_B, "AS")
    del later["dealer"]
    game = make("kozel", setup={"deals": [deal(HANDS_A, "AD", dealer=2), later]})
    leader_takes_all(game)
    assert game.view(0)["dealer"] == 3


# The options (docs/rules/kozel.md, Options).
def test_rule11_series_false_plays_one_deal() -> None:
    game = make("kozel", setup=TWO["setup"], series=False)
    play(game, *TWO["moves"])
    assert game.is_over() and game.scores() == (2, 0, 2, 0)
    game = make("kozel", setup=TWO["setup"])
    play(game, *TWO["moves"])
    assert not game.is_over()


def test_rule11_series_limit() -> None:
    game = make("kozel", setup=FOUR["setup"], series_limit=4)
    play(game, *FOUR["moves"])
    assert game.is_over() and game.scores() == (4, 0, 4, 0)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {1, 3}


@pytest.mark.parametrize(
    ("eggs", "losing", "over"), [("none", [6, 0], False), ("double", [12, 0], True)]
)
def test_rule11_eggs(eggs: str, losing: list[int], over: bool) -> None:
    game = make("kozel", seed=2, setup=EGGS["setup"], eggs=eggs)
    play(game, *EGGS["moves"])
    assert game.view(0)["losing_points"] == [0, 0]
    assert game.view(0)["doubled"] == (eggs == "double")
    assert game.to_act() == {3}
    leader_takes_all(game)
    assert game.view(0)["results"][1]["losing"] == losing
    assert game.view(0)["results"][1]["doubled"] == (eggs == "double")
    assert game.is_over() == over


def test_rule11_eggs_double_is_not_cumulative() -> None:
    again = rotated(EGGS, by=2, dealer=1)
    game = make("kozel", seed=4, setup={"deals": [EGGS["setup"], again]}, eggs="double")
    play(game, *EGGS["moves"], *EGGS["moves"])
    results = game.view(0)["results"]
    assert [(r["eggs"], r["doubled"]) for r in results] == [(True, False), (True, True)]
    assert game.to_act() == {1}
    leader_takes_all(game)
    results = game.view(0)["results"]
    assert results[2]["doubled"] and results[2]["losing"] == [12, 0]
    assert game.is_over()


def test_rule11_open_discards() -> None:
    hands = ["6C 7C 8C 9C", "9S 6D 7D 8D", "10S JS 9D 10D", "JD QD KD AD"]
    game = make("kozel", setup=deal(hands, "AH"), series=False, discards="open")
    play(game, "lead 9S", "discard 10S", "discard JD", "discard 6C")
    view = game.view(0)
    assert view["last_trick"]["plays"][1] == {
        "seat": 2, "move": "discard", "count": 1, "face_up": True, "cards": ["10S"],
    }  # fmt: skip
    assert view["points"] == [0, 12] and view["points_seen"] == [0, 12]


def test_state_and_scores() -> None:
    game = make("kozel", setup=SIX["setup"])
    play(game, *SIX["moves"][:2])
    state = game.to_state()
    for key in ("hands", "stock", "trump", "trick", "tricks_won", "points", "losing_points"):
        assert key in state
    assert state["trick"]["plays"] == [
        {"seat": 3, "move": "lead", "count": 2, "face_up": True, "cards": ["QD", "AD"]},
        {"seat": 0, "move": "discard", "count": 2, "face_up": False, "cards": ["KH", "6D"]},
    ]
    play(game, *SIX["moves"][2:])
    assert game.scores() == (6, 0, 6, 0)
    assert game.to_state()["losing_points"] == [6, 0]
