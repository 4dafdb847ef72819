"""Goxeso (and classic Pexeso) as an RL environment.

Actions (C = size x size cells, numbered row by row from a1; F = faces + 1, faces numbered
with the joker as 0; P = players):

    0 .. C-1                      flip cell a
    C .. C + P*F*F - 1            offer: a-C = (to*F + get)*F + give  (`offer to get give`)
    C + P*F*F, +1, +2             accept, decline, pass

A player must remember what it saw: the view shows only the cards face up now and the last
turn, so the memory (`GoxesoTrace`) keeps the last face seen on every face-down cell,
following swaps, from the seat's own views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kibitz.core import Game, Move
from kibitz.games.goxeso.cards import EMPTY, cell_name, face_name
from kibitz.games.goxeso.game import Goxeso
from kibitz.games.goxeso.moves import ACCEPT, DECLINE, PASS, Flip, Offer
from kibitz.rl.adapters.base import FixedActionAdapter, Trace
from kibitz.rl.adapters.gather import Gather
from kibitz.rl.layout import Field, Layout
from kibitz.rl.numbering import GoxesoNumbering

if TYPE_CHECKING:
    from kibitz.rl.adapters.tracker import Tracker
    from kibitz.rl.layout import Rows


class GoxesoAdapter(FixedActionAdapter):
    game_name = "goxeso"
    lower_is_better = False

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, options)
        self.size: int = int(self.options["size"])
        self.classic: bool = self.options["classic"]
        self.cells: int = self.size * self.size
        self.pairs = self.cells // 2
        self.faces: int = self.pairs + 1  # face numbers 0..pairs (0: joker, unused in classic)
        self.offers: int = players * self.faces * self.faces
        self.num_actions = self.cells + self.offers + 3
        self.numbering = self.fixed = GoxesoNumbering(self.size, self.faces, self.offers)
        idle = self.options["idle_turns"]
        self.idle_cap: int = 4 * self.cells if idle is None else idle
        self.observation = self._layout()
        self.memory_layout = Layout(
            [
                Field(
                    "remembered",
                    self.cells * self.faces,
                    "memory, cell by cell: one-hot last face seen on the face-down card now "
                    "on the cell (swaps followed); zero when never seen",
                )
            ]
        )
        """The memory part of the vector (`GoxesoTrace`), made once."""

    # ----------------------------------------------------------------- actions

    def _move(self, action: int) -> Move:
        if 0 <= action < self.cells:
            row, col = divmod(action, self.size)
            return Flip(col, row)
        index = action - self.cells
        if 0 <= index < self.offers:
            rest, give = divmod(index, self.faces)
            to, get = divmod(rest, self.faces)
            return Offer(to, get, give)
        words = (ACCEPT, DECLINE, PASS)
        if 0 <= index - self.offers < 3:
            return words[index - self.offers]
        raise ValueError(f"no action {action} in goxeso (0 to {self.num_actions - 1})")

    def action_name(self, action: int) -> str:
        return str(self._move(action))

    # ----------------------------------------------------------------- observations

    def _layout(self) -> Layout:
        c, f, p = self.cells, self.faces, self.players
        return Layout(
            [
                Field(
                    "face_down", c, "1 for each cell (row by row from a1) holding a face-down card"
                ),
                Field("empty", c, "1 for each emptied cell"),
                Field(
                    "face_up",
                    c * f,
                    "cell by cell: one-hot face (joker first) of a card face up now",
                ),
                Field("last_flips", c, "the cells turned in the last finished turn"),
                Field("last_swap", 1, "1 if the last turn was a miss whose cards swapped cells"),
                Field(
                    "pairs",
                    p * f,
                    "seat by seat: 1 for each complete pair the seat (or its team) holds",
                ),
                Field("reserved", p * f, "seat by seat: single halves held as reservations"),
                Field("blocked", p * f, "seat by seat: single halves blocked by another holder"),
                Field("scores", p, "each seat's pairs / number of pairs"),
                Field("to_act", p, "1 if the seat must act now"),
                Field(
                    "team",
                    p,
                    "1 for the observer's partners (team variants), the observer included",
                ),
                Field("phase", 2, "[exchange phase, game over]"),
                Field(
                    "offer",
                    p * 2 * f,
                    "the offer waiting for an answer: from-seat block, then "
                    "[the face asked for, the face given] one-hot; zero when none",
                ),
                Field(
                    "progress", 3, "[cards left / cells, idle turns / idle cap, turn / (4 x cells)]"
                ),
            ]
        )

    def gather(self, game: Game[Any], seat: int, base: int, into: Gather) -> None:
        from kibitz.rl.adapters.goxeso_tracker import gather_view  # it imports this module

        assert isinstance(game, Goxeso)
        gather_view(self, game, seat, base, into)

    def new_trace(self, seat: int, text: bool = True) -> Trace:
        return GoxesoTrace(self, seat, text)

    def new_tracker(self, seats: Sequence[int], rows: Rows | None = None) -> Tracker:
        from kibitz.rl.adapters.goxeso_tracker import GoxesoTracker

        return GoxesoTracker(self, seats, rows)

    def max_decisions(self) -> int:
        # Each turn that is not idle takes a card off the board; after idle_cap idle turns
        # in a row the game ends. A turn is two flips. Each offer is made at most once, and
        # between two offers each player passes at most once.
        turns = (self.cells + 1) * (self.idle_cap + 1)
        return 2 * turns + self.offers * (2 + self.players) + self.players


class GoxesoTrace(Trace):
    """A seat's memory in Goxeso: the last face it saw on each face-down cell."""

    def __init__(self, adapter: GoxesoAdapter, seat: int, text: bool = True) -> None:
        super().__init__(seat, text)
        self.size: int = adapter.size
        self.faces: int = adapter.faces
        cells = adapter.cells
        self.layout = adapter.memory_layout
        self.known: list[int | None] = [None] * cells
        self.remembered: set[int] = set()
        """The cells whose `known` face is not None."""
        self.log: list[str] = []
        self.turn = -1

    def _update(self, game: Goxeso) -> None:
        """Follow the public consequences of the last move: the card face up now, and once
        a turn is complete its two cards (swapped after a miss that swaps); taken cards
        are forgotten."""
        known, remembered = self.known, self.remembered
        last = game.last
        if last is not None and last.number != self.turn:
            self.turn = last.number
            a, b = last.cell1, last.cell2
            if last.swap:
                known[a], known[b] = last.face2, last.face1
            else:
                known[a], known[b] = last.face1, last.face2
            remembered.update((a, b))
            if self.keeps_text:
                names = [cell_name(a, self.size), cell_name(b, self.size)]
                faces = [face_name(last.face1), face_name(last.face2)]
                self.log.append(
                    f"turn {last.seat1}:{names[0]}={faces[0]} {last.seat2}:{names[1]}={faces[1]}"
                    f" {'match' if last.match else 'miss'}{' swap' if last.swap else ''}"
                )
        board = game.board
        for cell in [cell for cell in remembered if board[cell] == EMPTY]:
            known[cell] = None
            remembered.discard(cell)
        first = game.first
        if first >= 0:
            known[first] = board[first]
            remembered.add(first)

    def start(self, game: Game[Any]) -> None:
        assert isinstance(game, Goxeso)
        self.turn = -1
        self._update(game)

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        assert isinstance(game, Goxeso)
        if self.keeps_text and not isinstance(move, Flip):
            self.log.append(f"{mover}:{move}")
        self._update(game)

    def recall(self) -> dict[str, str]:
        """The faces remembered on the face-down cards, by cell name."""
        size = self.size
        return {
            cell_name(cell, size): face_name(face)
            for cell in self.remembered
            if (face := self.known[cell]) is not None  # never None for a remembered cell
        }

    def share(self, other: Trace) -> None:
        """All of it: every card turned is shown to every seat, and so is every other move."""
        assert isinstance(other, GoxesoTrace)
        other.known, other.remembered = list(self.known), set(self.remembered)
        other.log, other.turn = list(self.log), self.turn

    def gather(self, base: int, ones: list[int]) -> None:
        f, known = self.faces, self.known
        ones += [base + cell * f + known[cell] for cell in self.remembered]  # type: ignore[operator]

    def _text(self) -> str:
        memory = " ".join("." if face is None else str(face) for face in self.known)
        return "\n".join([*self.log, f"memory {memory}"])
