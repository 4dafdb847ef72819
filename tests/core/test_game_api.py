"""The public game API: refused moves raise a narrow error and change nothing."""

from __future__ import annotations

import json
import random

import pytest

from kibitz.core import (
    GameOverError,
    IllegalMoveError,
    KibitzError,
    NotationError,
    NotYourTurnError,
    SeatError,
    StateError,
    ViewError,
    determinize,
    from_state,
    make,
)

SETUP = {"rows": [[10], [20], [30]], "hands": [[40, 41], [50, 51]]}


@pytest.mark.parametrize(
    ("seat", "move", "error"),
    [
        (0, "play 99", IllegalMoveError),
        (0, "x 40", IllegalMoveError),
        (0, "Play 40", NotationError),
        (0, "play 040", NotationError),
        (0, "", NotationError),
        (2, "play 40", SeatError),
        (-1, "play 40", SeatError),
        (True, "play 41", SeatError),
    ],
)
def test_refusals_change_nothing(seat: int, move: str, error: type[KibitzError]) -> None:
    game = make("xbere", players=2, setup=SETUP)
    before = json.dumps(game.to_state())
    with pytest.raises(error):
        game.apply(seat, move)
    assert json.dumps(game.to_state()) == before
    assert issubclass(error, ValueError)


def test_not_your_turn_and_game_over() -> None:
    game = make("xbere", players=2, setup={"rows": SETUP["rows"], "hands": [[40], [50]]})
    game.apply(0, "play 40")
    with pytest.raises(NotYourTurnError, match="seat 0 may not act now; waiting for seat 1"):
        game.apply(0, "play 40")
    game.apply(1, "play 50")
    assert game.is_over()
    with pytest.raises(GameOverError):
        game.apply(1, "play 50")


def test_apply_listed_makes_the_move_at_its_index_and_refuses_as_apply_does() -> None:
    game, twin = (make("xbere", players=2, seed=1, setup=SETUP) for _ in range(2))
    legal = game.legal_moves(0)
    before = json.dumps(game.to_state())
    for seat, index, error in [
        (0, len(legal), IllegalMoveError),
        (0, -1, IllegalMoveError),
        (0, True, IllegalMoveError),
        (0, "1", IllegalMoveError),
        (0, 1.0, IllegalMoveError),
        (2, 0, SeatError),
    ]:
        with pytest.raises(error):
            game.apply_listed(seat, index)
        assert json.dumps(game.to_state()) == before
    assert game.apply_listed(0, 1) is legal[1]
    twin.apply(0, legal[1])
    assert game.to_state() == twin.to_state()
    assert game.history == twin.history
    over = make("xbere", players=2, setup={"rows": SETUP["rows"], "hands": [[40], [50]]})
    over.apply_listed(0, 0)
    with pytest.raises(NotYourTurnError):
        over.apply_listed(0, 0)
    over.apply_listed(1, 0)
    with pytest.raises(GameOverError):
        over.apply_listed(1, 0)


def test_legal_moves_empty_for_seats_that_may_not_act() -> None:
    game = make("xbere", players=2, setup=SETUP)
    game.apply(0, "play 40")
    assert game.to_act() == {1} and game.may_act(0)  # seat 0 may still change its card
    assert [str(m) for m in game.legal_moves(0)] == ["play 41"]
    assert [str(m) for m in game.legal_moves(1)] == ["play 50", "play 51"]
    game.apply(1, "play 50")  # the last choice: revealed
    game.apply(0, "play 41")
    assert not game.may_act(0) and list(game.legal_moves(0)) == []
    assert not game.may_act(True) and not game.may_act(9)
    with pytest.raises(SeatError):
        game.legal_moves(5)


def test_moves_are_values_with_a_round_trip_notation() -> None:
    game = make("xbere", players=2, setup=SETUP)
    for text in ("play 57", "take 2", "x 17"):
        move = game.parse_move(text)
        assert str(move) == text and game.parse_move(text) == move


def test_a_history_entry_is_the_moves_shared_seat_pair() -> None:
    """Recording a move makes no new object: every game that records an interned move for a
    seat keeps the same `(seat, move)` tuple, so the cyclic collector has nothing new to walk
    (docs/engines.md, "Fixed-size tuples are unboxed")."""
    first = make("xbere", players=2, setup=SETUP)
    second = make("xbere", players=2, setup=SETUP)
    for game in (first, second):
        game.apply(1, "play 50")
    move = first.parse_move("play 50")
    assert first.history == [(1, move)]
    assert first.history[0] is second.history[0] is move.seated(1)


def test_state_round_trips_and_bad_states_are_refused() -> None:
    game = make("xbere", players=3, seed=4)
    game.apply(1, game.legal_moves(1)[0])
    restored = from_state(json.loads(json.dumps(game.to_state())))
    assert restored.to_state() == game.to_state()
    assert restored.history == game.history
    broken = game.to_state()
    del broken["rows"]
    with pytest.raises(StateError):
        from_state(broken)
    with pytest.raises(StateError, match="options must be an object"):
        from_state({**game.to_state(), "options": 7})


def test_determinize_keeps_the_view_and_varies_the_hidden() -> None:
    game = make("xbere", players=4, seed=9)
    view = game.view(2)
    samples = [determinize(view, random.Random(i)) for i in range(5)]
    assert all(s.view(2) == view for s in samples)
    assert len({json.dumps(s.to_state()["hands"][0]) for s in samples}) > 1
    assert all(s.to_state()["hands"][2] == game.to_state()["hands"][2] for s in samples)


def test_determinize_rejects_foreign_and_broken_views() -> None:
    view = make("xbere", players=2, seed=1).view(0)
    with pytest.raises(ViewError):
        determinize({**view, "game": "6nimmt"}, random.Random(0))
    with pytest.raises(ViewError):
        determinize({k: v for k, v in view.items() if k != "rows"}, random.Random(0))
    with pytest.raises(ViewError):
        determinize({**view, "hand_sizes": [8, 99]}, random.Random(0))
    with pytest.raises(ViewError, match="options must be an object"):
        determinize({**view, "options": [1]}, random.Random(0))


def test_spectator_view_has_no_hand() -> None:
    view = make("xbere", players=2, setup=SETUP).view(None)
    assert view["hand"] is None and view["legal"] == [] and view["seat"] is None
