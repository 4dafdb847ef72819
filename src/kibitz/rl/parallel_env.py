"""A kibitz game as a PettingZoo ParallelEnv: `kibitz.rl.make_parallel_env("xbere", players=4)`.

Made for the simultaneous row games (X bere!, 6 nimmt!), where every seat chooses its card
face down at once: a step takes the actions of all the seats to act now (`game.to_act()`)
and applies them in seat order, so the cards are revealed within that one step. The
decisions in the middle of a placement (take a row, choose an X card) are steps of the one
seat that must decide; the other agents' actions are then ignored (their mask is all zeros).
It works the same for the sequential games (one seat acts per step).

Agents, observations, action numbers and rewards are those of the AEC environment
(`kibitz.rl.make_env`, docs/rl.md). PettingZoo's `aec_to_parallel` cannot convert that one:
its agents act one by one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from kibitz.core import Game
from kibitz.rl.adapters import RewardMode
from kibitz.rl.legal import action_number
from kibitz.rl.pettingzoo_env import Observation, SeatsEnv, agent_name


class KibitzParallelEnv(SeatsEnv, ParallelEnv):  # type: ignore[misc]
    """One kibitz game and option set as a parallel environment (build it with
    `make_parallel_env`)."""

    metadata = {"render_modes": ["ansi"], "name": "kibitz"}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        reward: RewardMode = "win",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self._setup(
            game,
            players,
            reward=reward,
            render_mode=render_mode,
            options=options,
            name=f"kibitz_{game}_parallel",
        )
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game. `seed` makes it and every later unseeded reset reproducible. `options`
        is accepted and ignored: the rule options are fixed when the environment is made."""
        return self.start(self._deal(seed))

    def start(self, game: Game[Any]) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Play on from `game` (a fresh one, a replayed record, a puzzle position)."""
        self._begin(game)
        self.agents = [] if game.is_over() else list(self.possible_agents)
        return self._observations(self.agents), {name: {} for name in self.agents}

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Apply the actions of every seat to act now, in seat order (the actions of the
        others are ignored). A seat to act without an action raises `ValueError`, and so
        does an illegal action (then nothing has moved)."""
        game = self._game()
        if game.is_over():
            raise RuntimeError("the game is over: call reset()")
        seats = sorted(game.to_act())
        moves = []
        for seat in seats:
            name = agent_name(seat)
            if actions.get(name) is None:
                raise ValueError(f"{name} must act now and has no action")
            action = action_number(actions[name])
            if action not in self.adapter.actions(game, seat):
                raise ValueError(f"action {action} of {name} is not legal now")
            moves.append(self.adapter.action_to_move(game, seat, action))
        for seat, move in zip(seats, moves, strict=True):
            self._play(seat, move)
        live = self.agents
        over = game.is_over()
        returns = self.adapter.returns(game, self.reward_mode) if over else None
        rewards = {name: 0.0 if returns is None else returns[s] for s, name in enumerate(live)}
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, False)
        infos: dict[str, dict[str, Any]] = {name: {} for name in live}
        observations = self._observations(live)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self, agents: list[str]) -> dict[str, Observation]:
        return {name: self._observation(self._seat[name]) for name in agents}


def make_parallel_env(
    game: str,
    players: int | None = None,
    reward: RewardMode = "win",
    render_mode: str | None = None,
    **options: Any,
) -> KibitzParallelEnv:
    """A PettingZoo ParallelEnv of `game` for `players` seats with the game's rule `options`:
    each step takes the actions of all the seats to act (X bere!'s and 6 nimmt!'s
    simultaneous choice in one step). `reward` is "win" or "score" (docs/rl.md)."""
    return KibitzParallelEnv(game, players, reward, render_mode, **options)
