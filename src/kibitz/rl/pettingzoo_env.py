"""Every kibitz game as a PettingZoo AEC environment: `kibitz.rl.make_env("xbere", players=3)`.

Agents are `seat_0` .. `seat_{P-1}`. The agent to act is the lowest seat among the game's
seats to act: X bere!'s and 6 nimmt!'s simultaneous choice is asked seat by seat, and as the
engine keeps each choice face down until all have chosen, no seat sees another's choice of
the turn (only that it has chosen). Observations are dicts `{"observation": float32 vector,
"action_mask": int8 vector}`; docs/rl.md lays both out.
"""

from __future__ import annotations

import copy
import operator
from collections.abc import Mapping
from typing import Any, Self

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from kibitz.core import Game, Move
from kibitz.core.rng import SEED_BITS, fresh_seed
from kibitz.rl.adapters import REWARD_MODES, Adapter, RewardMode, Tracker, adapter
from kibitz.rl.seat_steps import DEAD, AgentIterator, SeatSteps

Observation = dict[str, np.ndarray[Any, Any]]


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


_MASK64 = (1 << 64) - 1


class SeedStream:
    """Kibitz seeds drawn one after another from a seed (SplitMix64: Steele, Lea and
    Flood, 2014), the deals of an environment's resets. A seeded reset with a new
    `random.Random` spent 3 µs seeding its Mersenne Twister, a tenth of a Kozel reset."""

    def __init__(self, seed: int) -> None:
        """`seed`: an integer of any size (a numpy integer too); anything else is refused
        with `ValueError` naming it."""
        try:
            seed = abs(operator.index(seed))
        except TypeError:
            raise ValueError(f"seed must be an integer, not {seed!r}") from None
        state = 0
        while True:  # every bit of a seed of any size counts
            state ^= seed & _MASK64
            seed >>= 64
            if not seed:
                break
            state = self._mix(state)
        self.state = state

    @staticmethod
    def _mix(z: int) -> int:
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def draw(self) -> int:
        """The next kibitz seed (`SEED_BITS` bits)."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        return self._mix(self.state) >> (64 - SEED_BITS)


def observation_space(adapter: Adapter) -> spaces.Dict:
    """The space of one seat's observation: its vector and its action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, np.inf, (adapter.full_layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (adapter.num_actions,), np.int8),
        }
    )


def copy_but(env: Any, memo: dict[int, Any], skip: tuple[str, ...]) -> Any:
    """A deep copy of environment `env` (a copy of its class) without the attributes named in
    `skip`, which the caller sets, and sharing the adapter, which never changes. An
    environment's tracker is not deep-copied generically, which would copy its offset
    tables too: the caller copies it with `Tracker.copy`, which shares them, and binds the
    copy to the copied game."""
    new = object.__new__(type(env))
    memo[id(env)] = new
    memo[id(env.adapter)] = env.adapter
    for key, value in vars(env).items():
        if key not in skip:
            setattr(new, key, copy.deepcopy(value, memo))
    return new


class SeatsEnv:
    """What the AEC and the parallel environment share: one kibitz game and option set,
    every seat an agent with its memory, and their observations."""

    metadata: dict[str, Any]

    def _setup(
        self,
        game: str,
        players: int | None,
        *,
        reward: RewardMode,
        render_mode: str | None,
        options: Mapping[str, Any],
        name: str,
    ) -> None:
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.adapter: Adapter = adapter(game, players, options)
        self.game_name = game
        self.players = self.adapter.players
        self.reward_mode: RewardMode = reward
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": name}
        self.possible_agents = [agent_name(seat) for seat in range(self.players)]
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        space = observation_space(self.adapter)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            name: spaces.Discrete(self.adapter.num_actions) for name in self.possible_agents
        }
        self._seeds = SeedStream(fresh_seed())
        self.tracker: Tracker = self.adapter.new_tracker(range(self.players))
        """Every seat's observation vector, kept up to date move by move."""
        self._steps = SeatSteps(self.adapter, self.tracker, np.frombuffer, np.dtype(np.int8))
        """The per-step work (compiled): the game, observations, moves."""

    @property
    def game(self) -> Game[Any] | None:
        """The game in play (None before the first reset)."""
        return self._steps.game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _deal(self, seed: int | None) -> Game[Any]:
        """A new game. `seed` makes it and every later unseeded one reproducible: each deal
        is drawn from a generator it seeds."""
        if seed is not None:
            self._seeds = SeedStream(seed)
        return self.adapter.new_game(self._seeds.draw())

    def _begin(self, game: Game[Any]) -> None:
        """Take `game` on, every seat's memory starting from it."""
        if game.name != self.game_name or game.players != self.players:
            raise ValueError(f"this environment plays {self.game_name} for {self.players}")
        self._steps.begin(game)

    def _observation(self, seat: int) -> Observation:
        """`seat`'s observation vector and action mask (all zeros when not to act): copies,
        which the next move leaves alone."""
        return self._steps.observation(seat)

    def _play(self, seat: int, move: Move) -> None:
        self._steps.play(seat, move)

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        return self.adapter.view_text(self.game.view(None))

    def close(self) -> None:
        pass

    def _game(self) -> Game[Any]:
        return self._steps.current()

    def _bind(self) -> None:
        """Hand the per-step work the environment's bookkeeping (the AEC environment's)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """An independent copy at the same position, for a search that tries moves on
        copies: the game, every seat's vector and memory, the agents' bookkeeping and the
        deal generator. The tracker is copied through `Tracker.copy`, which shares its
        offset tables (see `copy_but`); the adapter, which never changes, is shared."""
        new: Self = copy_but(self, memo, ("tracker", "_steps"))
        new.tracker = self.tracker.copy()
        new._steps = SeatSteps(self.adapter, new.tracker, np.frombuffer, np.dtype(np.int8))
        if self.game is not None:
            game = copy.deepcopy(self.game, memo)
            new.tracker.rebind(game)
            new._steps.game = game
            new._bind()
        return new


class KibitzAECEnv(SeatsEnv, AECEnv):  # type: ignore[misc]
    """One kibitz game and option set as an AEC environment (build it with `make_env`)."""

    metadata = {"render_modes": ["ansi"], "name": "kibitz", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        reward: RewardMode = "win",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self._setup(
            game,
            players,
            reward=reward,
            render_mode=render_mode,
            options=options,
            name=f"kibitz_{game}",
        )

    # ----------------------------------------------------------------- PettingZoo API

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new game. `seed` makes it and every later unseeded reset reproducible; the deal
        of each game is drawn from that generator. `options` is accepted and ignored: the
        rule options are fixed when the environment is made."""
        self.start(self._deal(seed))

    def start(self, game: Game[Any]) -> None:
        """Play on from `game` (a fresh one, a replayed record, a puzzle position)."""
        self._begin(game)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._bind()
        self._skip_agent_selection = None
        self.agent_selection = self._next_agent()
        if game.is_over():
            self._finish()

    def observe(self, agent: str) -> Observation:
        return self._observation(self._seat[agent])

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last()` (the acting agent's observation, cumulative reward,
        termination, truncation and info), without its extra call per step."""
        return self._steps.last(self.agent_selection, observe)

    def step(self, action: Any) -> None:
        # Rewards come at the end only (they stay 0 until `_finish`): nothing to clear.
        seat = self._steps.step(self.agent_selection, action)
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
        elif seat == DEAD:
            self._was_dead_step(action)
        else:
            self._finish()

    def agent_iter(self, max_iter: int = 2**63) -> AgentIterator:
        """PettingZoo's `agent_iter()`, compiled."""
        return AgentIterator(self, max_iter)

    # ----------------------------------------------------------------- helpers

    def _bind(self) -> None:
        self._steps.bind(
            self._seat, self._cumulative_rewards, self.terminations, self.truncations, self.infos
        )

    def _next_agent(self) -> str:
        to_act = self._game().to_act()
        return agent_name(min(to_act)) if to_act else self.possible_agents[0]

    def _finish(self) -> None:
        returns = self.adapter.returns(self._game(), self.reward_mode)
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = returns[seat]
            self.terminations[name] = True
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[0]


def make_env(
    game: str,
    players: int | None = None,
    reward: RewardMode = "win",
    render_mode: str | None = None,
    **options: Any,
) -> KibitzAECEnv:
    """A PettingZoo AEC environment of `game` for `players` seats with the game's rule
    `options`. `reward` is "win" or "score" (docs/rl.md, "Rewards")."""
    return KibitzAECEnv(game, players, reward, render_mode, **options)
