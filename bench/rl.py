"""Environment steps per second: the bare engine, PettingZoo and OpenSpiel, per game.

Each step is one decision chosen at random among the legal ones. The bare engine lists the
legal moves and applies one; PettingZoo builds the observation vector and action mask at
every step (as a learner would read them); OpenSpiel lists legal actions and applies one
(joint actions at X bere!'s simultaneous nodes count one step per seat), and "OpenSpiel +
obs" also reads the acting player's observation tensor.

    python bench/rl.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import kibitz
from kibitz.rl import make_env
from kibitz.rl import openspiel as kos

CONFIGS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("X bere! 4 players", "xbere", 4, {}),
    ("6 nimmt! 4 players, 1 round", "6nimmt", 4, {"rounds": 1}),
    ("Goxeso 6x6, 2 players", "goxeso", 2, {"size": 6}),
    ("Kozel one deal", "kozel", 4, {"series": False}),
]


def engine(name: str, players: int, options: dict[str, Any], seconds: float) -> float:
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = kibitz.make(name, players=players, seed=seed, **options)
        seed += 1
        while not game.is_over():
            seat = min(game.to_act())
            legal = game.legal_moves(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def pettingzoo(name: str, players: int, options: dict[str, Any], seconds: float) -> float:
    env = make_env(name, players=players, **options)
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel(
    name: str, players: int, options: dict[str, Any], seconds: float, observe: bool = False
) -> float:
    game = kos.load(name, players, **options)
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_dealt_state(seed)
        seed += 1
        while not state.is_terminal():
            player = state.current_player()
            if player == pyspiel.PlayerId.SIMULTANEOUS:
                joint = []
                for p in range(players):
                    if observe:
                        state.observation_tensor(p)
                    joint.append(rng.choice(state.legal_actions(p)))
                state.apply_actions(joint)
                steps += players
            else:
                if observe:
                    state.observation_tensor(player)
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    runs: list[tuple[str, Callable[..., float], dict[str, Any]]] = [
        ("engine", engine, {}),
        ("PettingZoo", pettingzoo, {}),
        ("OpenSpiel", openspiel, {}),
        ("OpenSpiel + obs", openspiel, {"observe": True}),
    ]
    print(f"{'steps/s':32}" + "".join(f"{label:>17}" for label, _, _ in runs))
    for label, name, players, options in CONFIGS:
        figures = [run(name, players, options, args.seconds, **extra) for _, run, extra in runs]
        print(f"{label:32}" + "".join(f"{figure:17,.0f}" for figure in figures), flush=True)


if __name__ == "__main__":
    main()
