"""Research interfaces against the bare engine and OpenSpiel's C++ games, in one run.

Every figure counts random play per second of this process's CPU time (`time.process_time`:
on a shared machine the other processes' load does not count, though they still share the
caches and the cores' other hardware threads). The figures of one game are measured in
alternating slices (`--rounds` of each, `--seconds` in all per figure), so that a change of
load during the run weighs on all of them alike and the ratios compare figures taken alike:

- engine: random decisions/s of the bare engine (list the legal moves, apply one);
- AEC: PettingZoo AEC steps/s, reading the acting agent's observation and mask (`last()`)
  at every step and choosing among the mask's actions; the floor is 25% of the engine;
- vec: `make_vec_env(game, 256)`: decisions/s in all 256 games together (the learner's,
  which reads its observation and mask, and the random bots'), and the learner's steps/s;
  the floor is 50% of the engine (decisions);
- pyspiel: OpenSpiel's Python loop (`legal_actions`, `apply_action`, chance outcomes
  sampled), steps/s, chance steps included; "+ infostate" also reads the acting player's
  `information_state_tensor` at every decision; the floor is OpenSpiel's C++ hearts
  through the same loop reading its information state tensor ("hearts+", measured in
  slices alternating with the game's; the first lines give hearts and goofspiel alone).

    python bench/rl.py [--seconds 2] [--rounds 5] [--envs 256]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import time
from collections.abc import Callable, Generator
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import kibitz
from kibitz.rl import make_env, make_vec_env
from kibitz.rl import openspiel as kos

CONFIGS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("X bere! 4 players", "xbere", 4, {}),
    ("6 nimmt! 4 players, 1 round", "6nimmt", 4, {"rounds": 1}),
    ("Goxeso 6x6, 2 players", "goxeso", 2, {"size": 6}),
    ("Kozel one deal", "kozel", 4, {"series": False}),
]

Runs = Generator[tuple[dict[str, int], float], float, None]
"""A measurement in slices: `send(seconds)` plays on for that much CPU time and gives back
({figure: steps made}, CPU seconds taken); the state carries over from slice to slice."""


def slices(figure: str, play: Callable[[], int]) -> Runs:
    """The runs of `play` (one game or one step; it returns the steps it made) as `figure`."""
    seconds = yield ({}, 0.0)
    while True:
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            steps += play()
        seconds = yield ({figure: steps}, time.process_time() - start)


def engine(name: str, players: int, options: dict[str, Any]) -> Runs:
    rng = random.Random(0)
    seeds = itertools.count()

    def play() -> int:
        game = kibitz.make(name, players=players, seed=next(seeds), **options)
        while not game.is_over():
            seat = min(game.to_act())
            legal = game.legal_moves(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
        return game.version

    return slices("engine", play)


def aec(name: str, players: int, options: dict[str, Any]) -> Runs:
    env = make_env(name, players=players, **options)
    rng = random.Random(0)
    seeds = itertools.count()

    def play() -> int:
        env.reset(seed=next(seeds))
        steps = 0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            # The mask's 1s through a boolean view of it: numpy finds an int8 array's
            # nonzeros element by element, several times slower (1.3 against 0.5 µs for
            # Goxeso's 761 actions), a cost of the loop's random choice, not of the env.
            legal = observation["action_mask"].view(np.bool_).nonzero()[0]
            env.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return slices("aec", play)


def vec(name: str, players: int, options: dict[str, Any], envs: int) -> Runs:
    """Decisions of all seats in all games (the `learner` figure counts the learner's
    steps: one per game per `step`, in the same slices)."""
    env = make_vec_env(name, envs, players=players, **options)
    rng = np.random.default_rng(0)
    observations, _ = env.reset(seed=0)
    seconds = yield ({}, 0.0)
    while True:
        # The moves of a game are its version: count the games in play at the start and at
        # the end, and each game that ends (NEXT_STEP keeps it in `games` until the next
        # step, which deals a new one).
        decisions = -sum(game.version for game in env.games if not game.is_over())
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            actions = random_actions(observations["action_mask"], rng)
            observations, _, terminated, _, _ = env.step(actions)
            steps += envs
            for i in terminated.nonzero()[0]:
                decisions += env.games[i].version
        elapsed = time.process_time() - start
        decisions += sum(game.version for game in env.games if not game.is_over())
        seconds = yield ({"vec": decisions, "learner": steps}, elapsed)


def random_actions(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> Any:
    """A uniform random legal action per row of `masks` (none is empty), from the positions
    of the 1s alone: drawing a number per action (`argmax` of random times mask) took as
    long as a few engine moves per game at Goxeso's 761 actions, counted against the env."""
    rows, columns = np.divmod(np.flatnonzero(masks.view(np.bool_)), masks.shape[1])
    counts = np.bincount(rows, minlength=len(masks))
    firsts = np.cumsum(counts) - counts
    return columns[firsts + (rng.random(len(masks)) * counts).astype(np.intp)]


def pyspiel_loop(game: Any, infostate: bool, figure: str) -> Runs:
    """Random play through OpenSpiel's Python API; every applied action is a step."""
    rng = random.Random(0)
    players = game.num_players()
    states = [game.new_initial_state()]

    def play() -> int:
        state = states[0]
        if state.is_terminal():
            state = states[0] = game.new_initial_state()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
            return 1
        if state.is_simultaneous_node():
            joint = []
            for p in range(players):
                if infostate:
                    state.information_state_tensor(p)
                joint.append(rng.choice(state.legal_actions(p)))
            state.apply_actions(joint)
            return int(players)
        if infostate:
            state.information_state_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
        return 1

    return slices(figure, play)


def measure(runs: list[Runs], seconds: float, rounds: int) -> dict[str, float]:
    """Steps/s of each figure, the runs played in `rounds` alternating slices of `seconds`
    in all each."""
    steps: dict[str, int] = {}
    taken: dict[str, float] = {}
    for run in runs:
        next(run)
    for _ in range(rounds):
        for run in runs:
            counts, elapsed = run.send(seconds / rounds)
            for key, count in counts.items():
                steps[key] = steps.get(key, 0) + count
                taken[key] = taken.get(key, 0.0) + elapsed
    return {key: steps[key] / taken[key] for key in steps}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="slices per measurement")
    parser.add_argument("--envs", type=int, default=256, help="games in the vector env")
    args = parser.parse_args()
    seconds, rounds = args.seconds, args.rounds
    print(f"load average at start: {os.getloadavg()[0]:.2f}", flush=True)
    hearts, goofspiel = pyspiel.load_game("hearts"), pyspiel.load_game("goofspiel")
    references = measure(
        [
            pyspiel_loop(hearts, False, "hearts"),
            pyspiel_loop(hearts, True, "hearts+"),
            pyspiel_loop(goofspiel, False, "goofspiel"),
            pyspiel_loop(goofspiel, True, "goofspiel+"),
        ],
        seconds,
        rounds,
    )
    for name in ("hearts", "goofspiel"):
        plain, info = references[name], references[name + "+"]
        print(f"OpenSpiel C++ {name}: pyspiel {plain:,.0f} steps/s, + infostate {info:,.0f}")
    header = (
        f"{'steps/s':30}{'engine':>10}{'AEC':>9}{'AEC/eng':>9}{'vec dec':>10}{'vec/eng':>9}"
        f"{'vec lrn':>9}{'pyspiel':>9}{'+info':>8}{'hearts+':>9}{'+info/hearts':>13}"
    )
    print(header, flush=True)
    for label, name, players, options in CONFIGS:
        game = kos.load(name, players, **options)
        figures = measure(
            [
                engine(name, players, options),
                aec(name, players, options),
                vec(name, players, options, args.envs),
                pyspiel_loop(game, False, "pyspiel"),
                pyspiel_loop(game, True, "info"),
                pyspiel_loop(hearts, True, "hearts"),
            ],
            seconds,
            rounds,
        )
        base, pettingzoo, decisions = figures["engine"], figures["aec"], figures["vec"]
        info = figures["info"]
        print(
            f"{label:30}{base:10,.0f}{pettingzoo:9,.0f}{pettingzoo / base:9.0%}"
            f"{decisions:10,.0f}{decisions / base:9.0%}{figures['learner']:9,.0f}"
            f"{figures['pyspiel']:9,.0f}{info:8,.0f}{figures['hearts']:9,.0f}"
            f"{info / figures['hearts']:13.2f}",
            flush=True,
        )
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
