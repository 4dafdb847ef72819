"""The single-agent Gymnasium environment: Gymnasium's own env checker, and episodes
against kibitz bots."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from rl_configs import Config  # noqa: E402

import kibitz.rl  # noqa: E402
from kibitz.bots import available  # noqa: E402


def test_gymnasium_env_checker(config: Config) -> None:
    name, players, options = config
    # The checker steps with unmasked samples of the action space: let the environment
    # replace an illegal action by a legal one (the default is to raise).
    env = kibitz.rl.make_gym_env(name, players=players, seat=1, illegal="random", **options)
    check_env(env, skip_render_check=True)
    strict = kibitz.rl.make_gym_env(name, players=players, seat=1, **options)
    observation, _ = strict.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    for wrong in (legal + 0.5, str(legal), None):  # refused even where illegal is replaced
        with pytest.raises(ValueError, match="is not an action number"):
            env.step(wrong)


def test_episode_against_bots(config: Config) -> None:
    name, players, options = config
    level = "easy" if "easy" in available(name) else "random"
    env = kibitz.rl.make_gym_env(name, players=players, bots=level, seat=0, **options)
    rng = random.Random(0)
    observation, info = env.reset(seed=3)
    first = observation["observation"].copy()
    done, steps, reward = False, 0, 0.0
    while not done:
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        assert legal and legal == np.flatnonzero(info["action_mask"]).tolist()
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and np.flatnonzero(masks).tolist() == legal
        observation, reward, done, truncated, info = env.step(rng.choice(legal))
        assert not truncated
        steps += 1
    assert env.game is not None and env.game.is_over()
    assert reward == pytest.approx(env.adapter.returns(env.game, "win")[0])
    assert info["winners"] == sorted(env.game.outcome().winners)  # type: ignore[union-attr]
    # Reproducible: the same seed gives the same deal and the same bot moves.
    again, _ = env.reset(seed=3)
    assert np.array_equal(again["observation"], first)
    learner_moves = sum(1 for seat, _ in env.game.history if seat == 0)
    assert learner_moves <= steps


def test_a_copy_of_the_gym_env_plays_on_alone(config: Config, copier: Callable[[Any], Any]) -> None:
    name, players, options = config
    env = kibitz.rl.make_gym_env(name, players, bots="easy", **options)
    observation, _ = env.reset(seed=4)
    rng = random.Random(5)
    observation, *_ = env.step(int(rng.choice(observation["action_mask"].nonzero()[0])))
    twin = copier(env)
    state = env.game.to_state()
    # The same actions give the same observations and rewards to the end (the bots' own
    # generator and memory were copied too); the original's steps leave the copy alone.
    mine = theirs = observation
    while True:
        action = int(rng.choice(mine["action_mask"].nonzero()[0]))
        mine, reward, over, *_ = env.step(action)
        if state is not None:
            assert twin.game.to_state() == state
            state = None
        theirs, their_reward, their_over, *_ = twin.step(action)
        assert (mine["observation"] == theirs["observation"]).all()
        assert (mine["action_mask"] == theirs["action_mask"]).all()
        assert (reward, over) == (their_reward, their_over)
        if over:
            break
