"""`determinize` never puts a card where the view rules it out: the seat's own hand and
discards, every card seen face up, the known cards that went back to a hand, the trump card
(shown in the stock, so only where a drawn card can be), and the teams' card points once
they are shown. Checked on the literal deals (with takeovers) and on random play."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from kibitz.core import Game, determinize, make

from .deals import SCORING
from .helpers import card_points, play, start


def positions() -> Iterator[Game[Any]]:
    """Games at every step of the literal deals, and at some steps of random play."""
    takeover = ["lead 6S", "beat 7H", "discard 8S", "four 7C 8C 9C 10C"]
    takeover += ["discard 6S 7D 8D 9D", "beat 7H 8H 9H 10H", "discard 8S JS AD 6C"]
    cases = [
        (start(["7C 8C 9C 10C", "6S 7D 8D 9D", "7H 8H 9H 10H", "8S JS AD 6C"], "AH"), takeover)
    ]
    cases += [(make("kozel", setup=c["setup"], series=False), c["moves"]) for c in SCORING.values()]
    for game, moves in cases:
        yield game
        for move in moves:
            play(game, move)
            yield game
    for seed in range(12):
        rng = random.Random(seed)
        game = make(
            "kozel", seed=seed, series=False, discards="open" if seed % 4 == 3 else "hidden"
        )
        step = 0
        while not game.is_over():
            if step % 3 == 0:
                yield game
            (seat,) = game.to_act()
            game.apply(seat, rng.choice(list(game.legal_moves(seat))))
            step += 1
        yield game


def seen_by(view: dict[str, Any]) -> set[str]:
    """Every card the view locates: own hand and discards, face-up cards, known cards."""
    cards = set(view["hand"] or [])
    tables = [view["trick"], *view["tricks"]]
    for trick in tables:
        for p in trick["plays"]:
            cards.update(p["cards"] or [])
    for known in view["known"]:
        cards.update(known)
    return cards


def check_sample(view: dict[str, Any], sample: Game[Any]) -> None:
    seat = view["seat"]
    state = sample.to_state()
    assert json.dumps(sample.view(seat), sort_keys=True) == json.dumps(view, sort_keys=True)
    assert sample.invariants() == []
    if seat is not None:
        assert state["hands"][seat] == view["hand"]
    for other, known in enumerate(view["known"]):
        assert set(known) <= set(state["hands"][other])
    tables = [state["trick"], *state["tricks"]]
    for other, returned in enumerate(view["returned"]):
        for card, since in returned:
            places = set(state["hands"][other])
            for trick in tables:
                for p in trick["plays"]:
                    if p["seat"] == other and not p["face_up"] and trick["number"] >= since:
                        places.update(p["cards"])
            assert card in places, f"{card} left seat {other}"
    trump = view["trump"]
    if trump not in seen_by(view):
        first_draw: dict[int, int] = {}
        for trick in state["tricks"]:
            for drawer in trick["draws"]:
                first_draw.setdefault(drawer, trick["number"])
        where = [s for s, hand in enumerate(state["hands"]) if trump in hand]
        if trump in state["stock"]:
            pass
        elif where:
            assert where[0] in first_draw, "the trump card in a hand that drew nothing"
        else:
            hits = [
                (p["seat"], trick["number"])
                for trick in tables
                for p in trick["plays"]
                if trump in (p["cards"] or [])
            ]
            assert len(hits) == 1
            owner, number = hits[0]
            assert owner in first_draw and number > first_draw[owner]
    if view["points"] is not None:
        points = [0, 0]
        for trick in state["tricks"]:
            points[trick["winner"] % 2] += card_points(
                [c for p in trick["plays"] for c in p["cards"]]
            )
        assert points == view["points"]


def test_determinize_respects_every_view() -> None:
    rng = random.Random(7)
    samples = 0
    for game in positions():
        for seat in [None, 0, 1, 2, 3]:
            view = game.view(seat)
            for _ in range(3):
                check_sample(view, determinize(view, rng))
                samples += 1
    assert samples > 1000


def test_determinize_samples_what_is_unknown() -> None:
    game = start(["7C 8C 9C 10C", "6S 7D 8D 9D", "7H 8H 9H 10H", "8S JS AD 6C"], "AH")
    play(game, "lead 6S", "beat 7H", "discard 8S")
    view = game.view(0)
    rng = random.Random(3)
    hands, trump_places = set(), set()
    for _ in range(200):
        state = determinize(view, rng).to_state()
        hands.add(tuple(state["hands"][3]) + tuple(state["trick"]["plays"][2]["cards"]))
        # Before any draw the trump card can only be in the stock, anywhere in it.
        assert "AH" in state["stock"]
        trump_places.add(state["stock"].index("AH"))
    assert len(hands) > 100 and len(trump_places) > 10


@pytest.mark.parametrize("name", ["six", "two", "eggs"])
def test_determinize_keeps_the_shown_points_at_the_end(name: str) -> None:
    case = SCORING[name]
    game = make("kozel", setup=case["setup"], series=False)
    play(game, *case["moves"])
    rng = random.Random(1)
    for seat in range(4):
        view = game.view(seat)
        for _ in range(20):
            check_sample(view, determinize(view, rng))
