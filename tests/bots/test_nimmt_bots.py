"""X bere! and 6 nimmt! bots on literal positions where one card is plainly right."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from kibitz.bots import Budget, make_bot
from kibitz.bots.ismcts import SearchBot
from kibitz.bots.nimmt import NimmtTuning, Table, easy_play, naive_play
from kibitz.bots.placement import target_row
from kibitz.core import Game, make
from kibitz.games.nimmt import Play, Take, XCard

# Rows 1-3 have limits 3, 4, 5: row 1 holding two cards is taken by the next card on it.
TRAP = {"rows": [[10, 11], [40], [70]], "hands": [[12, 41, 99], [90, 95, 96]]}


def test_target_row_is_the_closest_lower_end() -> None:
    rows = [[10, 11], [40], [70]]
    assert target_row(rows, 12) == 0
    assert target_row(rows, 69) == 1
    assert target_row(rows, 5) == -1


def test_the_safe_fit_avoids_a_full_row_and_the_naive_fit_does_not() -> None:
    table = Table([[10, 11], [40], [70]], [2, 3, 4], True, [], lambda c: 1)
    assert easy_play(table, [12, 41]) == 41
    assert naive_play(table, [12, 41, 99]) == 12


def test_the_safe_fit_takes_the_row_with_most_room_then_the_nearest_card() -> None:
    # 12 would fill row 1; 41 and 45 leave row 2 room for one card more, 99 and 75 leave
    # row 3 room for two: the fewer cards may land there before it, the safer.
    table = Table([[10, 11], [40], [70]], [2, 3, 4], True, [], lambda c: 1)
    assert easy_play(table, [12, 41, 45, 99]) == 99
    assert easy_play(table, [12, 41, 45, 75, 99]) == 75
    assert easy_play(table, [12, 45, 41]) == 41


def test_a_forced_take_fills_a_row_with_the_lowest_card() -> None:
    # Every card takes: 5 and 8 are lower than every row (the cheapest, row 2, costs
    # nothing), 45 fills row 1 (2 taken, 1 back to the hand).
    table = Table([[30, 40], [33], [50, 51, 52, 53]], [2, 3, 4], True, [], lambda c: 1)
    assert easy_play(table, [5, 8]) == 5  # equally cheap: the lowest card goes
    assert easy_play(table, [5, 8, 45]) == 5  # the free low take before a row's 1 point
    # At equal cost a row-filling card goes before a low card: row 1 filled (1 point)
    # against a low card that must take a row of two (1 point).
    table = Table([[30, 40], [33, 34], [50, 51]], [2, 3, 4], True, [], lambda c: 1)
    assert easy_play(table, [5, 45]) == 45


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_no_careful_level_walks_into_a_full_row(level: str) -> None:
    game = make("xbere", players=2, seed=0, setup=TRAP)
    bot = make_bot("xbere", level)
    move = bot.choose(game.view(0), game.legal_moves(0), random.Random(0), Budget(iterations=300))
    assert move in (Play(41), Play(99))


def test_hard_takes_the_cheapest_row_and_keeps_the_x_row_growing() -> None:
    # Seat 0's 5 is lower than every row: it must take one; row 2 holds a single card.
    setup = {"rows": [[20, 21], [30], [60, 61, 62]], "hands": [[5, 80], [90, 91]]}
    game = make("xbere", players=2, seed=0, setup=setup)
    game.apply(0, "play 5")
    game.apply(1, "play 90")
    bot = make_bot("xbere", "hard")
    assert game.legal_moves(0)[0] == Take(1)
    move = bot.choose(game.view(0), game.legal_moves(0), random.Random(0), Budget(iterations=300))
    assert move == Take(2)
    game.apply(0, move)
    # Taking one card: it goes to the X row, nothing comes back to the hand.
    assert game.legal_moves(0) == [XCard(30)]


def test_6nimmt_hard_avoids_the_sixth_card() -> None:
    setup = {
        "rows": [[10, 11, 12, 13, 14], [40], [60], [80]],
        "hands": [[15, 41, 100], [90, 91, 92]],
    }
    game = make("6nimmt", players=2, seed=0, setup=setup, rounds=1)
    bot = make_bot("6nimmt", "hard")
    move = bot.choose(game.view(0), game.legal_moves(0), random.Random(0), Budget(iterations=300))
    assert move != Play(15)


def test_6nimmt_rollouts_stop_at_the_end_of_the_round() -> None:
    # The search plays on the sampled game itself, so the round it began in must be kept
    # as a number: rollouts that ran on to the end of the game cost several times more.
    class Recording(NimmtTuning):
        ends: list[tuple[bool, int]] = []

        def rewards(self, game: Game[Any]) -> Sequence[float]:
            self.ends.append((game.is_over(), game.stage()))
            return super().rewards(game)

    game = make("6nimmt", players=3, seed=0)
    bot = SearchBot("hard", Recording(), Budget(iterations=30))
    bot.choose(game.view(0), game.legal_moves(0), random.Random(0))
    assert Recording.ends and all(end == (False, 1) for end in Recording.ends)


def test_the_rollouts_play_the_medium_bot_in_x_bere() -> None:
    # The search's inlined safe fit must be `medium`'s rule, card for card.
    tuning = NimmtTuning()
    tuning.noise = 0.0
    medium = make_bot("xbere", "medium")
    rng = random.Random(5)
    compared = 0
    for seed in range(12):
        game = make("xbere", players=4, seed=seed)
        while not game.is_over():
            seat = min(game.to_act())
            legal = game.legal_moves(seat)
            expected = medium.choose(game.view(seat), legal, rng)
            assert tuning.rollout_move(game, seat, legal, rng) == expected
            compared += 1
            game.apply(seat, legal[rng.randrange(len(legal))])
    assert compared > 200
