"""PettingZoo's own test suites (api_test, seed_test) on every game, and episodes played
through the AEC environment against the engine's own outcome."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test
from rl_configs import Config

import kibitz.rl
from kibitz.core import IllegalMoveError
from kibitz.rl.adapters import rewards
from kibitz.rl.pettingzoo_env import SeedStream


def test_pettingzoo_api_test(config: Config) -> None:
    name, players, options = config
    api_test(kibitz.rl.make_env(name, players=players, **options), num_cycles=200)


def test_pettingzoo_seed_test(config: Config) -> None:
    name, players, options = config
    seed_test(lambda: kibitz.rl.make_env(name, players=players, **options), num_cycles=200)


@pytest.mark.parametrize("reward", ["win", "score"])
def test_episode_rewards_match_the_engine(config: Config, reward: Any) -> None:
    name, players, options = config
    env = kibitz.rl.make_env(name, players=players, reward=reward, **options)
    env.reset(seed=11)
    rng = random.Random(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward_now, terminated, truncated, _ = env.last()
        totals[agent] += reward_now
        if terminated or truncated:
            env.step(None)
            continue
        game = env.game
        assert game is not None
        seat = int(agent.removeprefix("seat_"))
        assert seat == min(game.to_act())
        legal = [i for i, bit in enumerate(observation["action_mask"]) if bit]
        assert legal == env.adapter.legal_actions(game, seat)
        assert sorted(str(env.adapter.action_to_move(game, seat, a)) for a in legal) == sorted(
            str(m) for m in game.legal_moves(seat)
        )
        env.step(rng.choice(legal))
        steps += 1
    game = env.game
    assert game is not None and game.is_over()
    outcome = game.outcome()
    assert outcome is not None
    expected = rewards(outcome, game.teams(), env.adapter.lower_is_better, reward)
    assert [totals[a] for a in env.possible_agents] == pytest.approx(expected)
    assert sum(expected) == pytest.approx(0.0)
    assert max(expected) > 0 or all(s == outcome.scores[0] for s in outcome.scores)
    assert steps == len(game.history)


def test_win_reward_splits_among_sides() -> None:
    from kibitz.core import Outcome

    lone = Outcome((3.0, 5.0, 3.0, 9.0), frozenset({0, 2}))
    assert rewards(lone, [(0,), (1,), (2,), (3,)], True, "win") == [0.5, -0.5, 0.5, -0.5]
    teams = Outcome((0.0, 4.0, 0.0, 4.0), frozenset({0, 2}))
    assert rewards(teams, [(0, 2), (1, 3)], True, "win") == [1.0, -1.0, 1.0, -1.0]
    assert rewards(lone, [(0,), (1,), (2,), (3,)], True, "score") == pytest.approx(
        [1 / 3, 0.0, 1 / 3, -2 / 3]
    )
    everyone = Outcome((2.0, 2.0), frozenset({0, 1}))
    assert rewards(everyone, [(0,), (1,)], True, "win") == [0.0, 0.0]


def test_simultaneous_choice_is_hidden_from_the_next_seat() -> None:
    env = kibitz.rl.make_env("xbere", players=3)
    env.reset(seed=5)
    before = env.observe("seat_1")["observation"]
    assert env.agent_selection == "seat_0"
    mask = env.observe("seat_0")["action_mask"]
    env.step(int(mask.argmax()))
    assert env.agent_selection == "seat_1"
    after = env.observe("seat_1")["observation"]
    layout = env.adapter.full_layout
    changed = {
        field.name
        for field in layout.fields
        if (layout.block(before, field.name) != layout.block(after, field.name)).any()
    }
    # Seat 1 learns that seat 0 has chosen (and holds a card fewer), not which card.
    assert changed == {"chosen", "hand_sizes", "to_act"}


def test_an_illegal_action_is_refused_and_changes_nothing(config: Config) -> None:
    name, players, options = config
    env = kibitz.rl.make_env(name, players=players, **options)
    env.reset(seed=3)
    agent = env.agent_selection
    observation = env.last()[0]
    illegal = int((observation["action_mask"] == 0).argmax())
    state = env.game.to_state()
    with pytest.raises(IllegalMoveError, match=f"is not legal for seat {agent[-1]} now"):
        env.step(illegal)
    legal = int(observation["action_mask"].argmax())
    # Not a number: refused by name, never cut to one (3.5 is not action 3).
    for wrong in (legal + 0.5, str(legal), None, [legal], True):
        with pytest.raises(IllegalMoveError, match="is not an action number"):
            env.step(wrong)
    assert env.game.to_state() == state
    assert env.agent_selection == agent
    again = env.last()[0]
    assert (again["observation"] == observation["observation"]).all()
    assert (again["action_mask"] == observation["action_mask"]).all()


def _random_step(env: Any, rng: random.Random) -> None:
    observation, _, terminated, truncated, _ = env.last()
    if terminated or truncated:
        env.step(None)
        return
    legal = observation["action_mask"].nonzero()[0]
    env.step(int(legal[rng.randrange(len(legal))]))


def _same_last(env: Any, twin: Any) -> bool:
    (mine, *rest), (theirs, *their_rest) = env.last(), twin.last()
    return bool(
        env.agent_selection == twin.agent_selection
        and (mine["observation"] == theirs["observation"]).all()
        and (mine["action_mask"] == theirs["action_mask"]).all()
        and rest[:3] == their_rest[:3]
    )


def test_a_copy_plays_on_alone(config: Config, copier: Callable[[Any], Any]) -> None:
    name, players, options = config
    env = kibitz.rl.make_env(name, players=players, **options)
    env.reset(seed=7)
    rng = random.Random(1)
    for _ in range(12):
        _random_step(env, rng)
    twin = copier(env)
    assert twin.game is not env.game
    assert twin.game.to_state() == env.game.to_state()
    # The same moves give the same observations, memories included, to the end.
    mine, theirs = random.Random(2), random.Random(2)
    for _ in env.agent_iter():
        assert _same_last(env, twin)
        _random_step(env, mine)
        _random_step(twin, theirs)
    assert not twin.agents
    # A copy's moves leave the environment it was copied from alone.
    env.reset(seed=8)
    _random_step(env, rng)
    state, before = env.game.to_state(), env.last()[0]["observation"]
    twin = copier(env)
    for _ in range(5):
        _random_step(twin, rng)
    assert env.game.to_state() == state
    assert (env.last()[0]["observation"] == before).all()


def test_seeded_resets_draw_splitmix64() -> None:
    """The deals' seeds are SplitMix64's outputs (its published first two from state 0, less
    their lowest bit); every bit of a seed counts, and a numpy integer is a seed too."""
    stream = SeedStream(0)
    assert [stream.draw(), stream.draw()] == [0xE220A8397B1DCDAF >> 1, 0x6E789E6AA1B965F4 >> 1]
    assert SeedStream(3).draw() != SeedStream(3 + (1 << 64)).draw()
    assert SeedStream(np.int64(7)).draw() == SeedStream(7).draw()
    env = kibitz.rl.make_env("kozel", players=4, series=False)
    env.reset(seed=np.int64(7))
    first = env.game
    env.reset(seed=7)
    assert first is not None and env.game is not None
    assert first.seed == env.game.seed == SeedStream(7).draw()


@pytest.mark.parametrize("seed", ["abc", 1.5, [1]])
def test_a_seed_that_is_no_integer_is_refused(seed: Any) -> None:
    env = kibitz.rl.make_env("xbere", players=3)
    env.reset(seed=1)
    game = env.game
    with pytest.raises(ValueError, match="seed must be an integer"):
        env.reset(seed=seed)
    assert env.game is game
