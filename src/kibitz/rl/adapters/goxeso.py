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

from collections.abc import Mapping
from typing import Any

from kibitz.core import Game, Move, View
from kibitz.games.goxeso.cards import COLUMNS, JOKER
from kibitz.games.goxeso.moves import ACCEPT, DECLINE, PASS, Flip, Offer
from kibitz.rl.adapters.base import FixedActionAdapter, Trace, seat_view
from kibitz.rl.layout import Field, Layout, Vector, put


def _face(text: str) -> int:
    return int(JOKER) if text == "J" else int(text)


def _cell(text: str, size: int) -> int:
    return (int(text[1:]) - 1) * size + COLUMNS.index(text[0])


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
        idle = self.options["idle_turns"]
        self.idle_cap: int = 4 * self.cells if idle is None else idle
        self.observation = self._layout()

    # ----------------------------------------------------------------- actions

    def _number(self, move: Move) -> int:
        if isinstance(move, Flip):
            return int(move.row) * self.size + int(move.col)
        if isinstance(move, Offer):
            return (
                self.cells
                + (int(move.to) * self.faces + int(move.get)) * self.faces
                + int(move.give)
            )
        return self.cells + self.offers + ("accept", "decline", "pass").index(str(move))

    def action_to_move(self, game: Game[Any], seat: int, action: int) -> Move:
        return self._move(action)

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

    def encode(self, view: View, out: Vector) -> None:
        at, size, f, p = self.observation.start, self.size, self.faces, self.players
        me: int = view["seat"]
        rel = [(seat - me) % p for seat in range(p)]
        ones: list[int] = []
        down, empty, up = at["face_down"], at["empty"], at["face_up"]
        for r, row in enumerate(view["board"]):
            index = r * size
            for cell in row:
                if cell is None:
                    ones.append(empty + index)
                elif cell == "?":
                    ones.append(down + index)
                else:
                    ones.append(up + index * f + _face(cell))
                index += 1
        last = view["last_turn"]
        if last is not None:
            flips = at["last_flips"]
            ones += [flips + _cell(flip["cell"], size) for flip in last["flips"]]
            if last["swap"]:
                ones.append(at["last_swap"])
        pairs, reserved, blocked = at["pairs"], at["reserved"], at["blocked"]
        for holding in view["holdings"]:
            for seat in holding["seats"]:
                base = rel[seat] * f
                ones += [pairs + base + _face(face) for face in holding["pairs"]]
                for single in holding["singles"]:
                    target = reserved if single["status"] == "reserved" else blocked
                    ones.append(target + base + _face(single["face"]))
        scores = at["scores"]
        for seat, score in enumerate(view["scores"]):
            out[scores + rel[seat]] = score / self.pairs
        to_act, team = at["to_act"], at["team"]
        ones += [to_act + rel[seat] for seat in view["to_act"]]
        for holding in view["holdings"]:
            if me in holding["seats"]:
                ones += [team + rel[seat] for seat in holding["seats"]]
        phase = at["phase"]
        if view["phase"] == "exchange":
            ones.append(phase)
        if view["over"]:
            ones.append(phase + 1)
        exchange = view["exchange"]
        if exchange is not None and exchange["pending"] is not None:
            pending = exchange["pending"]
            base = at["offer"] + rel[pending["from"]] * 2 * f
            ones.append(base + _face(pending["get"]))
            ones.append(base + f + _face(pending["give"]))
        put(out, ones)
        progress = at["progress"]
        out[progress] = view["cards_left"] / self.cells
        out[progress + 1] = view["idle"] / max(view["idle_cap"], 1)
        out[progress + 2] = view["turn"] / (4 * self.cells)

    def new_trace(self, seat: int, text: bool = True) -> Trace:
        return GoxesoTrace(self, seat, text)

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
        self.layout = Layout(
            [
                Field(
                    "remembered",
                    cells * adapter.faces,
                    "memory, cell by cell: one-hot last face seen on the face-down card now "
                    "on the cell (swaps followed); zero when never seen",
                )
            ]
        )
        self.known: list[int | None] = [None] * cells
        self.log: list[str] = []
        self.turn = -1

    def _update(self, view: View) -> None:
        size, known = self.size, self.known
        last = view["last_turn"]
        if last is not None and last["turn"] != self.turn:
            self.turn = last["turn"]
            flips = [(_cell(fl["cell"], size), _face(fl["face"])) for fl in last["flips"]]
            for cell, face in flips:
                known[cell] = face
            if last["swap"] and len(flips) == 2:
                (a, fa), (b, fb) = flips
                known[a], known[b] = fb, fa
            if self.keeps_text:
                self.log.append(
                    "turn "
                    + " ".join(f"{fl['seat']}:{fl['cell']}={fl['face']}" for fl in last["flips"])
                    + f" {last['result']}{' swap' if last['swap'] else ''}"
                )
        for r, row in enumerate(view["board"]):
            for col, cell in enumerate(row):
                index = r * size + col
                if cell is None:
                    known[index] = None
                elif cell != "?":
                    known[index] = _face(cell)

    def start(self, game: Game[Any]) -> None:
        self.turn = -1
        self._update(seat_view(game, self.seat))

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        if self.keeps_text and not isinstance(move, Flip):
            self.log.append(f"{mover}:{move}")
        self._update(seat_view(game, self.seat))

    def write(self, out: Vector) -> None:
        f = self.faces
        put(out, [cell * f + face for cell, face in enumerate(self.known) if face is not None])

    def _text(self) -> str:
        memory = " ".join("." if face is None else str(face) for face in self.known)
        return "\n".join([*self.log, f"memory {memory}"])
