"""Observation vectors kept up to date move by move, for the environments' speed.

A `Tracker` holds the full observation vectors (view fields, then memory) of some seats of
one game in rows of a float32 array, and follows the game's moves. `start` writes them from
the game as it is (`Adapter.gather` and a fresh memory); this base class then writes them
anew after every move (what the generic adapter does). Each game's adapter gives a subclass
whose `after` touches only what the move just made changed, reading the public
consequences of the move (the cards revealed, the row taken, the trick finished) and the
observer's own cards, never a view: its cost per move stays a handful of writes however
fast or slow the engine is. tests/rl/test_fast_path.py checks every vector of every
interface against the straightforward encoding of a fresh view.

The rows may be the tracker's own (`rows=None`) or rows of a caller's array (the vector
environment's batch); writes go through a memoryview, which sets one float several times
faster than numpy item assignment. A game tracker of several seats (the AEC environment's,
OpenSpiel's) keeps what every seat sees once: the public fields in one row of a store, with
seat blocks in seat order, and each seat's own fields (its cards, its memory) in a row of
its own; `flush` puts a seat's vector together from them with one numpy `take` (its
`KINDS` say how each field depends on the observer). One seat's tracker (the vector
environment's, the Gymnasium environment's) writes its row directly.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from kibitz.core import Game, Move
from kibitz.rl.adapters.base import Gather, Trace

if TYPE_CHECKING:
    from kibitz.rl.adapters.base import Adapter

Rows = np.ndarray[Any, np.dtype[np.float32]]


class Tracker:
    """The observation vectors of `seats` (one row of `rows` each, in that order) of one
    game, equal to `Adapter.observe` of the game and the seat's memory. Call `start` with
    the game, `after` after each move of anyone, and `flush` before reading `rows`."""

    KINDS: ClassVar[dict[str, str] | None] = None
    """How the view fields depend on the observer, for a store shared by several seats:
    "own" (the seat's own cards), "seats" (a block per seat, the observer's first), "teams"
    ([the observer's team, the other], team = seat % 2); the other fields are the same for
    every seat. Memory fields are always the seat's own. None: no shared store."""

    def __init__(self, adapter: Adapter, seats: Sequence[int], rows: Rows | None = None) -> None:
        self.adapter = adapter
        self.seats = tuple(seats)
        n = len(self.seats)
        self.view_size = adapter.observation.size
        size = self.size = self.view_size + adapter.new_trace(0, text=False).layout.size
        if rows is None:
            rows = np.zeros((n, size), dtype=np.float32)
        if rows.shape != (n, size) or not rows.flags.c_contiguous:
            raise ValueError(f"rows must be a C-contiguous array of shape ({n}, {size})")
        self.rows = rows
        players = adapter.players
        rels = [[(s - seat) % players for s in range(players)] for seat in self.seats]
        self.shared = n > 1 and self.KINDS is not None
        """Whether the vectors are put together from a shared store (see the module)."""
        if self.shared:
            self.store = np.zeros((n + 1, size), dtype=np.float32)
            self.public = [(0, list(range(players)))]
            self.private = [((1 + i) * size, rel) for i, rel in enumerate(rels)]
            self.perms = [self._perm(seat, i) for i, seat in enumerate(self.seats)]
        else:
            self.store = rows
            self.public = self.private = [(i * size, rel) for i, rel in enumerate(rels)]
            self.perms = []
        self.flat = self.store.reshape(-1)
        self.mv: memoryview[float] = memoryview(self.flat)  # type: ignore[arg-type]
        self.bases = tuple(base for base, _ in self.private)
        """Each tracked seat's own row, as the offset of its first value in `flat`."""
        self.index = {seat: i for i, seat in enumerate(self.seats)}
        """Each tracked seat's row number."""
        self.moves = 0
        """Calls of `after` so far."""
        self.made = [-1] * n
        """Per row of `rows`: `moves` when it was put together from the store."""
        self.changes = 0
        """Moves that left values for `flush` (a subclass counts them)."""
        self.flushed = [0] * len(self.public)
        """Per public row: `changes` when it was last flushed."""
        self.memories: list[Trace] = []
        """The seats' memories, which this base class follows (subclasses write theirs)."""

    def _perm(self, seat: int, i: int) -> np.ndarray[Any, np.dtype[np.intp]]:
        """Where in the store each value of tracked seat `seat`'s vector (row `i`) is."""
        assert self.KINDS is not None
        kinds, players, size = self.KINDS, self.adapter.players, self.size
        perm = np.arange(size, dtype=np.intp)
        for field in self.adapter.observation.fields:
            start, stop = self.adapter.observation.offsets[field.name]
            kind = kinds.get(field.name)
            if kind == "own":
                perm[start:stop] += (1 + i) * size
            elif kind == "seats":
                width = field.size // players
                block = np.arange(width)
                for k in range(players):
                    at = start + k * width
                    perm[at : at + width] = start + ((seat + k) % players) * width + block
            elif kind == "teams" and seat % 2:
                perm[start], perm[start + 1] = start + 1, start
        perm[self.view_size :] += (1 + i) * size  # the memory
        return perm

    def start(self, game: Game[Any], memories: Mapping[int, Trace] | None = None) -> None:
        """Write every tracked seat's vector from `game` as it is now; each memory is a copy
        of `memories[seat]` when given (a resampled state keeps its player's), else a fresh
        one started on `game`."""
        traces = []
        for seat in self.seats:
            if memories is not None and seat in memories:
                trace = memories[seat].copy()
            else:
                trace = self.adapter.new_trace(seat, text=False)
                trace.start(game)
            traces.append(trace)
        self.store.fill(0.0)
        into = Gather()
        for base, trace in zip(self.bases, traces, strict=True):
            trace.gather(base + self.view_size, into.ones)
        into.write(self.flat)
        self._start(game, traces)

    def _start(self, game: Game[Any], memories: list[Trace]) -> None:
        """Write the view fields from `game` as it is and take the tracked seats' memories
        (written already); a subclass also resets what it keeps of the game here."""
        self.memories = memories
        self.rewrite_view(game)

    def rewrite_view(self, game: Game[Any]) -> None:
        """Write every tracked seat's view fields anew from `game` (memory untouched): in a
        shared store, the public row from seat 0's view (seat blocks in seat order) and each
        seat's own row from its view."""
        adapter, view_size, store = self.adapter, self.view_size, self.store
        store[:, :view_size] = 0.0
        for start, width in adapter.ones_blocks:
            store[:, start : start + width] = 1.0
        into = Gather()
        if self.shared:
            adapter.gather(game, 0, 0, into)
        for base, seat in zip(self.bases, self.seats, strict=True):
            adapter.gather(game, seat, base, into)
        into.write(self.flat)
        self.made = [-1] * len(self.seats)

    def copy(self) -> Tracker:
        """A copy with rows of its own, for a copy of the game (an OpenSpiel clone): call
        `rebind` with that game before the copy's first `after` or `flush`."""
        new = copy.copy(self)  # the offsets are shared: they never change
        new.rows = self.rows.copy()
        new.store = self.store.copy() if self.shared else new.rows
        new.flat = new.store.reshape(-1)
        new.mv = memoryview(new.flat)  # type: ignore[arg-type]
        new.made, new.flushed = list(self.made), list(self.flushed)
        new.memories = [trace.copy() for trace in self.memories]
        new._copy_state()
        return new

    def _copy_state(self) -> None:
        """Replace, in a fresh copy, what this tracker changes in place by copies of it."""

    def rebind(self, game: Game[Any]) -> None:
        """Follow `game` from now on: a copy of the game followed so far, at the same
        position (a subclass that notes the game's own objects notes the copy's)."""

    def flush(self, game: Game[Any], seat: int | None = None) -> None:
        """Finish the vectors (or the vector of tracked seat `seat`) before they are read:
        a subclass may leave for now what follows from the position alone (scores, seats
        to act), count the move in `changes`, and write it in `_flush_row`, once per public
        row however many moves came between; a shared store then puts the rows read
        together."""
        changes, flushed = self.changes, self.flushed
        rows = range(len(self.seats)) if seat is None else (self.index[seat],)
        if self.shared:
            if flushed[0] != changes:
                flushed[0] = changes
                self._flush_row(game, 0)
            moves, made, flat = self.moves, self.made, self.flat
            for i in rows:
                if made[i] != moves:
                    made[i] = moves
                    flat.take(self.perms[i], out=self.rows[i])
            return
        for i in rows:
            if flushed[i] != changes:
                flushed[i] = changes
                self._flush_row(game, i)

    def _flush_row(self, game: Game[Any], i: int) -> None:
        """Write what the moves since public row `i`'s last flush left for it."""

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        """`mover` made `move` and `game` is the game after it: bring every vector up to
        date."""
        self.moves += 1
        self._after(game, mover, move)

    def _after(self, game: Game[Any], mover: int, move: Move) -> None:
        """The update after a move (here: the memories follow it, and everything is written
        anew)."""
        into = Gather()
        view_size = self.view_size
        for base, trace in zip(self.bases, self.memories, strict=True):
            trace.after(game, mover, move)
            self.flat[base + view_size : base + self.size] = 0.0
            trace.gather(base + view_size, into.ones)
        into.write(self.flat)
        self.rewrite_view(game)
