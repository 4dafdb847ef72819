"""Many games of one kibitz game stepped together: a Gymnasium `VectorEnv`.

    envs = kibitz.rl.make_vec_env("kozel", 256, seat_policy="easy", series=False)
    observations, infos = envs.reset(seed=1)
    observations, rewards, terminated, truncated, infos = envs.step(actions)

In each game one seat (`seat`) learns; the other seats are played by `seat_policy` between
the learner's steps. Observations are those of the single-agent environment, stacked:
`observations["observation"]` is a float32 array (num_envs, size) and
`observations["action_mask"]` an int8 array (num_envs, actions), the same array as
`infos["action_mask"]`. Both live in arrays made once: each game's tracker
(`kibitz.rl.adapters.Tracker`) keeps its row of the observations up to date from the moves
made, and every step writes the masks of all games; the per-step loop is `kibitz.rl.batch`
(compiled with the engines).

Autoreset follows Gymnasium 1.x's documented modes (`autoreset_mode`):

- `NEXT_STEP` (the default, as in Gymnasium's own vector environments): the step that ends a
  game returns its last observation with `terminated` true; the next step ignores that
  game's action, deals a new game and returns its first observation (reward 0). The mask
  returned with a game's last observation has every action set, since any action is then
  accepted (and ignored), so a mask is never empty.
- `SAME_STEP`: the step that ends a game deals the next one at once and returns its first
  observation; the last observation and info are in `infos["final_obs"]` and
  `infos["final_info"]` (with the `_final_obs` / `_final_info` flags).
"""

from __future__ import annotations

import gc
import random
from collections.abc import Sequence
from copy import deepcopy
from typing import Any, Self

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from kibitz.bots import Bot, Budget, make_bot
from kibitz.core import Game, Move, View
from kibitz.core.rng import fresh_seed
from kibitz.rl.adapters import REWARD_MODES, Adapter, RewardMode, Tracker, adapter
from kibitz.rl.batch import Batch, Policy
from kibitz.rl.pettingzoo_env import copy_but, observation_space

SeatPolicy = str | Bot | Policy | None
"""`"random"` (or None): a random legal move, without building a view; a bot level
(`kibitz.bots.make_bot`: "easy", "medium", ...) or a bot, each game playing a bot of its own
(made by level, or a copy of the bot given); or a `Policy`, one callable for every game."""

GameParts = tuple[
    list[list[Policy | None]],
    list[Tracker],
    list[random.Random],
    list[Game[Any]],
    list[bool],
]
"""What the per-step loop holds of its games (a copy or a pickle carries them): each game's
seat policies, tracker, generator, the game, whether it just ended (the learner's legal
moves are listed again)."""


def mask_rows(masks: np.ndarray[Any, Any]) -> list[memoryview]:
    """Each row of the int8 mask array as a byte memoryview, which `Batch.write` writes 1s
    into or copies a kept mask over."""
    return [memoryview(row).cast("B") for row in masks]


class KibitzVectorEnv(gymnasium.vector.VectorEnv):
    """`num_envs` games of `game` stepped together (build it with `make_vec_env`)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        game: str,
        num_envs: int,
        *,
        players: int | None = None,
        seat: int = 0,
        seat_policy: SeatPolicy | Sequence[SeatPolicy] = "random",
        reward: RewardMode = "win",
        budget: Budget | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        copy: bool = True,
        **options: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be 1 or more, not {num_envs}")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        mode = AutoresetMode(autoreset_mode)
        if mode == AutoresetMode.DISABLED:
            raise ValueError("autoreset_mode must be NEXT_STEP or SAME_STEP")
        self.autoreset_mode = mode
        self.metadata = {"autoreset_mode": mode}
        self.adapter: Adapter = adapter(game, players, options)
        self.game_name = game
        self.players = self.adapter.players
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat}")
        self.seat = seat
        self.num_envs = num_envs
        self.reward_mode: RewardMode = reward
        self.copy = copy
        policies = self._seat_policies(seat_policy)
        self._pause_gc = all(policy is None for policy in policies)
        """Random seats only: the cyclic garbage collector waits while the games are stepped
        (see `step`)."""
        self.single_observation_space = observation_space(self.adapter)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.single_action_space = spaces.Discrete(self.adapter.num_actions)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._size = self.adapter.full_layout.size
        self._observations = np.zeros((num_envs, self._size), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.adapter.num_actions), dtype=np.int8)
        self._mask_rows = mask_rows(self._masks)
        self._seeds = random.Random(fresh_seed())
        # Each game's learner observation, kept up to date in its row of the array by a
        # tracker; all are copies of one, sharing its offset tables (`Tracker.copy`).
        rows = self._observations
        first = self.adapter.new_tracker((seat,), rows[0:1])
        self._batch = Batch(
            self.adapter,
            seat,
            [self._game_policies(policies, budget) for _ in range(num_envs)],
            [first] + [first.copy(rows[i : i + 1]) for i in range(1, num_envs)],
        )

    @property
    def games(self) -> list[Game[Any]]:
        """Each game in play (the true state, for tests and analysis; the learner sees only
        its observation)."""
        return self._batch.games

    def _seat_policies(self, given: SeatPolicy | Sequence[SeatPolicy]) -> list[SeatPolicy]:
        """One policy per seat, None for a random one."""
        if isinstance(given, Sequence) and not isinstance(given, str):
            chosen: list[SeatPolicy] = list(given)
            if len(chosen) != self.players:
                raise ValueError(f"give one seat policy, or one per seat ({self.players})")
        else:
            chosen = [given] * self.players
        for policy in chosen:
            if not (policy is None or isinstance(policy, str | Bot) or callable(policy)):
                raise ValueError(
                    f"a seat policy is 'random', a bot level, a kibitz Bot or a callable "
                    f"(view, legal_moves, rng) -> move, not {policy!r}"
                )
        return [None if policy == "random" else policy for policy in chosen]

    def _game_policies(
        self, policies: list[SeatPolicy], budget: Budget | None
    ) -> list[Policy | None]:
        """The seats' policies of one game: a bot of its own per bot seat (a bot may
        remember its game: Goxeso's bots remember the cards they saw), made by name or
        copied from the bot given; a callable shared by every game."""
        out: list[Policy | None] = []
        for policy in policies:
            if isinstance(policy, str):
                out.append(BotPolicy(make_bot(self.game_name, policy), budget))
            elif isinstance(policy, Bot):
                out.append(BotPolicy(deepcopy(policy), budget))
            else:
                out.append(policy)
        return out

    # ----------------------------------------------------------------- copies

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """An independent copy at the same position: every game, observation and mask, the
        bots (their memories too) and the generators; the adapter, which never changes, is
        shared, and so is a function given as a seat policy (`deepcopy` copies a callable
        object, as any other)."""
        new: Self = copy_but(self, memo, ("_batch", "_mask_rows"))
        policies, trackers, rngs, games, ended = self._parts()
        copied = deepcopy((policies, rngs, games), memo)
        new._home((copied[0], trackers, copied[1], copied[2], list(ended)))
        return new

    def __getstate__(self) -> dict[str, Any]:
        """What `pickle` keeps (how multiprocessing hands the environment to a worker): the
        attributes, with the games' parts in place of the compiled loop and the views."""
        state = {k: v for k, v in vars(self).items() if k not in ("_batch", "_mask_rows")}
        state["_games"] = self._parts()
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        parts = state.pop("_games")
        vars(self).update(state)
        self._home(parts)

    def _parts(self) -> GameParts:
        batch = self._batch
        return (batch.policies, batch.trackers, batch.rngs, batch.games, batch.ended)

    def _home(self, parts: GameParts) -> None:
        """Build the per-step loop around the games' parts, each game's tracker a copy
        writing into its row of this environment's arrays (which hold its values already)
        and following its game."""
        policies, trackers, rngs, games, ended = parts
        self._mask_rows = mask_rows(self._masks)
        rows = self._observations
        homed = []
        for i, tracker in enumerate(trackers):
            copied = tracker.copy(rows[i : i + 1])
            copied.rebind(games[i])
            homed.append(copied)
        batch = self._batch = Batch(self.adapter, self.seat, policies, homed)
        batch.rngs, batch.games, batch.ended = rngs, games, ended

    # ----------------------------------------------------------------- Gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray[Any, Any]], dict[str, Any]]:
        """New games everywhere. `seed` makes them, and every game dealt after them,
        reproducible: each environment's deals and seat policies draw from a generator
        seeded from it."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self._batch.reset(self._seeds)
        self._write()
        observations = self._result_observations()
        return observations, {"action_mask": observations["action_mask"]}

    def step(
        self, actions: Any
    ) -> tuple[
        dict[str, np.ndarray[Any, Any]],
        np.ndarray[Any, Any],
        np.ndarray[Any, Any],
        np.ndarray[Any, Any],
        dict[str, Any],
    ]:
        """The learner's action in every game (an illegal one raises `ValueError` and
        changes nothing), then the other seats until the learner is to act again."""
        given = np.asarray(actions).reshape(-1)
        if len(given) != self.num_envs:
            raise ValueError(f"expected {self.num_envs} actions, got {len(given)}")
        if given.dtype.kind not in "iu":  # a float would be cut to an int, 3.7 to action 3
            raise ValueError(f"actions must be integers, not {given.dtype}: {given[:4]!r}")
        numbers = given.astype(np.intp)
        outside = (numbers < 0) | (numbers >= self.adapter.num_actions)
        # The masks (every action for a game that has just ended) say what is legal.
        legal = ~outside
        legal[legal] = self._masks[legal.nonzero()[0], numbers[legal]] != 0
        if not legal.all():
            i = int((~legal).nonzero()[0][0])
            raise ValueError(
                f"environment {i}: action {given[i]} is not legal now; "
                f"legal: {self._masks[i].nonzero()[0].tolist()}"
            )
        n = self.num_envs
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=np.bool_)
        truncated = np.zeros(n, dtype=np.bool_)
        infos: dict[str, Any] = {}
        batch = self._batch
        # The step makes many small objects (moves applied, trick and event records), whose
        # count starts the cyclic collector, which then walks the objects of all the games
        # in play: a fifth of Kozel's step with 256 games. With random seats (no caller's
        # code runs) the step makes no garbage cycles, so the collector waits for its end.
        paused = self._pause_gc and gc.isenabled()
        if paused:
            gc.disable()
        try:
            finished = batch.step(numbers.tolist())
        finally:
            if paused:
                gc.enable()
        for i in finished:
            rewards[i] = self.adapter.returns(batch.games[i], self.reward_mode)[self.seat]
        terminated[finished] = True
        if self.autoreset_mode == AutoresetMode.NEXT_STEP:
            for i in finished:
                batch.ended[i] = True
        elif finished:
            infos.update(self._final(finished))
            for i in finished:
                batch.restart(i)
        self._write()
        observations = self._result_observations()
        infos["action_mask"] = observations["action_mask"]
        return observations, rewards, terminated, truncated, infos

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions of every game now, as booleans (num_envs, actions)."""
        return self._masks.astype(bool)

    # ----------------------------------------------------------------- observations

    def _write(self) -> None:
        """Write every game's mask (the trackers keep the observations)."""
        self._masks.fill(0)
        self._batch.write(self._mask_rows)

    def _result_observations(self) -> dict[str, np.ndarray[Any, Any]]:
        """The observations and masks to return (copies unless `copy=False`); the masks are
        also `infos["action_mask"]`, the same array."""
        if self.copy:
            return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}
        return {"observation": self._observations, "action_mask": self._masks}

    def _final(self, finished: list[int]) -> dict[str, Any]:
        """SAME_STEP: the last observation and info of each game that just ended."""
        n, adapter = self.num_envs, self.adapter
        final_obs = np.full(n, None, dtype=object)
        final_info = np.full(n, None, dtype=object)
        flags = np.zeros(n, dtype=np.bool_)
        for i in finished:
            game = self.games[i]
            tracker = self._batch.trackers[i]
            tracker.flush(game)
            observation = tracker.rows[0].copy()
            mask = np.zeros(adapter.num_actions, dtype=np.int8)
            final_obs[i] = {"observation": observation, "action_mask": mask}
            outcome = game.outcome()
            assert outcome is not None
            final_info[i] = {
                "action_mask": mask,
                "scores": list(outcome.scores),
                "winners": sorted(outcome.winners),
            }
            flags[i] = True
        return {
            "final_obs": final_obs,
            "_final_obs": flags,
            "final_info": final_info,
            "_final_info": flags.copy(),
        }


class BotPolicy:
    """A kibitz bot as a seat's `Policy`, with its budget (an object, not a closure, so
    that it copies and pickles with its bot)."""

    def __init__(self, bot: Bot, budget: Budget | None) -> None:
        self.bot = bot
        self.budget = budget

    def __call__(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return self.bot.choose(view, legal, rng, self.budget)


def make_vec_env(
    game: str,
    num_envs: int,
    *,
    players: int | None = None,
    seat: int = 0,
    seat_policy: SeatPolicy | Sequence[SeatPolicy] = "random",
    reward: RewardMode = "win",
    budget: Budget | None = None,
    autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
    copy: bool = True,
    **options: Any,
) -> KibitzVectorEnv:
    """`num_envs` games of `game` in one Gymnasium `VectorEnv`: seat `seat` learns, the other
    seats play `seat_policy` (one for all, or one per seat with the learner's ignored).
    `copy=False` returns the environment's own arrays, overwritten by the next step."""
    return KibitzVectorEnv(
        game,
        num_envs,
        players=players,
        seat=seat,
        seat_policy=seat_policy,
        reward=reward,
        budget=budget,
        autoreset_mode=autoreset_mode,
        copy=copy,
        **options,
    )
