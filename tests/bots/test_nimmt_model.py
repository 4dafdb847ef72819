"""X bere! `hard`'s opponent model: the other seats' revealed plays tell their rule."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from kibitz.bots import Budget, make_bot
from kibitz.bots.nimmt import EASY_PRIOR, RULES, HardBot, NimmtTuning
from kibitz.bots.nimmt_model import PlayModel
from kibitz.core import Game, make
from kibitz.games.nimmt import Play

# Rows 1-3 have limits 3, 4, 5: row 1 holding two cards is taken by the next card on it.
# Seat 1 holds 12, which fills row 1 (the `easy` rule's closest fit), and 45, the safe fit.
SETUP = {"rows": [[10, 11], [40], [70]], "hands": [[50, 60, 99], [12, 45, 90]]}


def _first_turn(seat_1_plays: int) -> tuple[Game[Any], PlayModel]:
    """Seat 0's model sees the first turn start, seat 0 plays 99 and seat 1 the given card;
    the model then sees the second turn's start."""
    game = make("xbere", players=2, seed=0, setup=SETUP)
    model = PlayModel(RULES)
    rng = random.Random(0)
    model.see(game.view(0), rng)
    game.apply(0, Play(99))
    game.apply(1, Play(seat_1_plays))
    while game.to_act() != frozenset({0, 1}):  # seat 1's X card after filling row 1
        seat = min(game.to_act())
        game.apply(seat, game.legal_moves(seat)[0])
    model.see(game.view(0), rng)
    return game, model


def test_a_seat_that_fills_a_row_beside_a_safe_card_is_read_as_easy() -> None:
    _, model = _first_turn(12)
    assert model.chances(1)[0] > 0.8


def test_a_seat_that_plays_the_safe_fit_leans_to_medium() -> None:
    _, model = _first_turn(90)
    assert model.chances(1)[0] < 0.5


def test_before_any_play_the_rules_are_even() -> None:
    game = make("xbere", players=2, seed=0, setup=SETUP)
    model = PlayModel(RULES)
    model.see(game.view(0), random.Random(0))
    assert model.chances(1) == [0.5, 0.5]


@pytest.mark.parametrize(("level", "easy"), [("easy", True), ("medium", False)])
def test_whole_games_against_one_level_are_told_apart(level: str, easy: bool) -> None:
    """Over a whole game (seed 1) seat 0's model reads all three other seats right."""
    game = make("xbere", players=4, seed=1)
    bots = [make_bot("xbere", level) for _ in range(4)]
    model = PlayModel(RULES)
    rng = random.Random(1)
    while not game.is_over():
        seat = min(game.to_act())
        view = game.view(seat)
        if seat == 0:
            model.see(view, rng)
        game.apply(seat, bots[seat].choose(view, game.legal_moves(seat), rng))
    for seat in (1, 2, 3):
        assert (model.chances(seat)[0] > 0.5) is easy


def test_the_search_plays_a_seat_by_its_fitted_rule() -> None:
    # Seat 1: 12 fills row 1; 45 and 90 are safe, 90 on the row with more room.
    game = make("xbere", players=2, seed=0, setup=SETUP)
    tuning = NimmtTuning()
    tuning.noise = 0.0
    legal = game.legal_moves(1)
    rng = random.Random(0)
    assert tuning.rollout_move(game, 1, legal, rng) == Play(90)
    tuning.easy_share = [0.0, 1.0]
    assert tuning.rollout_move(game, 1, legal, rng) == Play(12)


def test_hard_feeds_its_model_into_its_search() -> None:
    game, _ = _first_turn(12)
    bot = HardBot()
    bot.model.see(make("xbere", players=2, seed=0, setup=SETUP).view(0), random.Random(0))
    fresh = HardBot()
    fresh.choose(game.view(0), game.legal_moves(0), random.Random(0), Budget(iterations=20))
    assert fresh.tuning.chances == [EASY_PRIOR[0]]  # no play seen: the prior
    bot.choose(game.view(0), game.legal_moves(0), random.Random(0), Budget(iterations=20))
    assert [deal.seat for deal in bot.tuning.deals] == [1]
    assert bot.tuning.chances[0] > 0.5 > EASY_PRIOR[0]


def test_hard_keeps_its_model_through_a_copy_to_a_worker() -> None:
    # The server sends a seat's bot to a worker process and keeps the copy it returns.
    game, _ = _first_turn(12)
    bot = HardBot()
    bot.model.see(make("xbere", players=2, seed=0, setup=SETUP).view(0), random.Random(0))
    copy = pickle.loads(pickle.dumps(bot))
    copy.choose(game.view(0), game.legal_moves(0), random.Random(0), Budget(iterations=20))
    assert copy.tuning.chances[0] > 0.5
