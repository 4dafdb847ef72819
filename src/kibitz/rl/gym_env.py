"""One seat of a kibitz game as a Gymnasium environment; the other seats are kibitz bots.

    env = kibitz.rl.make_gym_env("xbere", players=3, bots="easy", seat=0)
    observation, info = env.reset(seed=1)
    observation, reward, terminated, truncated, info = env.step(action)

Observations and actions are those of the PettingZoo environment (docs/rl.md); `info`
carries `action_mask` too, for learners that read it there. Between two steps the bots make
every move that is not the learner's, so the learner sees the game only at its own turns.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal, Self

import gymnasium
import numpy as np
from gymnasium import spaces

from kibitz.bots import Bot, Budget, make_bot
from kibitz.core import Game
from kibitz.core.rng import SEED_BITS, fresh_seed
from kibitz.rl.adapters import REWARD_MODES, Adapter, RewardMode, Tracker, adapter
from kibitz.rl.legal import action_number
from kibitz.rl.pettingzoo_env import copy_but, observation_space

Observation = dict[str, np.ndarray[Any, Any]]


class KibitzGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Seat `seat` learns; every other seat is a bot named in `bots` (one name for all, or
    one per seat with the learner's entry ignored)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        bots: str | Sequence[str] = "random",
        seat: int = 0,
        reward: RewardMode = "win",
        budget: Budget | None = None,
        illegal: Literal["raise", "random"] = "raise",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if illegal not in ("raise", "random"):
            raise ValueError(f"illegal must be 'raise' or 'random', not {illegal!r}")
        self.illegal = illegal
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        self.adapter: Adapter = adapter(game, players, options)
        self.game_name = game
        self.players = self.adapter.players
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat}")
        self.seat = seat
        names = [bots] * self.players if isinstance(bots, str) else list(bots)
        if len(names) != self.players:
            raise ValueError(f"give one bot name, or one per seat ({self.players})")
        self.bot_names = names
        self.bots: dict[int, Bot] = {
            s: make_bot(game, names[s]) for s in range(self.players) if s != seat
        }
        self.budget = budget
        self.reward_mode: RewardMode = reward
        self.render_mode = render_mode
        self.observation_space: spaces.Dict = observation_space(self.adapter)
        self.action_space = spaces.Discrete(self.adapter.num_actions)
        self._rng = random.Random(fresh_seed())
        self._bot_rng = random.Random(0)
        self.game: Game[Any] | None = None
        self.tracker: Tracker = self.adapter.new_tracker((seat,))
        """The learner's observation vector, kept up to date move by move."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """An independent copy at the same position (the game, the learner's vector and
        memory, the bots and the generators), for a search that tries actions on copies."""
        new: Self = copy_but(self, memo, ("tracker",))
        new.tracker = self.tracker.copy()
        if new.game is not None:
            new.tracker.rebind(new.game)
        return new

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        kibitz_seed = self._rng.getrandbits(SEED_BITS)
        self._bot_rng = random.Random(self._rng.getrandbits(SEED_BITS))
        game = self.adapter.new_game(kibitz_seed)
        self.game = game
        self.tracker.start(game)
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        game = self._game()
        if game.is_over():
            raise RuntimeError("the game is over: call reset()")
        legal = self.adapter.legal_actions(game, self.seat)
        number = action_number(action)
        played_illegal = number not in legal
        if played_illegal:
            if self.illegal == "raise":
                raise ValueError(f"action {number} is not legal now; legal: {legal}")
            number = legal[self._bot_rng.randrange(len(legal))]
        move = self.adapter.action_to_move(game, self.seat, number)
        self._apply(self.seat, move)
        self._play_bots()
        over = game.is_over()
        reward = self.adapter.returns(game, self.reward_mode)[self.seat] if over else 0.0
        info = self._info()
        info["illegal"] = played_illegal
        return self._observation(), reward, over, False, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions now, as booleans: the method sb3-contrib's MaskablePPO (and its
        `ActionMasker` wrapper) asks every step."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        return self.adapter.view_text(self.game.view(self.seat))

    # ----------------------------------------------------------------- helpers

    def _game(self) -> Game[Any]:
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        return self.game

    def _apply(self, seat: int, move: Any) -> None:
        game = self._game()
        game.apply(seat, move)
        self.tracker.after(game, seat, move)

    def _play_bots(self) -> None:
        """Let the bots move until the learner must act or the game is over."""
        game = self._game()
        while not game.is_over():
            to_act = game.to_act()
            others = sorted(to_act - {self.seat})
            if not others:
                return
            seat = others[0]
            legal = game.legal_moves(seat)
            move = self.bots[seat].choose(game.view(seat), legal, self._bot_rng, self.budget)
            self._apply(seat, move)

    def _observation(self) -> Observation:
        self.tracker.flush(self._game())
        return {"observation": self.tracker.rows[0].copy(), "action_mask": self._mask()}

    def _mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        game = self._game()
        if self.seat in game.to_act():
            return self.adapter.action_mask(game, self.seat)
        return np.zeros(self.adapter.num_actions, dtype=np.int8)

    def _info(self) -> dict[str, Any]:
        game = self._game()
        info: dict[str, Any] = {"action_mask": self._mask()}
        if game.is_over():
            outcome = game.outcome()
            assert outcome is not None
            info["scores"] = list(outcome.scores)
            info["winners"] = sorted(outcome.winners)
        return info


def make_gym_env(
    game: str,
    players: int | None = None,
    *,
    bots: str | Sequence[str] = "random",
    seat: int = 0,
    reward: RewardMode = "win",
    budget: Budget | None = None,
    illegal: Literal["raise", "random"] = "raise",
    render_mode: str | None = None,
    **options: Any,
) -> KibitzGymEnv:
    """A Gymnasium environment in which seat `seat` of `game` learns against kibitz bots
    (`bots`: "random", "easy", "medium", "hard" where a game has them, or one per seat).

    An action that is not legal now raises `ValueError`, or with `illegal="random"` is
    replaced by a random legal one (and `info["illegal"]` is true)."""
    return KibitzGymEnv(
        game,
        players,
        bots=bots,
        seat=seat,
        reward=reward,
        budget=budget,
        illegal=illegal,
        render_mode=render_mode,
        **options,
    )
