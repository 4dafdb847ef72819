"""The vector environment: Gymnasium's VectorEnv contract in both autoreset modes, masks
that are never empty, reproducible seeds, bots and callables for the other seats."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.vector import AutoresetMode  # noqa: E402
from rl_configs import Config  # noqa: E402

import kibitz.bots  # noqa: E402
import kibitz.rl  # noqa: E402


def _sample(masks: Any, rng: random.Random) -> list[int]:
    return [rng.choice(np.flatnonzero(row).tolist()) for row in masks]


def test_next_step_autoreset(config: Config) -> None:
    name, players, options = config
    envs = kibitz.rl.make_vec_env(name, 3, players=players, seat=1, **options)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    observations, infos = envs.reset(seed=5)
    assert envs.observation_space.contains(observations)
    size = envs.adapter.full_layout.size
    assert observations["observation"].shape == (3, size)
    assert observations["observation"].dtype == np.float32
    rng = random.Random(0)
    ended = np.zeros(3, dtype=bool)
    finished = 0
    for _ in range(400):
        masks = infos["action_mask"]
        assert np.array_equal(masks, observations["action_mask"])
        assert masks.any(axis=1).all()  # never an empty mask
        assert np.array_equal(envs.action_masks(), masks.astype(bool))
        observations, rewards, terminated, truncated, infos = envs.step(_sample(masks, rng))
        assert not truncated.any()
        # A game that ended at the last step starts anew now, with reward 0.
        assert not (terminated & ended).any() and (rewards[ended] == 0).all()
        for i in np.flatnonzero(terminated):
            game = envs.games[i]
            assert game.is_over()
            assert rewards[i] == envs.adapter.returns(game, "win")[1]
            assert infos["action_mask"][i].all()  # any action: the next step ignores it
        for i in np.flatnonzero(ended):
            assert envs.games[i].version <= players * 4 and not envs.games[i].is_over()
        finished += int(terminated.sum())
        ended = terminated
    assert finished > 0


def test_same_step_autoreset(config: Config) -> None:
    name, players, options = config
    envs = kibitz.rl.make_vec_env(
        name, 2, players=players, autoreset_mode=AutoresetMode.SAME_STEP, **options
    )
    observations, infos = envs.reset(seed=1)
    rng = random.Random(3)
    finished = 0
    for _ in range(300):
        observations, rewards, terminated, _, infos = envs.step(
            _sample(observations["action_mask"], rng)
        )
        assert observations["action_mask"].any(axis=1).all()
        if terminated.any():
            assert np.array_equal(infos["_final_obs"], terminated)
            for i in np.flatnonzero(terminated):
                final = infos["final_obs"][i]
                assert final["observation"].shape == observations["observation"][i].shape
                assert not final["action_mask"].any()
                assert rewards[i] != 0 or len(set(infos["final_info"][i]["scores"])) == 1
                assert not envs.games[i].is_over()  # already the next game
            finished += int(terminated.sum())
    assert finished > 0


def test_seeds_reproduce_and_illegal_actions_raise() -> None:
    a = kibitz.rl.make_vec_env("kozel", 4, series=False)
    b = kibitz.rl.make_vec_env("kozel", 4, series=False)
    first, _ = a.reset(seed=9)
    again, _ = b.reset(seed=9)
    assert np.array_equal(first["observation"], again["observation"])
    assert len({tuple(row) for row in first["observation"]}) == 4  # four different deals
    illegal = [int(np.flatnonzero(row == 0)[0]) for row in first["action_mask"]]
    before = [game.version for game in a.games]
    with pytest.raises(ValueError, match="not legal"):
        a.step(illegal)
    legal = [int(np.flatnonzero(row)[0]) for row in first["action_mask"]]
    with pytest.raises(ValueError, match="must be integers, not float64"):
        a.step(np.array(legal) + 0.5)  # not cut to the legal actions
    with pytest.raises(ValueError, match="must be integers"):
        a.step([str(action) for action in legal])
    assert [game.version for game in a.games] == before


def test_other_seats_by_bots_and_callables() -> None:
    calls = []

    def lowest(view: dict[str, Any], legal: Any, rng: random.Random) -> Any:
        calls.append(view["seat"])
        return min(legal, key=str)

    envs = kibitz.rl.make_vec_env("xbere", 2, players=3, seat_policy=["random", lowest, "easy"])
    observations, _ = envs.reset(seed=0)
    rng = random.Random(0)
    for _ in range(30):
        observations, *_ = envs.step(_sample(observations["action_mask"], rng))
    assert calls and set(calls) == {1}
    with pytest.raises(ValueError, match="one per seat"):
        kibitz.rl.make_vec_env("xbere", 2, players=3, seat_policy=["random", "easy"])
    for wrong in (42, ["random", 42, "easy"]):  # named, before any game is dealt
        with pytest.raises(ValueError, match=r"a seat policy is .* not 42"):
            kibitz.rl.make_vec_env("xbere", 2, players=3, seat_policy=wrong)


@pytest.mark.parametrize(
    "policy", ["greedy", kibitz.bots.make_bot("goxeso", "hard")], ids=["by-name", "a-bot"]
)
def test_each_game_has_bots_of_its_own(policy: Any) -> None:
    # Goxeso's bots remember the cards they saw: a bot shared by all games would mix them
    # up. The first game of three plays move for move as it does alone (its deals and bot
    # generator are the first drawn from the seed in both), given the same learner actions.
    def play(num_envs: int) -> list[list[str]]:
        envs = kibitz.rl.make_vec_env("goxeso", num_envs, size=4, seat_policy=policy)
        observations, _ = envs.reset(seed=3)
        games = [envs.games[0]]
        for _ in range(150):
            # The lowest legal action in every game: the same learner in both runs.
            actions = [int(np.flatnonzero(row)[0]) for row in observations["action_mask"]]
            observations, *_ = envs.step(actions)
            if envs.games[0] is not games[-1]:
                games.append(envs.games[0])
        return [[f"{seat}:{move}" for seat, move in game.history] for game in games]

    alone = play(1)
    assert len(alone) >= 3
    assert play(3) == alone


def test_a_copy_of_the_vector_env_plays_on_alone(
    config: Config, copier: Callable[[Any], Any]
) -> None:
    name, players, options = config
    envs = kibitz.rl.make_vec_env(name, 3, players=players, seat_policy="easy", **options)
    observations, _ = envs.reset(seed=4)
    rng = random.Random(5)
    for _ in range(3):
        observations, *_ = envs.step(_sample(observations["action_mask"], rng))
    twin = copier(envs)
    states = [game.to_state() for game in envs.games]
    # The same actions give the same observations, rewards and new games (the bots' own
    # generators and memories were copied, and the deal generators); the original's steps
    # leave the copy alone.
    ended = 0
    for _ in range(400):
        actions = _sample(observations["action_mask"], rng)
        observations, rewards, terminated, truncated, _ = envs.step(actions)
        if states:
            assert [game.to_state() for game in twin.games] == states
            states = []
        theirs, their_rewards, their_terminated, their_truncated, _ = twin.step(actions)
        assert (observations["observation"] == theirs["observation"]).all()
        assert (observations["action_mask"] == theirs["action_mask"]).all()
        assert (rewards == their_rewards).all() and (terminated == their_terminated).all()
        assert (truncated == their_truncated).all()
        ended += int(terminated.sum())
    assert ended > 0
