"""The PettingZoo ParallelEnv: PettingZoo's own parallel_api_test, and a simultaneous turn
taken in one step."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import parallel_api_test  # noqa: E402
from rl_configs import Config, config_id, configs  # noqa: E402

import kibitz.rl  # noqa: E402
from kibitz.core import spec  # noqa: E402

CONFIGS = configs()
ROWS = [config for config in CONFIGS if spec(config[0]).dynamics == "simultaneous"]


@pytest.mark.parametrize("config", ROWS, ids=config_id)
def test_parallel_api_test(config: Config) -> None:
    name, players, options = config
    parallel_api_test(kibitz.rl.make_parallel_env(name, players=players, **options), 2000)


def test_parallel_games_play_to_the_end_with_the_engines_rewards(config: Config) -> None:
    name, players, options = config
    env = kibitz.rl.make_parallel_env(name, players=players, **options)
    observations, _ = env.reset(seed=4)
    rng = random.Random(1)
    steps = 0
    while env.agents:
        game = env.game
        assert game is not None
        to_act = game.to_act()
        actions = {}
        for agent, observation in observations.items():
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            seat = int(agent.removeprefix("seat_"))
            assert bool(legal) == (seat in to_act)
            if legal:
                actions[agent] = rng.choice(legal)
        before = game.version
        observations, rewards, terminations, _, _ = env.step(actions)
        assert game.version - before == len(to_act)  # every seat to act moved in this step
        steps += 1
    game = env.game
    assert game is not None and game.is_over()
    assert [rewards[a] for a in env.possible_agents] == env.adapter.returns(game, "win")
    assert all(terminations.values())
    if spec(name).dynamics == "simultaneous":
        assert steps < len(game.history)  # simultaneous choices shared steps


def test_a_simultaneous_choice_is_one_step_and_stays_hidden_until_revealed() -> None:
    env = kibitz.rl.make_parallel_env("xbere", players=3)
    observations, _ = env.reset(seed=2)
    assert all(observations[a]["action_mask"].any() for a in env.possible_agents)
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    env.step(actions)
    game = env.game
    assert game is not None
    assert len(game.history) == 3 or game.to_act() != frozenset(range(3))
    with pytest.raises(ValueError, match="must act"):
        env.step({})
    observations, _ = env.reset(seed=2)
    bad = dict.fromkeys(env.possible_agents, 10_000)
    with pytest.raises(ValueError, match="not legal"):
        env.step(bad)
    first = env.possible_agents[0]
    for wrong in (actions[first] + 0.5, str(actions[first]), [actions[first]]):
        with pytest.raises(ValueError, match="is not an action number"):
            env.step({**actions, first: wrong})
    assert env.game is not None and env.game.version == 0  # nothing moved


@pytest.mark.parametrize("config", ROWS, ids=config_id)
def test_a_copy_of_the_parallel_env_plays_on_alone(
    config: Config, copier: Callable[[Any], Any]
) -> None:
    name, players, options = config
    env = kibitz.rl.make_parallel_env(name, players=players, **options)
    observations, _ = env.reset(seed=2)
    rng = random.Random(3)

    def actions(observations: dict[str, Any]) -> dict[str, int]:
        return {
            agent: int(rng.choice(observation["action_mask"].nonzero()[0]))
            for agent, observation in observations.items()
            if observation["action_mask"].any()
        }

    observations, *_ = env.step(actions(observations))
    twin = copier(env)
    state = env.game.to_state()
    chosen = actions(observations)
    mine, *_ = env.step(chosen)
    assert twin.game.to_state() == state  # the original's step left the copy alone
    theirs, *_ = twin.step(chosen)
    assert twin.game.to_state() == env.game.to_state()
    assert mine.keys() == theirs.keys()
    for agent in mine:
        assert (mine[agent]["observation"] == theirs[agent]["observation"]).all()
        assert (mine[agent]["action_mask"] == theirs[agent]["action_mask"]).all()
