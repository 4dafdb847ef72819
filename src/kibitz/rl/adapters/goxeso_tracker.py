"""Goxeso's observation vectors, updated from the move just made.

The first flip of a turn turns one card face up (and into every seat's memory). The second
resolves the turn: the engine's record of it (`game.last`, which the views show: the two
cards, a swap, the cards captured, claimed or handed over) says which cells and which
faces' holders changed, and only those are written. Moves of the exchange phase, and the
end of the game, write the view fields anew, as `start` does. Goxeso has no private cards:
the seats' vectors differ only by the order of the seat blocks (and by their memories, which
may have started apart in a resampled OpenSpiel state).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from kibitz.core import Game, Move
from kibitz.core.native import mypyc_attr
from kibitz.games.goxeso.cards import EMPTY
from kibitz.games.goxeso.game import Goxeso
from kibitz.games.goxeso.moves import Flip
from kibitz.games.goxeso.turns import Turn
from kibitz.games.goxeso.views import PLAY
from kibitz.rl.adapters.base import Trace
from kibitz.rl.adapters.gather import Gather
from kibitz.rl.adapters.goxeso import GoxesoAdapter, GoxesoTrace
from kibitz.rl.adapters.tracker import Tracker

if TYPE_CHECKING:
    from kibitz.rl.layout import Rows


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: `Tracker.copy` copies it
class GoxesoTracker(Tracker):
    """The vectors of some seats of one Goxeso game (see the module)."""

    def __init__(
        self, adapter: GoxesoAdapter, seats: Sequence[int], rows: Rows | None = None
    ) -> None:
        super().__init__(adapter, seats, rows)
        self.goxeso = adapter
        self.faces, self.cells = adapter.faces, adapter.cells
        f, p = self.faces, adapter.players
        at = adapter.observation.start
        rels = [adapter.rel[seat] for seat in self.seats]
        bases = self.bases
        pairs = list(zip(bases, rels, strict=True))
        self.face_down = [b + at["face_down"] for b in bases]
        self.empty = [b + at["empty"] for b in bases]
        self.face_up = [b + at["face_up"] for b in bases]
        self.last_flips = [b + at["last_flips"] for b in bases]
        self.last_swap = [b + at["last_swap"] for b in bases]
        self.memory = [b + self.view_size for b in bases]
        self.holding = [
            {
                name: [b + at[name] + rel[s] * f for s in range(p)]
                for name in ("pairs", "reserved", "blocked")
            }
            for b, rel in pairs
        ]
        """Per tracked row: for each holding kind, the offset of each seat's block."""
        self.scores = [[b + at["scores"] + rel[s] for b, rel in pairs] for s in range(p)]
        self.to_act = [[b + at["to_act"] + rel[s] for b, rel in pairs] for s in range(p)]
        self.progress = [b + at["progress"] for b in bases]
        self.idle_cap = adapter.idle_cap
        self.known: list[list[int | None]] = []
        """Per tracked seat: the face it remembers on each cell (None: none), as written."""
        self.flips: tuple[int, ...] = ()
        """The cells written as the last turn's."""
        self.scoring = 0
        """Counts the turns that took cards (and so may have changed the scores)."""
        # What `_flush_row` last wrote in each row:
        self.scored = [0] * len(self.seats)
        self.acting: list[frozenset[int]] = [frozenset()] * len(self.seats)
        self.progressed = [-1] * len(self.seats)
        """The turn whose progress (cards left, idle turns, turns) each row shows: the three
        change only when a turn ends."""

    def gather_seat(self, game: Game[Any], seat: int, base: int, into: Gather) -> None:
        gather_view(self.goxeso, cast(Goxeso, game), seat, base, into)

    def _start(self, game: Game[Any], memories: list[Trace]) -> None:
        assert isinstance(game, Goxeso)
        self.known = []
        for trace in memories:
            assert isinstance(trace, GoxesoTrace)
            self.known.append(list(trace.known))
        self._start_view(game)

    def _copy_state(self) -> None:
        self.known = [list(known) for known in self.known]
        self.acting, self.scored = list(self.acting), list(self.scored)
        self.progressed = list(self.progressed)

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        assert isinstance(game, Goxeso)
        if type(move) is not Flip:  # the exchange phase: the board is empty, memory too
            self._start_view(game)
            return
        mv, f, board = self.mv, self.faces, game.board
        box, one, zero = self.box, self.one, self.zero
        first = game.first
        if first >= 0:  # the turn's first card is face up
            face = board[first]
            for offset in self.face_down:
                mv[box[offset + first]] = zero
            for offset in self.face_up:
                mv[box[offset + first * f + face]] = one
            self._remember(first, face)
        else:
            turn = game.last
            assert turn is not None
            self._turn(game, turn)
            if game.phase != PLAY:
                self._start_view(game)
                return
        self.changes += 1

    def _flush_row(self, game: Game[Any], i: int) -> None:
        """The scores (after a turn that took cards), the progress and the seats to act of
        row `i`: they follow from the position."""
        assert isinstance(game, Goxeso)
        mv = self.mv
        box, one, zero = self.box, self.one, self.zero
        if self.scored[i] != self.scoring:
            self.scored[i] = self.scoring
            for s, score in enumerate(game.scores()):
                mv[box[self.scores[s][i]]] = score / (self.cells // 2)
        if self.progressed[i] != game.turn:
            self.progressed[i] = game.turn
            offset = self.progress[i]
            mv[box[offset]] = game.left / self.cells
            mv[box[offset + 1]] = game.idle / max(game.cap, 1)
            mv[box[offset + 2]] = game.turn / (4 * self.cells)
        acting = game.to_act()
        # By identity: the game hands out one frozenset per seat, and an equal one found
        # different costs only an empty difference.
        if acting is not self.acting[i]:
            for s in acting ^ self.acting[i]:
                mv[box[self.to_act[s][i]]] = one if s in acting else zero
            self.acting[i] = acting

    def _start_view(self, game: Goxeso) -> None:
        self.rewrite_view(game)
        n = len(self.seats)
        self.acting = [game.to_act()] * n
        self.scored = [self.scoring] * n
        self.progressed = [game.turn] * n
        self.flushed = [self.changes] * n
        last = game.last
        self.flips = () if last is None else (last.cell1, last.cell2)

    def _turn(self, game: Goxeso, turn: Turn) -> None:
        """The second card resolved `turn`: write its cells and the holders of the faces
        it took (`flush` writes the scores)."""
        mv, f, board = self.mv, self.faces, game.board
        box, one, zero = self.box, self.one, self.zero
        a, b = turn.cell1, turn.cell2
        for offset in self.face_up:
            mv[box[offset + a * f + turn.face1]] = zero
        if turn.match or turn.claims or turn.lone is not None:
            cells = [a, b]
            faces = [turn.face1, turn.face2] if turn.match else []
            for cell, face in turn.captured:
                cells.append(cell)
                faces.append(face)
            for _, cell, face in turn.claims:
                cells.append(cell)
                faces.append(face)
            if turn.lone is not None:
                cells.append(turn.lone[1])
                faces.append(turn.lone[2])
            for cell in cells:
                face = board[cell]
                down = 0.0 if face == EMPTY else 1.0
                for offset in self.face_down:
                    mv[box[offset + cell]] = down
                for offset in self.empty:
                    mv[box[offset + cell]] = 1.0 - down
                self._remember(cell, None if face == EMPTY else face)
            for face in set(faces):
                self._holders(game, face)
            self.scoring += 1
        else:  # a miss: both cards lie face down, perhaps swapped
            for offset in self.face_down:
                mv[box[offset + a]] = one
            self._remember(a, board[a])
            self._remember(b, board[b])
        for cell in self.flips:
            for offset in self.last_flips:
                mv[box[offset + cell]] = zero
        self.flips = (a, b)
        swap = 1.0 if turn.swap else 0.0
        for offset in self.last_flips:
            mv[box[offset + a]] = one
            mv[box[offset + b]] = one
        for offset in self.last_swap:
            mv[box[offset]] = swap

    def _holders(self, game: Goxeso, face: int) -> None:
        """Write who holds the taken halves of `face`: a pair, a reservation or a block."""
        mv = self.mv
        box, one, zero = self.box, self.one, self.zero
        held = game.holders[face]
        seats_of = game.owner_seats
        for blocks in self.holding:
            for offsets in blocks.values():
                for offset in offsets:
                    mv[box[offset + face]] = zero
            for owner in set(held):
                if held.count(owner) == 2:
                    name = "pairs"
                else:
                    name = "reserved" if len(held) == 1 else "blocked"
                for s in seats_of[owner]:
                    mv[box[blocks[name][s] + face]] = one

    def _remember(self, cell: int, face: int | None) -> None:
        """Every tracked seat now remembers `face` on `cell` (None: nothing, it is empty).
        One cell a call: a list of (cell, face) tuples per move cost more than the writes."""
        mv, f = self.mv, self.faces
        box, one, zero = self.box, self.one, self.zero
        for i in range(len(self.memory)):
            known = self.known[i]
            old = known[cell]
            if old != face:
                at = self.memory[i] + cell * f
                if old is not None:
                    mv[box[at + old]] = zero
                if face is not None:
                    mv[box[at + face]] = one
                known[cell] = face


def gather_view(adapter: GoxesoAdapter, game: Goxeso, seat: int, base: int, into: Gather) -> None:
    """`GoxesoAdapter.gather`: what `views.table_data` shows everyone (the board with the
    one card face up, the last turn, the holdings, scores, phase, the pending offer,
    progress; Goxeso has no private cards), faces numbered as in the engine (the joker is
    0). Compiled here, beside the tracker: every new game's tracker `start` gathers it."""
    at = adapter.observation.start
    f: int = adapter.faces
    rel: list[int] = adapter.rel[seat]
    ones, spots, values = into.ones, into.spots, into.values
    down, empty, up = base + at["face_down"], base + at["empty"], base + at["face_up"]
    board, first = game.board, game.first
    for cell in range(len(board)):
        face = board[cell]
        if cell == first:  # the card face up now
            ones.append(up + cell * f + face)
        else:
            ones.append(empty + cell if face == EMPTY else down + cell)
    last = game.last
    if last is not None:
        b = base + at["last_flips"]
        ones.append(b + last.cell1)
        ones.append(b + last.cell2)
        if last.swap:
            ones.append(base + at["last_swap"])
    pairs, reserved, blocked = base + at["pairs"], base + at["reserved"], base + at["blocked"]
    seats_of = game.owner_seats
    for face in game.faces:
        held = game.holders[face]
        if not held:
            continue
        for owner in set(held):
            target = pairs if held.count(owner) == 2 else reserved if len(held) == 1 else blocked
            for s in seats_of[owner]:
                ones.append(target + rel[s] * f + face)
    b = base + at["scores"]
    half: int = adapter.pairs
    scores = game.scores()
    for s in range(len(scores)):
        spots.append(b + rel[s])
        values.append(scores[s] / half)
    b = base + at["to_act"]
    for s in game.to_act():
        ones.append(b + rel[s])
    b = base + at["team"]
    for s in seats_of[game.owner_of[seat]]:
        ones.append(b + rel[s])
    b = base + at["phase"]
    if game.phase == "exchange":
        ones.append(b)
    if game.is_over():
        ones.append(b + 1)
    pending = game.pending
    if game.exchanging and pending is not None:
        offerer, offer = pending
        b = base + at["offer"] + rel[offerer] * 2 * f
        ones.append(b + int(offer.get))
        ones.append(b + f + int(offer.give))
    cells: int = adapter.cells
    b = base + at["progress"]
    spots.extend((b, b + 1, b + 2))
    values.append(game.left / cells)
    values.append(game.idle / max(game.cap, 1))
    values.append(game.turn / (4 * cells))
