"""The careful fit (`kibitz.bots.placement`) on literal 6 nimmt! positions."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from kibitz.bots import make_bot
from kibitz.bots.nimmt import Table, naive_play
from kibitz.bots.placement import careful_play, take_chance, target_row, unseen_count
from kibitz.core import make
from kibitz.games.nimmt import Play
from kibitz.games.nimmt.cards import bullheads


def _cards(cards: Sequence[int]) -> float:
    return float(len(cards))


def test_take_chance_is_a_binomial_tail() -> None:
    assert take_chance(0, 0, 40, 4) == 1.0
    assert take_chance(1, 0, 40, 4) == 0.0
    assert take_chance(5, 40, 40, 4) == 0.0
    assert take_chance(1, 10, 40, 4) == pytest.approx(1 - 0.75**4)
    assert take_chance(2, 10, 40, 4) == pytest.approx(1 - 0.75**4 - 4 * 0.25 * 0.75**3)
    assert take_chance(4, 40, 40, 4) == pytest.approx(1.0)
    assert math.isclose(take_chance(1, 10, 40, 1), 0.25)


def test_careful_fit_weighs_the_room_left_against_the_gap() -> None:
    # 22 lands just above a row of four with no unseen card in between; 35 lands on that
    # row with 12 unseen cards in between (one of them placed first makes 35 the sixth);
    # 50 lands on a row of one, which four cards would have to fill first.
    rows = [[10, 15, 18, 21], [40], [70], [90]]
    full = [5, 5, 5, 5]
    hand = [22, 35, 50]
    kwargs = {"others": 4, "unseen": 40, "take_cost": _cards, "low_cost": 1.0}
    assert careful_play(rows, full, hand, **kwargs) == 22
    # Without 22, the card on the row of one wins over the gap of 13 on the row of four,
    # which the closest fit would play.
    assert careful_play(rows, full, [35, 50], **kwargs) == 50
    assert target_row(rows, 35) == 0


def test_a_full_row_or_a_low_card_costs_its_take() -> None:
    rows = [[10, 11, 12, 13, 14], [40], [60], [80]]
    kwargs = {"others": 4, "unseen": 40, "take_cost": _cards, "low_cost": 1.0}
    assert careful_play(rows, [5] * 4, [15, 5], **kwargs) == 5
    assert careful_play(rows, [5] * 4, [15, 5], **{**kwargs, "low_cost": 9.0}) == 15


def test_unseen_cards_are_the_dealt_cards_off_the_rows_and_hand() -> None:
    assert unseen_count(54, [[1], [2], [3], [4]], list(range(10, 20))) == 40


def test_6nimmt_medium_plays_the_careful_fit_where_the_safe_fit_would_not() -> None:
    rest = [c for c in range(1, 105) if c not in {10, 15, 18, 21, 40, 70, 90, 30, 55}]
    setup = {
        "rows": [[10, 15, 18, 21], [40], [70], [90]],
        "hands": [[30, 55], rest[0:2], rest[40:42], rest[60:62], rest[80:82]],
    }
    game = make("6nimmt", players=5, seed=0, setup=setup, rounds=1)
    view = game.view(0)
    # The nearest card is 30 (gap 9, the row still has room for one card) ...
    assert naive_play(Table(view["rows"], [5] * 4, False, [], bullheads), [30, 55]) == 30
    # ... the careful fit sees that any of the others' cards from 22 to 29 fills it first.
    move = make_bot("6nimmt", "medium").choose(view, game.legal_moves(0), random.Random(0))
    assert move == Play(55)
