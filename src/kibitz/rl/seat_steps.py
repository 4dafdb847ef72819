"""The per-step work of the AEC and parallel environments, compiled.

`last()` and `step()` run once per move of a PettingZoo loop. In the interpreter their own
statements (the seat looked up, the tracker flushed, the mask written, the move applied and
followed, the dictionaries read and written) cost more than an engine move; so the
environments keep these steps in a `SeatSteps`, compiled with mypyc beside the engines
(`kibitz.compiled.MODULES`), and their methods only hand over to it. It imports no numpy
(the build environment has none): the arrays it copies are typed `Any` and only their
methods are called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kibitz.core import Game, Move
from kibitz.core.native import mypyc_attr
from kibitz.rl.adapters.tracker import Tracker, attributes
from kibitz.rl.legal import LegalMoves, action_number, lowest

if TYPE_CHECKING:
    from kibitz.rl.adapters.base import Adapter

DEAD = -1
"""`SeatSteps.step`: the agent has ended (PettingZoo's dead step follows)."""

OVER = -2
"""`SeatSteps.step`: the move ended the game."""

UNLIMITED = 1 << 60
"""An iteration count that no loop reaches, as a small int (2**63, PettingZoo's default, is
a big int: slow arithmetic in compiled code)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: so that pickle can make it
class SeatSteps:
    """One game followed for every seat: the observation of any seat, a seat's move, and the
    AEC environment's bookkeeping (its dictionaries of termination, truncation, cumulative
    reward and info, which `bind` hands over)."""

    def __init__(self, adapter: Adapter, tracker: Tracker, frombuffer: Any, int8: Any) -> None:
        self.tracker = tracker
        self.legal = LegalMoves(adapter)
        """The acting seat's legal moves, listed once per position for `last()`'s mask and
        the step after it."""
        self.rows: list[Any] = list(tracker.rows)
        """Each seat's row of the tracker's array (a numpy array, copied for the caller)."""
        self.frombuffer = frombuffer
        self.int8 = int8
        """`numpy.frombuffer` and the int8 dtype: a mask, a new bytearray, is handed over as
        an int8 array on its memory (its writes cost less than a memoryview's, and no zeroed
        array is copied first)."""
        self.game: Game[Any] | None = None
        self.seat_of: dict[str, int] = {}
        self.cumulative: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def __getstate__(self) -> dict[str, Any]:
        """What `pickle` keeps: all but `rows`, views of the tracker's array (pickled, a view
        comes back as an array of its own), and `legal`, a cache of one listing (its
        adapter kept); `__setstate__` makes both again."""
        state = attributes(self)
        del state["rows"]
        state["legal"] = self.legal.adapter
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state["legal"] = LegalMoves(state["legal"])
        for name, value in state.items():
            setattr(self, name, value)
        self.rows = list(self.tracker.rows)

    def begin(self, game: Game[Any]) -> None:
        """Follow `game` from its position now, every seat's memory starting from it."""
        self.game = game
        self.tracker.start(game)

    def bind(
        self,
        seat_of: dict[str, int],
        cumulative: dict[str, float],
        terminations: dict[str, bool],
        truncations: dict[str, bool],
        infos: dict[str, dict[str, Any]],
    ) -> None:
        """The AEC environment's seat of each agent and its dictionaries (the same objects,
        which PettingZoo's helpers change in place)."""
        self.seat_of = seat_of
        self.cumulative = cumulative
        self.terminations = terminations
        self.truncations = truncations
        self.infos = infos

    def current(self) -> Game[Any]:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def observation(self, seat: int) -> dict[str, Any]:
        """`seat`'s observation vector and action mask (all zeros when not to act): copies,
        which the next move leaves alone."""
        game = self.current()
        self.tracker.flush(game, seat)
        mask = self.legal.new_mask(game, seat)
        return {
            "observation": self.rows[seat].copy(),
            "action_mask": self.frombuffer(mask, self.int8),
        }

    def play(self, seat: int, move: Move) -> None:
        """`seat` makes `move` (the engine refuses an illegal one, saying why)."""
        game = self.current()
        game.apply(seat, move)
        self.tracker.after(game, seat, move)

    def last(self, agent: str, observe: bool) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last()` for the acting `agent`."""
        return (
            self.observation(self.seat_of[agent]) if observe else None,
            self.cumulative[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, agent: str, action: Any) -> int:
        """The acting `agent`'s `action`: the next seat to act, `DEAD` (the agent has ended:
        nothing done) or `OVER` (the game ended)."""
        if self.terminations[agent] or self.truncations[agent]:
            return DEAD
        game = self.current()
        seat = self.seat_of[agent]
        self.cumulative[agent] = 0.0
        move = self.legal.play(game, seat, action_number(action))
        self.tracker.after(game, seat, move)
        if game.is_over():
            return OVER
        return lowest(game.to_act())


class AgentIterator:
    """PettingZoo's `agent_iter()`: the agent to act (`env.agent_selection`) while there are
    agents, at most `max_iter` times; compiled, as it runs at every step."""

    def __init__(self, env: Any, max_iter: int) -> None:
        self.env = env
        self.left = min(max_iter, UNLIMITED)

    def __iter__(self) -> AgentIterator:
        return self

    def __next__(self) -> str:
        env = self.env
        if not env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        agent: str = env.agent_selection
        return agent
