"""A face-down choice may be changed until the last seat has chosen (X bere! and 6 nimmt!;
docs/rules/xbere.md rule 2, docs/rules/6nimmt.md)."""

from __future__ import annotations

import json

import pytest
from conftest import deal

from kibitz.core import IllegalMoveError, NotYourTurnError, Record, replay
from kibitz.core.gamelog import log_step


@pytest.mark.parametrize("name", ["xbere", "6nimmt"])
def test_a_seat_that_chose_may_choose_another_card(name: str) -> None:
    rows = [[10], [20], [30]] if name == "xbere" else [[10], [20], [30], [40]]
    game = deal(rows, [[35, 90, 95], [31, 91, 96], [33, 92, 97]], name)
    game.apply(1, "play 31")
    assert game.to_act() == {0, 2}
    assert game.may_act(1) and not game.may_act(5)
    assert [str(m) for m in game.legal_moves(1)] == ["play 91", "play 96"]
    assert game.view(1)["legal"] == ["play 91", "play 96"]
    game.apply(1, "play 91")  # a change: 31 goes back to the hand
    assert game.view(1)["choice"] == 91
    assert game.view(1)["hand"] == [31, 96]
    assert game.to_act() == {0, 2}
    game.apply(2, "play 33")
    game.apply(0, "play 35")  # the last choice reveals
    assert game.view(0)["revealed"] == [[33, 2], [35, 0], [91, 1]]
    assert game.to_act() == {0, 1, 2}
    assert sorted(game.view(1)["hand"]) == [31, 96]


def test_the_others_see_only_that_a_card_is_chosen() -> None:
    game = deal([[10], [20], [30]], [[35, 90], [31, 91], [33, 92]])
    game.apply(1, "play 31")
    before = [game.view(seat) for seat in (None, 0, 2)]
    game.apply(1, "play 91")
    assert [game.view(seat) for seat in (None, 0, 2)] == before
    assert "91" not in json.dumps(before[1]["rows"]) and before[1]["chosen"][1] is True


def test_no_change_to_the_same_card_nor_once_revealed() -> None:
    game = deal([[10], [20], [30]], [[35, 90, 95], [31, 91, 96]])
    game.apply(0, "play 35")
    with pytest.raises(IllegalMoveError):
        game.apply(0, "play 35")  # chosen already: not in the hand any more
    game.apply(1, "play 31")  # the last choice: revealed and placed at once
    assert game.to_state()["rows"][2] == [30, 31, 35]
    with pytest.raises(IllegalMoveError):
        game.apply(0, "play 35")  # a new turn: the revealed card is gone
    assert game.to_act() == {0, 1}


def test_a_seat_with_no_other_card_cannot_change() -> None:
    game = deal([[10], [20], [30]], [[35], [31]])
    game.apply(0, "play 35")
    assert not game.may_act(0) and game.legal_moves(0) == ()
    with pytest.raises(NotYourTurnError):
        game.apply(0, "play 35")


def test_a_record_with_changes_replays_to_the_same_game() -> None:
    game = deal([[10], [20], [30]], [[35, 90, 95], [31, 91, 96]])
    for seat, text in [(0, "play 35"), (0, "play 95"), (0, "play 90"), (1, "play 96")]:
        game.apply(seat, text)
    record = Record.from_json(Record.of(game).to_json())
    assert record.moves[:3] == ((0, "play 35"), (0, "play 95"), (0, "play 90"))
    assert replay(record).to_state() == game.to_state()
    assert game.view(0)["revealed"] == [[90, 0], [96, 1]]


def test_a_change_adds_nothing_to_the_game_log() -> None:
    game = deal([[10], [20], [30]], [[35, 90, 95], [31, 91, 96]])
    step = log_step("xbere")
    game.apply(0, "play 35")
    before = game.view(None)
    game.apply(0, "play 95")
    assert step(before, game.view(None)) == []
    before = game.view(None)
    game.apply(1, "play 31")
    assert step(before, game.view(None))[0] == {
        "kind": "turn",
        "turn": 1,
        "cards": [[31, 1], [95, 0]],
    }
