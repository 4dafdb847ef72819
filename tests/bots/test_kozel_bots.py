"""Kozel bots play as a team and their search never branches on a hidden discard."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kibitz.bots import make_bot
from kibitz.bots.kozel import KozelTuning, masters
from kibitz.core import Game, make
from kibitz.games.kozel.cards import parse_card

STOCK = ["6C", "7C", "8C", "9C", "JC", "QC", "KC", "10C", "AC", "6D",
         "7D", "8D", "9D", "JD", "AH", "KD", "10D", "AD", "6H", "7H"]  # fmt: skip


def deal(hands: list[list[str]]) -> Game[Any]:
    setup = {"dealer": 3, "hands": hands, "stock": STOCK, "trump_card": "9D"}
    return make("kozel", setup=setup, series=False)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_heuristics_do_not_beat_the_partners_ace_with_a_trump(level: str) -> None:
    """(The search may: an opponent still to answer could trump the ace.)"""
    # Seat 0 leads AS, seat 1 discards: the partner's ace is on top; seat 2 could beat it
    # with its trump QD (diamonds are trump), which only wastes a trump.
    game = deal(
        [["AS", "8H", "9H", "JH"], ["6S", "7S", "8S", "9S"], ["KS", "QH", "KH", "QD"],
         ["JS", "QS", "10H", "10S"]]
    )  # fmt: skip
    game.apply(0, "lead AS")
    game.apply(1, "discard 6S")
    assert "beat QD" in [str(m) for m in game.legal_moves(2)]
    bot = make_bot("kozel", level)
    move = bot.choose(game.view(2), game.legal_moves(2), random.Random(0))
    assert not str(move).startswith("beat")


def test_the_search_sees_only_the_size_of_anothers_discard() -> None:
    game = deal(
        [["AS", "8H", "9H", "JH"], ["6S", "7S", "8S", "9S"], ["KS", "QH", "KH", "QD"],
         ["JS", "QS", "10H", "10S"]]
    )  # fmt: skip
    game.apply(0, "lead AS")
    tuning = KozelTuning()
    move = game.parse_move("discard 6S")
    assert tuning.observe(game, 0, 1, move) == ("discard", 1)
    assert tuning.observe(game, 1, 1, move) is move
    lead = game.parse_move("lead AS")
    assert tuning.observe(game, 1, 0, lead) is lead


def test_masters_are_the_cards_nothing_unseen_beats_in_suit() -> None:
    gone = 1 << parse_card("AS")
    sure = masters(gone, trump=1)
    assert sure >> parse_card("10S") & 1
    assert not sure >> parse_card("KS") & 1
    assert sure >> parse_card("AH") & 1
