"""Game records: JSON round trip, replay, and errors that name the failing move."""

from __future__ import annotations

import json

import pytest

from kibitz.core import Record, RecordError, make, replay


def _played(seed: int) -> Record:
    game = make("xbere", players=3, seed=seed)
    while not game.is_over():
        seat = min(game.to_act())
        game.apply(seat, game.legal_moves(seat)[-1])
    return Record.of(game)


def test_a_finished_game_exports_a_record_that_replays_to_the_same_game() -> None:
    record = _played(3)
    again = Record.from_json(record.to_json(indent=2))
    assert again == record
    game = replay(again)
    assert game.is_over()
    assert Record.of(game) == record


def test_replay_until() -> None:
    record = _played(4)
    game = replay(record, until=5)
    assert game.version == 5


def test_the_documented_example_format() -> None:
    text = json.dumps(
        {
            "game": "xbere",
            "players": 2,
            "options": {"take_on": "over"},
            "seed": 123,
            "setup": {"rows": [[10], [20], [30]], "hands": [[40, 41], [50, 51]]},
            "moves": [[0, "play 40"], [1, "play 51"]],
        }
    )
    game = replay(Record.from_json(text))
    assert game.to_state()["rows"] == [[10], [20], [30, 40, 51]]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("not json", "not valid JSON"),
        ([], "JSON object"),
        ({"players": 2, "seed": 1}, "'game'"),
        ({"game": "xbere", "players": "2", "seed": 1}, "'players'"),
        ({"game": "xbere", "players": 2}, "'seed' or a 'setup'"),
        ({"game": "xbere", "players": 2, "seed": 1, "moves": [[0]]}, "move 1"),
        ({"game": "xbere", "players": 2, "seed": 1, "extra": 1}, "unknown record field"),
    ],
)
def test_malformed_records(data: object, message: str) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError, match=message):
        Record.from_json(text)


def test_an_illegal_move_is_named_by_its_number() -> None:
    record = Record(
        "xbere",
        2,
        {},
        None,
        {"rows": [[10], [20], [30]], "hands": [[40, 41], [50, 51]]},
        ((0, "play 40"), (1, "play 51"), (0, "play 40")),
    )
    with pytest.raises(RecordError, match=r"move 3 \(0: 'play 40'\): play 40 is not legal") as info:
        replay(record)
    assert info.value.move_number == 3


def test_an_unknown_game_or_a_card_dealt_twice() -> None:
    with pytest.raises(RecordError, match="unknown game"):
        replay(Record("nope", 2, {}, 1))
    twice = {"rows": [[10], [20], [30]], "hands": [[10, 41], [50, 51]]}
    with pytest.raises(RecordError, match="card 10 is dealt twice"):
        replay(Record("xbere", 2, {}, None, twice))
