"""Kozel refuses bad setups, bad notation and bad options with precise errors."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from kibitz.core import NotationError, OptionError, SetupError, make
from kibitz.games.kozel import Beat, Discard, Four, Lead, parse_move
from kibitz.games.kozel.cards import parse_card

from .helpers import deal

GOOD = deal(["6S 7S 8S 9S", "JS QS KS 10S", "6H 7H 8H 9H", "JH QH KH 10H"], "AD")


def broken(**changes: Any) -> dict[str, Any]:
    setup = copy.deepcopy(GOOD)
    for key, value in changes.items():
        if value is None:
            del setup[key]
        else:
            setup[key] = value
    return setup


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ([1, 2], "must be an object"),
        (broken(dealer=None), "lacks dealer"),
        (broken(extra=1), "has unknown extra"),
        (broken(dealer=4), "seat 0 to 3"),
        (broken(dealer=True), "seat 0 to 3"),
        (broken(hands=GOOD["hands"][:3]), "4 hands"),
        (broken(hands=[["6S", "7S", "8S"], *GOOD["hands"][1:]]), "list of 4 cards"),
        (broken(hands=[["6S", "7S", "8S", "6S"], *GOOD["hands"][1:]]), "dealt twice"),
        (broken(hands=[["6S", "7S", "8S", "1S"], *GOOD["hands"][1:]]), "not a card"),
        (broken(hands=[["6S", "7S", "8S", 9], *GOOD["hands"][1:]]), "not a card"),
        (broken(stock=GOOD["stock"][:19]), "list of 20 cards"),
        (broken(stock=[*GOOD["stock"][:19], "6S"]), "dealt twice"),
        (broken(trump_card="6S"), "must lie in the stock"),
        (broken(trump_card="XX"), "not a card"),
        ({"deals": []}, "non-empty list"),
        ({"deals": [GOOD], "dealer": 0}, "nothing else"),
        ({"deals": [GOOD, broken(dealer=0)]}, "dealer of deal 2 is seat 1"),
        ({"deals": [GOOD, broken(dealer=1, stock=GOOD["stock"][:3])]}, "setup of deal 2"),
    ],
)
def test_bad_setups(setup: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        make("kozel", setup=setup)


def test_two_deals_need_a_series() -> None:
    with pytest.raises(SetupError, match="series is false"):
        make("kozel", setup={"deals": [GOOD, broken(dealer=1)]}, series=False)


@pytest.mark.parametrize(
    "options",
    [{"series_limit": 0}, {"eggs": "triple"}, {"discards": "shown"}, {"series": "maybe"}],
)
def test_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        make("kozel", seed=1, **options)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "lead",
        "play 7H",
        "lead 7H 7H",
        "lead 1H",
        "lead 7X",
        "lead 6S 7S 8S 9S 10S",
        "four 6S 7S",
        "four 6S 7S 8S 9S 10S",
        "beat,7H",
    ],
)
def test_bad_notation(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


def test_notation_round_trips_in_a_fixed_order() -> None:
    for text, kind in [
        ("lead 7H 9H", Lead),
        ("beat 10S AS", Beat),
        ("discard 6C 7D", Discard),
        ("four 6S 8S QS AS", Four),
    ]:
        move = parse_move(text)
        assert type(move) is kind and str(move) == text
    assert parse_move("beat AS 10S") is parse_move("beat 10S AS")
    assert parse_move("  discard 7d   6c ") is parse_move("discard 6C 7D")
    assert str(parse_move("four AS QS 8S 6S")) == "four 6S 8S QS AS"
    assert parse_move("lead 7H") is not parse_move("beat 7H")
    assert parse_card("10h") == parse_card("10H")


def test_illegal_but_well_formed_moves_are_refused_by_the_game() -> None:
    from kibitz.core import IllegalMoveError

    game = make("kozel", setup=GOOD, series=False)
    for text in ["lead JS JH", "lead 6S", "beat JS", "four JS QS KS 10S"]:
        with pytest.raises(IllegalMoveError):
            game.apply(1, text)
