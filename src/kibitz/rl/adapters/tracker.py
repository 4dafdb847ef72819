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
environment's batch); writes go through a memoryview of them, which sets one float several
times faster than numpy item assignment.

The trackers are compiled with mypyc beside the engines (`kibitz.compiled.MODULES`): a move
costs their Python statements more than their writes. So they import no numpy (the build
environment has none): the array is made and gathered into by the uncompiled `layout` and
`base`, and only its methods are called here.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kibitz.core import Game, Move
from kibitz.core.native import mypyc_attr
from kibitz.rl.adapters.base import Trace
from kibitz.rl.adapters.gather import Gather
from kibitz.rl.adapters.writes import fill, fill_grid, fill_shifted
from kibitz.rl.layout import zero_rows

if TYPE_CHECKING:
    from kibitz.rl.adapters.base import Adapter
    from kibitz.rl.layout import Rows


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: `copy.copy` needs it (as below)
class Tracker:
    """The observation vectors of `seats` (one row of `rows` each, in that order) of one
    game, equal to `Adapter.observe` of the game and the seat's memory. Call `start` with
    the game, `after` after each move of anyone, and `flush` before reading `rows`."""

    def __init__(self, adapter: Adapter, seats: Sequence[int], rows: Rows | None = None) -> None:
        self.adapter = adapter
        self.seats = tuple(seats)
        self.view_size = adapter.observation.size
        size = self.size = self.view_size + adapter.new_trace(0, text=False).layout.size
        if rows is None:
            rows = zero_rows(len(self.seats), size)
        if rows.shape != (len(self.seats), size) or not rows.flags.c_contiguous:
            raise ValueError(f"rows must be a C-contiguous array of shape ({len(seats)}, {size})")
        self.rows = rows
        self.flat = rows.reshape(-1)
        self.mv: memoryview[float] = memoryview(self.flat)  # type: ignore[arg-type,unused-ignore]
        self.box: list[Any] = list(range(len(self.flat)))
        """Every offset of `flat` as an int object, made once (and shared by copies): write
        `mv[box[offset]] = one`. Compiled code boxes an int index anew for every write
        through the memoryview (past 256, a new object) and a float value too: 36 ns a
        write, against 18 with both objects at hand (docs/engines.md)."""
        self.one: Any = 1.0
        self.zero: Any = 0.0
        """1.0 and 0.0 as objects, for the writes (a `Final` constant is boxed anew)."""
        self.fill: Callable[[Any, Sequence[int], float], None] = fill
        self.fill_shifted: Callable[[Any, Sequence[int], int, float], None] = fill_shifted
        self.fill_grid: Callable[[Any, Sequence[int], Sequence[int], float], None] = fill_grid
        """One value at many offsets of `mv` (`kibitz.rl.adapters.writes`: in C where the
        trackers run compiled, where a write through the memoryview costs 18 ns): kept as
        attributes, which a call reads faster than a module's globals."""
        self.bases = tuple(i * size for i in range(len(self.seats)))
        """Each tracked seat's row, as the offset of its first value in `flat`."""
        self.index = {seat: i for i, seat in enumerate(self.seats)}
        """Each tracked seat's row number."""
        self.changes = 0
        """Moves that left values for `flush` (a subclass counts them)."""
        self.flushed = [0] * len(self.seats)
        """Per row: `changes` when it was last flushed."""
        self.memories: list[Trace] = []
        """The seats' memories, which this base class follows (subclasses write theirs)."""
        blank: Any = zero_rows(1, size)  # Any: the build environment has no numpy to type it
        for start, width in adapter.ones_blocks:
            blank[0, start : start + width] = 1.0
        flat_blank = blank.reshape(-1)
        self.blank_view: memoryview[float] = memoryview(flat_blank[: self.view_size])  # type: ignore[arg-type,unused-ignore]
        self.blank_memory: memoryview[float] = memoryview(flat_blank[self.view_size :])  # type: ignore[arg-type,unused-ignore]
        """A row's view fields and memory as they start (0s, the `ones_blocks` 1s), copied
        over a row at once: numpy's slice assignments cost about a microsecond each."""

    def start(self, game: Game[Any], memories: Mapping[int, Trace] | None = None) -> None:
        """Write every tracked seat's vector from `game` as it is now; each memory is a copy
        of `memories[seat]` when given (a resampled state keeps its player's), else a fresh
        one started on `game`."""
        traces = self._memories(game, memories)
        self.clear_memory()
        into = Gather()
        for i in range(len(traces)):  # by index: see `put`
            traces[i].gather(self.bases[i] + self.view_size, into.ones)
        self.put(into)
        self._start(game, traces)

    def _memories(self, game: Game[Any], given: Mapping[int, Trace] | None) -> list[Trace]:
        """The tracked seats' memories for `start`, in row order (see `start`). A subclass
        that keeps no memory object and whose fresh memories hold nothing returns only what
        is given, or nothing: a memory made and started through the adapter is interpreted
        code, half of a row game's `start`."""
        traces = []
        for seat in self.seats:
            if given is not None and seat in given:
                trace = given[seat].copy()
            else:
                trace = self.adapter.new_trace(seat, text=False)
                trace.start(game)
            traces.append(trace)
        return traces

    def _start(self, game: Game[Any], memories: list[Trace]) -> None:
        """Write the view fields from `game` as it is and take the tracked seats' memories
        (written already); a subclass also resets what it keeps of the game here."""
        self.memories = memories
        self.rewrite_view(game)

    def rewrite_view(self, game: Game[Any]) -> None:
        """Write every tracked seat's view fields anew from `game` (memory untouched)."""
        mv, view_size, blank = self.mv, self.view_size, self.blank_view
        into = Gather()
        for i in range(len(self.seats)):  # by index: see `put`
            base = self.bases[i]
            mv[base : base + view_size] = blank
            self.gather_seat(game, self.seats[i], base, into)
        self.put(into)

    def clear_memory(self) -> None:
        """Set every tracked seat's memory fields to 0."""
        mv, view_size, size, blank = self.mv, self.view_size, self.size, self.blank_memory
        for base in self.bases:
            mv[base + view_size : base + size] = blank

    def gather_seat(self, game: Game[Any], seat: int, base: int, into: Gather) -> None:
        """`Adapter.gather`: a game's tracker calls its compiled gather directly."""
        self.adapter.gather(game, seat, base, into)

    def put(self, into: Gather) -> None:
        """`write_gather(into, flat)` through the memoryview: a few tens of values, where
        numpy's calls (the offsets made an array, then written) cost several times more."""
        mv, box, one, zero = self.mv, self.box, self.one, self.zero
        for offset in into.ones:
            mv[box[offset]] = one
        for offset in into.zeros:
            mv[box[offset]] = zero
        # By index, not `zip(..., strict=True)`: compiled, that zip takes the interpreter's
        # generic path, several times slower (docs/engines.md, "What mypyc asked of the code").
        spots, values = into.spots, into.values
        for k in range(len(spots)):
            mv[box[spots[k]]] = values[k]

    def copy(self, rows: Rows | None = None) -> Tracker:
        """A copy with rows of its own, for a copy of the game (an OpenSpiel clone): call
        `rebind` with that game before the copy's first `after` or `flush`. Given `rows`
        (of this tracker's shape), the copy writes there instead and is `start`ed anew.

        The copy shares this tracker's offset tables, which never change: the vector
        environment makes its games' trackers as copies of one, so that the tables are
        read from one place in the cache, not from hundreds of copies (a fifth of X bere!'s
        step with 256 games)."""
        if rows is not None and (rows.shape != self.rows.shape or not rows.flags.c_contiguous):
            raise ValueError(f"rows must be a C-contiguous array of shape {self.rows.shape}")
        new = copy.copy(self)
        new.rows = self.rows.copy() if rows is None else rows
        new.flat = new.rows.reshape(-1)
        new.mv = memoryview(new.flat)  # type: ignore[arg-type,unused-ignore]
        new.memories = [trace.copy() for trace in self.memories]
        new.flushed = list(self.flushed)
        new._copy_state()
        return new

    def __getstate__(self) -> dict[str, Any]:
        """What `pickle` keeps: every attribute but the memoryviews and `flat`, views (a
        pickled view comes back as an array of its own, which the writes would miss), and
        the blank arrays; `__setstate__` makes the views again from `rows` and those."""
        state = {
            name: value
            for name, value in attributes(self).items()
            if name != "flat" and not isinstance(value, memoryview)
        }
        state["blank"] = (self.blank_view.obj, self.blank_memory.obj)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        blank_view, blank_memory = state.pop("blank")
        for name, value in state.items():
            setattr(self, name, value)
        self.flat = self.rows.reshape(-1)
        self.mv = memoryview(self.flat)  # type: ignore[arg-type,unused-ignore]
        self.blank_view = memoryview(blank_view)
        self.blank_memory = memoryview(blank_memory)
        self._cut_views()

    def __copy__(self) -> Tracker:
        """`copy.copy` (`copy` starts from it): every attribute shared, the memoryviews too,
        without the new views that `__setstate__` would make (`copy` makes its own)."""
        new = type(self).__new__(type(self))
        for name, value in attributes(self).items():
            setattr(new, name, value)
        return new

    def _cut_views(self) -> None:
        """Cut the memoryviews a subclass takes from `blank_view` or `blank_memory` (made
        again after unpickling, which drops every memoryview)."""

    def _copy_state(self) -> None:
        """Replace, in a fresh copy, what this tracker changes in place by copies of it."""

    def rebind(self, game: Game[Any]) -> None:
        """Follow `game` from now on: a copy of the game followed so far, at the same
        position (a subclass that notes the game's own objects notes the copy's)."""

    def flush(self, game: Game[Any], seat: int | None = None) -> None:
        """Finish the vectors (or the vector of tracked seat `seat`) before they are read:
        a subclass may leave for now what follows from the position alone (scores, seats
        to act), count the move in `changes`, and write it in `_flush_row`, once per row
        however many moves came between, and only for the rows read."""
        changes, flushed = self.changes, self.flushed
        # The rows as bounds of a `range` call, which compiles to a loop (a range or a tuple
        # chosen by a condition would be iterated through the interpreter's protocol).
        first, end = (0, len(flushed)) if seat is None else (self.index[seat], self.index[seat] + 1)
        for i in range(first, end):
            if flushed[i] != changes:
                flushed[i] = changes
                self._flush_row(game, i)

    def _flush_row(self, game: Game[Any], i: int) -> None:
        """Write what the moves since row `i`'s last flush left for it."""

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        """`mover` made `move` and `game` is the game after it: bring every vector up to
        date (here: the memories follow the move, and everything is written anew)."""
        into = Gather()
        view_size = self.view_size
        for base, trace in zip(self.bases, self.memories, strict=True):
            trace.after(game, mover, move)
            self.rows[base // self.size, view_size:] = 0.0
            trace.gather(base + view_size, into.ones)
        self.put(into)
        self.rewrite_view(game)


_UNSET = object()
"""`attributes`: an attribute not set."""


def attributes(obj: object) -> dict[str, Any]:
    """Every attribute of `obj` by name, whether its class is compiled (mypyc lists a native
    class's attributes in `__mypyc_attrs__`; they are not in a `__dict__`) or not."""
    names: tuple[str, ...] | None = getattr(type(obj), "__mypyc_attrs__", None)
    if names is None:
        return dict(vars(obj))
    state: dict[str, Any] = {}
    for name in names:
        value = getattr(obj, name, _UNSET)
        if value is not _UNSET and name != "__dict__":
            state[name] = value
    if hasattr(obj, "__dict__"):  # an interpreted subclass's own attributes
        state.update(vars(obj))
    return state
