"""A seat's observation depends only on what the seat may know: a second state made with
`determinize(view)` (same view, other hidden cards) gives the same observation, through the
PettingZoo AEC, parallel and vector environments (whose vectors are updated move by move;
their view fields are compared with those of the twin: the memory fields, built from what
the seat was shown, are checked against the reference memory in test_fast_path.py) and
through OpenSpiel's observation and information-state API."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import pyspiel  # noqa: E402
from rl_configs import Config, random_actions  # noqa: E402

import kibitz.rl  # noqa: E402
from kibitz.core import determinize  # noqa: E402
from kibitz.rl import openspiel as kos  # noqa: E402


def test_pettingzoo_observation_ignores_what_the_seat_cannot_see(config: Config) -> None:
    name, players, options = config
    env = kibitz.rl.make_env(name, players=players, **options)
    twin = kibitz.rl.make_env(name, players=players, **options)
    size = env.adapter.observation.size  # the view fields; memories: test_fast_path.py
    rng = random.Random(8)
    differing = 0
    for seed in range(3):
        env.reset(seed=seed)
        while env.game is not None and not env.game.is_over():
            game = env.game
            for seat in range(players):
                view = game.view(seat)
                other = determinize(view, rng)
                differing += other.to_state() != game.to_state()
                twin.start(other)
                agent = f"seat_{seat}"
                mine, theirs = env.observe(agent), twin.observe(agent)
                assert np.array_equal(mine["observation"][:size], theirs["observation"][:size])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert differing > 0  # the twins really hid other cards


def test_vector_observations_ignore_what_the_learner_cannot_see(config: Config) -> None:
    """Each game's observation row equals the observation of a game that agrees with the
    learner's view but deals the hidden cards anew (with the learner's memory)."""
    name, players, options = config
    envs = kibitz.rl.make_vec_env(name, 3, players=players, seat=1, **options)
    observations, _ = envs.reset(seed=4)
    size = envs.adapter.observation.size
    rng = random.Random(3)
    differing = 0
    for _ in range(80):
        for i, game in enumerate(envs.games):
            if game.is_over():
                continue
            other = determinize(game.view(1), rng)
            differing += other.to_state() != game.to_state()
            twin = envs.adapter.observe(other, envs.adapter.new_trace(1))
            assert np.array_equal(observations["observation"][i][:size], twin[:size])
            assert np.array_equal(
                observations["action_mask"][i], envs.adapter.action_mask(other, 1)
            )
        actions = [rng.choice(np.flatnonzero(m).tolist()) for m in observations["action_mask"]]
        observations, *_ = envs.step(actions)
    assert differing > 0


def test_parallel_observations_ignore_what_the_seat_cannot_see(config: Config) -> None:
    name, players, options = config
    env = kibitz.rl.make_parallel_env(name, players=players, **options)
    twin = kibitz.rl.make_parallel_env(name, players=players, **options)
    observations, _ = env.reset(seed=1)
    size = env.adapter.observation.size
    rng = random.Random(5)
    differing = 0
    while env.agents:
        game = env.game
        assert game is not None
        for agent, observation in observations.items():
            seat = int(agent.removeprefix("seat_"))
            other = determinize(game.view(seat), rng)
            differing += other.to_state() != game.to_state()
            theirs, _ = twin.start(other)
            mine = observation["observation"][:size]
            assert np.array_equal(mine, theirs[agent]["observation"][:size])
            assert np.array_equal(observation["action_mask"], theirs[agent]["action_mask"])
        actions = random_actions(observations, rng)
        observations, *_ = env.step(actions)
    assert differing > 0


def test_openspiel_observations_ignore_what_the_player_cannot_see(config: Config) -> None:
    name, players, options = config
    game = kos.load(name, players, turn_based=True, **options)
    rng = random.Random(6)
    state = game.new_dealt_state(2)
    while not state.is_terminal():
        for player in range(players):
            sampled = state.resample(player, random.Random(rng.random()))
            assert sampled.observation_string(player) == state.observation_string(player)
            assert np.array_equal(
                sampled.observation_tensor(player), state.observation_tensor(player)
            )
            assert sampled.information_state_string(player) == state.information_state_string(
                player
            )
            assert np.array_equal(
                sampled.information_state_tensor(player), state.information_state_tensor(player)
            )
        state.apply_action(rng.choice(state.legal_actions()))


def test_observations_differ_between_seats_and_states() -> None:
    """The check above is not vacuous: observations carry each seat's own cards."""
    game = kos.load("xbere", 3)
    state = game.new_dealt_state(1)
    tensors = [tuple(state.observation_tensor(p)) for p in range(3)]
    assert len(set(tensors)) == 3
    public = game.make_observer(
        pyspiel.IIGObservationType(private_info=pyspiel.PrivateInfoType.NONE, perfect_recall=False),
        {},
    )
    assert public is not None
