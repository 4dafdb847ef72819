"""X bere! and 6 nimmt! pass the conformance checker for every option reading."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kibitz.core import Game, from_state
from kibitz.core.conformance import check_game


def twin(game: Game[Any], seat: int, rng: random.Random) -> Game[Any]:
    """The same game with every card `seat` cannot see shuffled among the places it cannot
    see: other hands (but their publicly known cards), others' face-down choices, and the
    cards out of play."""
    state = game.to_state()
    hands, choices, known = state["hands"], state["choices"], state["known"]
    located: set[int] = set()
    for key in ("rows", "hands", "x_rows", "x_piles", "piles"):
        for cards in state.get(key, []):
            located.update(cards)
    located.update(c for c in choices if c is not None)
    located.update(card for card, _ in state["revealed"][state["placed"] :])
    if state["pending"]:
        located.update(state["pending"]["cards"])
    deck = state["options"].get("deck_size", 104)
    pool = [card for card in range(1, deck + 1) if card not in located]
    slots: list[tuple[str, int, int]] = []
    for other in range(game.players):
        if other == seat:
            continue
        for i, card in enumerate(hands[other]):
            if card not in known[other]:
                pool.append(card)
                slots.append(("hand", other, i))
        if choices[other] is not None and choices[other] not in known[other]:
            pool.append(choices[other])
            slots.append(("choice", other, 0))
    rng.shuffle(pool)
    for (kind, other, i), card in zip(slots, pool, strict=False):
        if kind == "hand":
            hands[other][i] = card
        else:
            choices[other] = card
    for hand in hands:
        hand.sort()
    return from_state(state)


XBERE_READINGS: list[dict[str, Any]] = [
    {},
    {"take_on": "over"},
    {"end": "empty-hand"},
    {"scoring": "bullheads", "rounds": 2},
    {"row_limits": [2, 3], "hand_size": 5, "deck_size": 40},
]


@pytest.mark.parametrize("options", XBERE_READINGS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_xbere_conforms(players: int, options: dict[str, Any]) -> None:
    report = check_game("xbere", players, range(4), options, twin=twin, deep_every=3)
    assert report.finished == 4
    assert report.twins > 0
    assert report.changes > 0  # seats changed their choices, and nobody saw it


@pytest.mark.parametrize("players", [2, 5, 10])
def test_6nimmt_conforms(players: int) -> None:
    report = check_game("6nimmt", players, range(2), {"rounds": 2}, twin=twin, deep_every=7)
    assert report.finished == 2
    assert report.changes > 0


def test_6nimmt_plays_to_the_target() -> None:
    report = check_game("6nimmt", 4, range(3), {}, deep_every=50)
    assert all(max(scores) >= 66 for scores in report.outcomes)
