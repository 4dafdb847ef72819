"""Every view and state that the conformance checker looks at, over every game, its main
option sets and several seeds, validates against the game's exported JSON Schema."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from kibitz.core import games, spec
from kibitz.core.conformance import check_game
from kibitz.core.schema import state_schema, view_schema

CASES: dict[str, list[tuple[int, dict[str, Any], int]]] = {
    "xbere": [(2, {}, 2), (3, {"take_on": "over"}, 3), (4, {"scoring": "bullheads"}, 4)],
    "6nimmt": [(5, {"rounds": 1}, 6)],
    "goxeso": [
        (2, {"size": 4}, 3),
        (3, {"size": 6, "idle_turns": 4}, 4),
        (4, {"size": 4, "variant": "bridge"}, 6),
        (4, {"size": 4, "variant": "cross"}, 6),
        (2, {"size": 4, "classic": True}, 10),
    ],
    "kozel": [
        (4, {"series": False}, 3),
        (4, {"series": False, "discards": "open"}, 3),
        (4, {"series_limit": 4, "eggs": "double"}, 9),
    ],
}
"""Per game: (players, options, views and states checked every so many moves). Validating
one view takes the `jsonschema` package a few milliseconds, so the deep checks are spread
to keep each case to a few hundred views."""

SEEDS = range(3)


def test_every_game_is_covered() -> None:
    assert sorted(CASES) == sorted(game.name for game in games())


@pytest.mark.parametrize(
    ("name", "players", "options", "deep"),
    [(name, *case) for name, cases in CASES.items() for case in cases],
)
def test_conformance_views_and_states_match_the_schema(
    name: str, players: int, options: dict[str, Any], deep: int
) -> None:
    game = spec(name).game
    validators = {
        "view": Draft202012Validator(view_schema(game)),
        "state": Draft202012Validator(state_schema(game)),
    }
    checked = {"view": 0, "state": 0}

    def validate(kind: str, data: Mapping[str, Any]) -> None:
        if not validators[kind].is_valid(data):
            errors = sorted(validators[kind].iter_errors(data), key=lambda e: list(e.path))
            shown = "\n".join(f"  {list(e.path)}: {e.message[:300]}" for e in errors[:5])
            pytest.fail(f"a {name} {kind} breaks its schema:\n{shown}", pytrace=False)
        checked[kind] += 1

    report = check_game(name, players, SEEDS, options, deep_every=deep, validate=validate)
    assert report.finished == len(SEEDS)
    assert checked["view"] == report.views and checked["state"] > len(SEEDS)
