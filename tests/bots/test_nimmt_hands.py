"""X bere! `hard`'s hand model: the other seats' plays tell which cards they cannot hold."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kibitz.bots import Budget, make_bot
from kibitz.bots.nimmt import EASY_PRIOR, RULES, HardBot, unchosen
from kibitz.bots.nimmt_hands import HandModel, deal_view
from kibitz.core import Game, make
from kibitz.games.nimmt import Play, Take

# Rows 1-3 have limits 3, 4, 5. Seat 1 holds 45 and 90 (both safe, 90 on the row with the
# most room) and 12, which fills row 1.
SETUP = {"rows": [[10, 11], [40], [70]], "hands": [[50, 60, 99], [12, 45, 90]]}
MEDIUM, EASY = 1, 0  # indexes into RULES


def _after_seat_1_plays(card: int) -> tuple[Game[Any], HandModel]:
    game = make("xbere", players=2, seed=0, setup=SETUP)
    model = HandModel(RULES)
    model.see(game.view(0))
    game.apply(0, Play(99))
    game.apply(1, Play(card))
    _settle(game)
    model.see(game.view(0))
    return game, model


def _settle(game: Game[Any]) -> None:
    """Make the takes' decisions (the first legal one) until the next turn starts."""
    while game.to_act() != frozenset(range(game.players)):
        seat = min(game.to_act())
        game.apply(seat, game.legal_moves(seat)[0])


def test_the_safe_fit_on_the_roomiest_row_rules_out_every_card_it_would_have_preferred() -> None:
    # Seat 1 played 90 by the roomiest safe fit: it held no card 71-89 (nearer on that row).
    game, model = _after_seat_1_plays(90)
    (deal,) = model.deals(game.view(0))
    assert deal.need == 2  # 12 and 45, unseen by seat 0
    allowed = set(deal.allowed[MEDIUM])
    assert not allowed & set(range(71, 90))
    assert {12, 45} <= allowed
    # Read as `easy` (the nearest fit), it rules out every card nearer a row end than 90 is
    # to 70 (and the lower cards as near): 12-31, 41-60 and 71-89.
    assert not set(deal.allowed[EASY]) & {12, 31, 45, 60, 80}
    assert {32, 61, 91} <= set(deal.allowed[EASY])


def test_filling_a_row_tells_that_a_medium_seat_held_no_safe_card() -> None:
    # Seat 1 fills row 1 with 12: by the roomiest safe fit only with no safe card in hand.
    game, model = _after_seat_1_plays(12)
    (deal,) = model.deals(game.view(0))
    assert not set(deal.allowed[MEDIUM]) & {45, 90}  # medium would have played a safe card
    assert set(deal.allowed[EASY]) >= {45, 90}  # 12 is `easy`'s nearest fit: 45, 90 fit it


@pytest.mark.parametrize("levels", [("medium",) * 4, ("easy", "medium", "easy", "medium")])
def test_the_true_hands_are_always_allowed_under_the_seats_own_rule(levels: tuple[str]) -> None:
    """Soundness over whole games: a seat that plays by a rule never has a hidden card that
    its plays under that rule forbid; and the model does rule cards out."""
    narrowed = 0
    for seed in range(6):
        game = make("xbere", players=4, seed=seed)
        bots = [make_bot("xbere", level) for level in levels]
        model = HandModel(RULES)
        rng = random.Random(seed)
        while not game.is_over():
            seat = min(game.to_act())
            view = game.view(seat)
            if seat == 0 and isinstance(game.legal_moves(0)[0], Play):
                model.see(view)
                truth = game.to_state()["hands"]
                for deal in model.deals(view):
                    hidden = set(truth[deal.seat]) - set(view["known"][deal.seat])
                    rule = EASY if levels[deal.seat] == "easy" else MEDIUM
                    assert hidden <= set(deal.allowed[rule]), (seed, view["turn"], deal.seat)
                    assert len(hidden) == deal.need
                    narrowed += len(deal.allowed[rule]) < len(deal.unseen)
            game.apply(seat, bots[seat].choose(view, game.legal_moves(seat), rng))
    assert narrowed > 50


def test_a_dealt_view_gives_each_seat_allowed_cards_and_determinizes() -> None:
    game = make("xbere", players=4, seed=3)
    bots = [make_bot("xbere", "medium") for _ in range(4)]
    model = HandModel(RULES)
    rng = random.Random(3)
    for _ in range(3):  # three turns, seat 0's model watching each start
        model.see(game.view(0))
        for seat in range(4):
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_moves(seat), rng))
        while game.to_act() != frozenset(range(4)):
            seat = min(game.to_act())
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_moves(seat), rng))
    view = game.view(0)
    model.see(view)
    deals = model.deals(view)
    dealt = deal_view(view, deals, [MEDIUM] * 3, rng)
    seen: set[int] = set()
    for deal in deals:
        cards = set(dealt["known"][deal.seat]) - set(view["known"][deal.seat])
        assert len(cards) == deal.need and not cards & seen
        assert cards <= set(deal.allowed[MEDIUM]) or len(deal.allowed[MEDIUM]) < deal.need
        seen |= cards
    sample = type(game).determinize(dealt, rng)
    assert not sample.invariants()
    for deal in deals:
        assert set(sample.to_state()["hands"][deal.seat]) >= set(dealt["known"][deal.seat])


@pytest.mark.parametrize("name", ["xbere", "6nimmt"])
def test_unchosen_lets_the_others_choose_again(name: str) -> None:
    game = make(name, players=3, seed=0)
    game.apply(0, game.legal_moves(0)[0])
    view = game.view(2)
    assert view["chosen"] == [True, False, False]
    fresh = unchosen(view)
    assert fresh["chosen"] == [False, False, False]
    assert fresh["hand_sizes"][0] == view["hand_sizes"][0] + 1
    assert fresh["to_act"] == [0, 1, 2]
    sample = type(game).determinize(fresh, random.Random(0))
    assert sample.to_act() == frozenset({0, 1, 2}) and not sample.invariants()
    assert unchosen(game.view(0)) == game.view(0)  # its own choice stays


def test_a_play_the_rule_cannot_explain_from_known_cards_forbids_nothing() -> None:
    # Seat 1 fills row 1 with 32 and takes 30 and 31: one to its X row, one back to its hand,
    # where seat 0 knows it. Next turn it plays 45 on row 1 while holding that card, which
    # fits row 2 with more room: the roomiest safe fit would never have played 45, so the
    # play forbids nothing under that rule (33-44 would have been nearer on row 1; under
    # `easy`, the nearest fit, they stay forbidden).
    setup = {"rows": [[30, 31], [10], [70]], "hands": [[50, 60, 99, 98], [32, 45, 90, 91]]}
    game = make("xbere", players=2, seed=0, setup=setup)
    model = HandModel(RULES)
    model.see(game.view(0))
    game.apply(0, Play(99))
    game.apply(1, Play(32))
    _settle(game)
    (back,) = game.view(0)["known"][1]
    assert back in (30, 31)
    model.see(game.view(0))
    game.apply(0, Play(98))
    game.apply(1, Play(45))
    _settle(game)
    model.see(game.view(0))
    (deal,) = model.deals(game.view(0))
    assert {33, 40} <= set(deal.allowed[MEDIUM])
    assert not {33, 40} & set(deal.allowed[EASY])


def test_after_a_card_search_a_take_search_plays_the_seats_by_their_chances() -> None:
    # A card search draws each seat's rule per iteration; the search for a take that follows
    # must not keep the last iteration's draw but mix the rules by the model's chances.
    setup = {"rows": [[10, 11], [40], [70]], "hands": [[5, 60, 99], [12, 45, 90]]}
    game = make("xbere", players=2, seed=0, setup=setup)
    bot = HardBot()
    bot.choose(game.view(0), game.legal_moves(0), random.Random(0), Budget(iterations=30))
    assert bot.tuning.easy_share[1] in (0.0, 1.0)  # the last iteration's draw
    game.apply(0, Play(5))  # lower than every row: seat 0 takes one
    game.apply(1, Play(12))
    legal = game.legal_moves(0)
    assert isinstance(legal[0], Take)
    bot.choose(game.view(0), legal, random.Random(0), Budget(iterations=30))
    assert bot.tuning.easy_share == [0.0, EASY_PRIOR[0]] and bot.tuning.deals == []
