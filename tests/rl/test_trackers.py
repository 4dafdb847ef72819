"""Trackers (the observation vectors kept up to date move by move) equal the straightforward
encoding of a fresh view after every move, for option sets beyond the shared ones (open
Kozel discards and series, Goxeso's classic and team variants and its exchange phase, every
X bere! scoring), with any subset of the seats tracked, and from a game taken over midway."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import reference  # noqa: E402
from rl_configs import Config, config_id  # noqa: E402

import kibitz  # noqa: E402
from kibitz.rl.adapters import adapter, supported  # noqa: E402

OPTION_SETS: list[Config] = [
    ("goxeso", 3, {"size": 4}),
    ("goxeso", 4, {"size": 4, "variant": "bridge"}),
    ("goxeso", 2, {"size": 4, "classic": True}),
    ("goxeso", 2, {"size": 4, "idle_turns": 3}),
    ("goxeso", 2, {"size": 4, "exchange": "none"}),
    ("xbere", 3, {"rounds": 2, "scoring": "bullheads"}),
    ("xbere", 4, {"take_on": "over"}),
    ("6nimmt", 10, {"rounds": 1}),
    ("kozel", 4, {"discards": "open", "series_limit": 4}),
    ("kozel", 4, {"eggs": "double", "series_limit": 4}),
]


def random_move(game: Any, rng: random.Random, followers: list[Any]) -> None:
    """A random legal move of the lowest seat to act, then each follower's `after`."""
    seat = min(game.to_act())
    move = rng.choice(game.legal_moves(seat))
    game.apply(seat, move)
    for follower in followers:
        follower.after(game, seat, move)


@pytest.mark.parametrize(
    "config",
    [config for config in OPTION_SETS if config[0] in supported()],
    ids=config_id,
)
def test_tracked_vectors_equal_the_reference(config: Config) -> None:
    name, players, options = config
    rl_adapter = adapter(name, players, options)
    rng = random.Random(11)
    for seed in range(4):
        game = kibitz.make(name, players, seed, **options)
        for _ in range(rng.randrange(8) if seed % 2 else 0):  # taken over midway
            if game.is_over():
                break
            seat = min(game.to_act())
            game.apply(seat, rng.choice(game.legal_moves(seat)))
        seats = sorted(rng.sample(range(players), rng.randint(1, players)))
        tracker = rl_adapter.new_tracker(seats)
        tracker.start(game)
        memories = [reference.new_trace(rl_adapter, seat) for seat in seats]
        for memory in memories:
            memory.start(game)
        while True:
            if game.is_over() or rng.random() < 0.5:  # read after one move or several
                whole = rng.random() < 0.5  # every row, or some rows one by one
                if whole:
                    tracker.flush(game)
                for seat, row, memory in zip(seats, tracker.rows, memories, strict=True):
                    if not whole:
                        if rng.random() < 0.5:
                            continue
                        tracker.flush(game, seat)
                    assert np.array_equal(row, reference.observation(rl_adapter, game, memory))
            if game.is_over():
                break
            random_move(game, rng, [tracker, *memories])


def test_a_row_game_taken_over_midway_in_a_turn_remembers_that_turn() -> None:
    """Started after some seats chose face down, the memory still counts their choices: at
    the reveal every seat's card joins `played` (it used to wait for a full turn of choices
    after the start, and then read the wrong turn)."""
    pytest.importorskip("pettingzoo")
    import kibitz.rl

    env = kibitz.rl.make_env("xbere", players=3)
    game = kibitz.make("xbere", 3, 5)
    game.apply(0, game.legal_moves(0)[0])
    env.start(game)
    for seat in (1, 2):
        env.step(env.observe(f"seat_{seat}")["action_mask"].nonzero()[0][0])
    start, _ = env.adapter.full_layout.offsets["played"]
    played = env.observe("seat_0")["observation"][start:].reshape(3, -1)
    revealed = {(seat, card) for card, seat in game.queue}
    assert {(seat, card + 1) for seat, card in zip(*played.nonzero(), strict=True)} == revealed


@pytest.mark.parametrize(
    ("name", "options"),
    [("xbere", {}), ("xbere", {"scoring": "bullheads"}), ("6nimmt", {"rounds": 2})],
)
def test_row_scores_summed_from_a_table_equal_the_engines(
    name: str, options: dict[str, Any]
) -> None:
    """The row adapter sums the public scores itself (faster than the engine's): they equal
    `game.public_scores()` after every move of random games, None where the engine hides them."""
    rl_adapter = adapter(name, 3, options)
    rng = random.Random(5)
    for seed in range(3):
        game = kibitz.make(name, 3, seed, **options)
        while True:
            assert rl_adapter.public_scores(game) == game.public_scores()
            if game.is_over():
                break
            seat = min(game.to_act())
            game.apply(seat, rng.choice(game.legal_moves(seat)))


@pytest.mark.parametrize("name", supported())
def test_copies_onto_other_rows_follow_their_own_games(name: str) -> None:
    """The vector environment makes its games' trackers as copies of one onto other rows of
    its array (sharing the offset tables): each copy writes only its rows and follows only
    its game; rows of another shape are refused."""
    rl_adapter = adapter(name, None, {})
    players = rl_adapter.players
    first = rl_adapter.new_tracker((0,))
    rows = np.zeros((2, first.size), dtype=np.float32)
    trackers = [first.copy(rows[0:1]), first.copy(rows[1:2])]
    games = [kibitz.make(name, players, seed) for seed in (1, 2)]
    memories = [reference.new_trace(rl_adapter, 0) for _ in games]
    for tracker, game, memory in zip(trackers, games, memories, strict=True):
        tracker.start(game)
        memory.start(game)
    rng = random.Random(3)
    for _ in range(40):
        for tracker, game, memory in zip(trackers, games, memories, strict=True):
            if not game.is_over():
                random_move(game, rng, [tracker, memory])
        for i, (tracker, game, memory) in enumerate(zip(trackers, games, memories, strict=True)):
            tracker.flush(game)
            assert np.array_equal(rows[i], reference.observation(rl_adapter, game, memory))
    assert not first.rows.any()  # the tracker copied was never started: its rows untouched
    with pytest.raises(ValueError, match="shape"):
        first.copy(np.zeros((1, first.size + 1), dtype=np.float32))
