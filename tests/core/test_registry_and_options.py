"""The registry and rule options: clear errors that list what exists."""

from __future__ import annotations

import pytest

import kibitz
from kibitz.core import OptionError, UnknownGameError, make, spec


def test_make_uses_defaults_and_a_seed_reproduces_the_deal() -> None:
    a, b = make("xbere", seed=7), make("xbere", seed=7)
    assert a.players == 4
    assert a.to_state() == b.to_state()
    assert make("xbere", seed=8).to_state()["hands"] != a.to_state()["hands"]


def test_without_a_seed_games_differ_and_record_their_seed() -> None:
    a, b = make("xbere"), make("xbere")
    assert a.seed is not None and a.seed != b.seed


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'chess'.*xbere.*6nimmt"):
        make("chess")


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(OptionError, match=r"unknown option\(s\) colour; .*take_on"):
        make("xbere", colour="red")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"take_on": "never"}, "not one of limit, over"),
        ({"rounds": "two"}, "whole number"),
        ({"rounds": 0}, "1 to 100"),
        ({"row_limits": [1, 4]}, "2 to 50"),
        ({"hand_size": 30}, "need"),
        ({"players": 5}, "2 to 4"),
        ({"players": "4"}, "whole number"),
        ({"seed": -1}, "0 or more"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make("xbere", **options)  # type: ignore[arg-type]


def test_options_from_text_as_a_command_line_gives_them() -> None:
    game = make("xbere", players=2, take_on="over", row_limits="3,4", rounds="2")
    assert game.options.row_limits == (3, 4) and game.options.rounds == 2
    assert make("6nimmt", rounds="none").options.rounds is None


def test_specs_document_every_option() -> None:
    for game in kibitz.games():
        assert game.options(), game.name
        for name, _default, doc in game.options():
            assert doc, f"{game.name} option {name} has no documentation"
    assert spec("xbere").title == "X bere!"


def test_omitted_players_take_the_nearest_count_the_options_allow() -> None:
    assert make("goxeso", seed=1).players == spec("goxeso").default_players
    assert make("goxeso", seed=1, variant="cross").players == 4
    assert make("goxeso", seed=1, classic=True).players == spec("goxeso").default_players
