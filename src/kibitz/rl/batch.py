"""The games of a vector environment (`make_vec_env`) and their per-step loop.

One `step` of the vector environment does, in every game: the learner's move, the other
seats' moves until the learner must act again (dealing a new game when one ends before it
acts), each move followed by the game's tracker, then the learner's legal moves listed and
numbered once, its observation flushed and its mask written. That loop is the environment's
cost per decision, several times the engine's own in the interpreter, so it is compiled with
mypyc beside the engines and the trackers (`kibitz.compiled.MODULES`). It imports no numpy
(the build environment has none): the environment checks the actions and builds its
results with numpy, and hands this module each game's row of the int8 mask array as a
memoryview.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from kibitz.core import Game, Move, View
from kibitz.core.rng import SEED_BITS
from kibitz.rl.adapters.tracker import Tracker
from kibitz.rl.legal import LegalMoves, lowest

if TYPE_CHECKING:
    from kibitz.rl.adapters.base import Adapter

Policy = Callable[[View, Sequence[Move], random.Random], Move]
"""A seat's policy: its view, its legal moves and a generator in, its move out."""


class Batch:
    """`len(trackers)` games of `adapter`'s game in which seat `seat` learns; seat s of game
    i plays `policies[i][s]` (None: a uniform random legal move, without building a view),
    so that a bot that remembers its game (Goxeso's) follows one game only. Each game's
    learner observation is kept by its tracker."""

    def __init__(
        self,
        adapter: Adapter,
        seat: int,
        policies: list[list[Policy | None]],
        trackers: list[Tracker],
    ) -> None:
        n = len(trackers)
        self.adapter = adapter
        self.seat = seat
        self.policies = policies
        self.trackers = trackers
        self.num_actions: int = adapter.num_actions
        self.box: list[Any] = list(range(self.num_actions))
        """Every action number as an int object, made once, and 1 as one: a write through
        the memoryview boxes its index anew (past 256, a new object), as in `Tracker.box`."""
        self.one: Any = 1
        self.legal = [LegalMoves(adapter, self.box) for _ in range(n)]
        """Each game's learner's legal moves when it came to act, with their action numbers
        (the mask's 1s; an action's move is at its index of `legal_moves`) and, for a
        listing that comes again, its mask (`LegalMoves`)."""
        self.rngs = [random.Random(0) for _ in range(n)]
        self.games: list[Game[Any]] = []
        """Each game in play."""
        self.ended = [False] * n
        """Per game: it ended at the last step and is dealt anew at the next (NEXT_STEP)."""

    def reset(self, seeds: random.Random) -> None:
        """New games everywhere, each environment's generator seeded from `seeds`."""
        n = len(self.trackers)
        self.rngs = [random.Random(seeds.getrandbits(SEED_BITS)) for _ in range(n)]
        self.games = [self._deal(i) for i in range(n)]
        for i in range(n):
            self.trackers[i].start(self.games[i])
            self.play_others(i)
        self.ended = [False] * n

    def step(self, chosen: list[int]) -> list[int]:
        """The learner's action `chosen[i]` (legal: the caller checked it against the masks)
        in every game `i`, a game that ended at the last step dealt anew instead; then the
        other seats until the learner is to act. The games that end, in order."""
        seat, trackers, games, ended = self.seat, self.trackers, self.games, self.ended
        finished: list[int] = []
        for i in range(len(chosen)):
            if ended[i]:
                self.restart(i)
                continue
            game = games[i]
            move = self.legal[i].play(game, seat, chosen[i])
            trackers[i].after(game, seat, move)
            self.play_others(i)
            if games[i].is_over():
                finished.append(i)
        return finished

    def restart(self, i: int) -> None:
        """Deal game `i` anew and play the other seats up to the learner's turn."""
        game = self.games[i] = self._deal(i)
        self.trackers[i].start(game)
        self.ended[i] = False
        self.play_others(i)

    def _deal(self, i: int) -> Game[Any]:
        return self.adapter.new_game(self.rngs[i].getrandbits(SEED_BITS))

    def play_others(self, i: int) -> None:
        """The other seats of game `i` move until the learner must act; a game that ends
        before the learner ever acts is dealt anew."""
        game, rng, me, tracker = self.games[i], self.rngs[i], self.seat, self.trackers[i]
        policies = self.policies[i]
        while True:
            while not game.is_over():
                to_act = game.to_act()
                if me in to_act:
                    self.legal[i].list(game, me)
                    return
                seat = lowest(to_act)
                legal = game.legal_moves(seat)
                policy = policies[seat]
                if policy is None:  # uniform: random() * n is below n
                    move = game.apply_listed(seat, int(rng.random() * len(legal)))
                else:
                    move = policy(game.view(seat), legal, rng)
                    game.apply(seat, move)
                tracker.after(game, seat, move)
            for mover, _ in game.history:
                if mover == me:
                    return
            game = self.games[i] = self._deal(i)
            tracker.start(game)

    def write(self, masks: list[memoryview]) -> None:
        """Finish every game's observation and write its mask into zeroed `masks` (each
        game's row of the int8 (games, actions) array, as bytes): the learner's legal
        actions, or every action for a game that has just ended. Through a row of its own, an action
        number is the index (an offset into the whole array would be past 256, a new object
        for each write; Goxeso: 1.3 to 0.6 µs a game)."""
        box, one = self.box, self.one
        for i in range(len(self.games)):
            self.trackers[i].flush(self.games[i])
            row = masks[i]
            if self.ended[i]:
                for a in range(self.num_actions):
                    row[box[a]] = one
            else:
                self.legal[i].write(self.games[i], self.seat, row)
