"""The Goxeso engine, with its team variants Bridge and Cross and classic Pexeso.

A turn is two moves: `flip` of a first face-down card (it stays face up, visible to all, until
the second flip), then `flip` of a second one; the second flip resolves the turn (match and
line capture, or miss, swap and claims, then the lone last card). When the board is empty,
an exchange phase of `offer`/`accept`/`decline`/`pass` moves may follow.

The engine's memory of cards is `board` (a face per cell, `EMPTY` once taken) and `holders`
(per face, who holds its taken cards); pairs, reservations and blocks all follow from these.
The tuple of `flip` moves of the non-empty cells is rebuilt only when cards leave the board,
so listing legal moves is cheap. What the seats see is in `views`, how `determinize` fills in
the face-down cards in `sampling`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Final

from kibitz.core import Game, NotationError, State, View
from kibitz.core.rng import below, derive
from kibitz.games.goxeso.cards import EMPTY, SIZES, cell_name, face_ids, face_name
from kibitz.games.goxeso.exchange import Trade, trade, trades_between
from kibitz.games.goxeso.moves import (
    ACCEPT,
    DECLINE,
    PASS,
    Flip,
    GoxesoMove,
    Offer,
    Word,
    parse_move,
)
from kibitz.games.goxeso.options import GoxesoOptions
from kibitz.games.goxeso.sampling import load_view
from kibitz.games.goxeso.search import GoxesoFeatures
from kibitz.games.goxeso.setup import read_board, shuffled_board
from kibitz.games.goxeso.turns import Turn
from kibitz.games.goxeso.view_types import (
    Ending,
    GoxesoState,
    GoxesoStatePart,
    GoxesoTable,
    GoxesoView,
    Phase,
)
from kibitz.games.goxeso.views import EXCHANGE, OVER, PLAY, load_state, state_data, table_data

_ANSWERS: Final = (ACCEPT, DECLINE)

_FLIPS: Final = {n: [Flip(col, row) for row in range(n) for col in range(n)] for n in SIZES}
"""The `flip` move of each cell, by board size."""

_ALONE: Final = [frozenset((seat,)) for seat in range(4)]
"""`to_act` when one seat acts."""


class Goxeso(Game[GoxesoMove]):
    """Goxeso (and classic Pexeso with `classic=True`) for 1-4 seats."""

    name = "goxeso"
    options_class = GoxesoOptions
    view_type = GoxesoView
    state_type = GoxesoState
    options: GoxesoOptions

    def __init__(self, players: int, options: GoxesoOptions) -> None:
        super().__init__(players, options)
        n = self.size = options.size
        self.classic = options.classic
        self.cross = options.variant == "cross"
        self.teamed = options.variant != "none"
        self.cap = options.cap
        self.faces = face_ids(n, options.classic)
        self.owner_seats: tuple[tuple[int, ...], ...] = (
            ((0, 2), (1, 3)) if self.teamed else tuple((seat,) for seat in range(players))
        )
        """The seats of each holder: a team in the team variants, else each seat alone."""
        self.owner_of = [seat % 2 if self.teamed else seat for seat in range(players)]
        self.board: list[int] = [EMPTY] * (n * n)
        self.left = 0
        """Cards on the board."""
        self.holders: list[list[int]] = [[] for _ in range(self.faces[-1] + 1)]
        self.pairs = [0] * len(self.owner_seats)
        self.start = 0
        """The seat that turned the first card of the game."""
        self.turn_seat = 0
        """The seat whose turn it is (in Cross: the partner who turns the first card)."""
        self.first = -1
        """The cell of the card turned face up this turn, or -1 before the first flip."""
        self.turn = 0
        """Turns completed."""
        self.idle = 0
        """Turns in a row, up to now, in which no card left the board."""
        self.last: Turn | None = None
        self.recent: list[Turn] = []
        """The last completed turns, oldest first, up to one per seat (a full round), so that
        a view read once per own turn still shows every card turned since."""
        self.phase: Phase = PLAY
        self.ended: Ending | None = None
        """Why the game ended: "empty" (the board; after any exchange phase) or "idle"."""
        self.exchanging = False
        """Whether an exchange phase began (it stays true after it ends)."""
        self.log: list[tuple[int, GoxesoMove]] = []
        """The exchange phase's moves, in order."""
        self.pending: tuple[int, Offer] | None = None
        """(offering seat, offer) waiting for its answer."""
        self.made: set[Trade] = set()
        self.passes = 0
        """Passes in a row in the exchange phase."""
        self._flips = _FLIPS[n]
        self._open: tuple[Flip, ...] | None = None
        """`flip` of every non-empty cell in cell order; None when it must be rebuilt."""
        self._pos = [0] * (n * n)
        """Index of each non-empty cell's move in `_open`."""
        self._alone = _ALONE

    # ----------------------------------------------------------------- dealing

    def _deal(self, seed: int, setup: Mapping[str, Any] | None) -> None:
        size, classic = self.size, self.classic
        if setup is not None:
            self.board = read_board(setup, size, classic)
            self.start = 0
        else:
            rng = derive(seed, "deal")
            self.board = shuffled_board(size, classic, rng)
            self.start = below(rng, self.players)
        self.left = len(self.board)
        self.turn_seat = self.start
        self._to_act = self._alone[self.start]

    # ----------------------------------------------------------------- moves

    def parse_move(self, text: str) -> GoxesoMove:
        move = parse_move(text)
        size = self.size
        if type(move) is Flip and (move.col >= size or move.row >= size):
            raise NotationError(f"no cell {str(move)[5:]} on the {size}x{size} board")
        if type(move) is Offer:
            for face in (move.get, move.give):
                if face not in self.faces:
                    raise NotationError(f"no face {face_name(face)} in this game")
        return move

    def _legal_moves(self, seat: int) -> Sequence[GoxesoMove]:
        if self.phase == PLAY:
            moves = self._open
            if moves is None:
                moves = self._open_moves()
            first = self.first
            if first < 0:
                return moves
            i = self._pos[first]
            return moves[:i] + moves[i + 1 :]
        if self.pending is not None:
            return _ANSWERS
        return (*self._offers(seat), PASS)

    def _refusal(self, seat: int, move: object) -> str | None:
        if isinstance(move, Flip) and self.phase == PLAY:
            cell, name = move.row * self.size + move.col, str(move)[5:]
            if cell == self.first:
                return f"{name} is face up already; turn a face-down card"
            if self.board[cell] == EMPTY:
                return f"{name} is empty: its card has left the board"
        return None

    def _open_moves(self) -> tuple[Flip, ...]:
        flips, pos, board = self._flips, self._pos, self.board
        cells = [cell for cell in range(len(board)) if board[cell] != EMPTY]
        for i, cell in enumerate(cells):
            pos[cell] = i
        moves = self._open = tuple(flips[cell] for cell in cells)
        return moves

    def _offers(self, seat: int) -> list[Offer]:
        """Every trade `seat` may still offer, to each seat of every other holder."""
        owner, owner_of = self.owner_of[seat], self.owner_of
        offers = []
        for other in range(self.players):
            if owner_of[other] != owner:
                for get, give in trades_between(
                    self.holders, self.faces, owner, owner_of[other], self.made
                ):
                    offers.append(Offer(other, get, give))
        return offers

    def _apply(self, seat: int, move: GoxesoMove) -> None:
        if isinstance(move, Flip):
            cell = move.row * self.size + move.col
            if self.first < 0:
                self.first = cell
                if self.cross:
                    self._to_act = self._alone[(seat + 2) % 4]
                return
            self._second(seat, cell)
        else:
            self._exchange_move(seat, move)

    # ----------------------------------------------------------------- a turn

    def _second(self, seat: int, b: int) -> None:
        """The second card: resolve the turn (rules 3, 4, 7, 8), then the end or the next turn."""
        a, board = self.first, self.board
        self.first = -1
        fa, fb = board[a], board[b]
        opener = self.turn_seat
        self.turn += 1
        turn = self.last = Turn(self.turn, (opener, a, fa), (seat, b, fb))
        recent = self.recent
        recent.append(turn)
        if len(recent) > self.players:
            del recent[0]
        before = self.left
        if fa == fb or not fa or not fb:  # mates, or a joker (face 0; classic has none)
            owner = turn.owner = self.owner_of[opener]
            turn.match = True
            take = self._take
            take(owner, a)
            take(owner, b)
            if not self.classic:
                for cell in self._line(a, b):
                    turn.captured.append((cell, board[cell]))
                    take(owner, cell)
        elif not self.classic:
            board[a], board[b] = fb, fa
            turn.swap = True
            holders = self.holders
            held = holders[fa]
            if held:  # the mate of the card now on b is held: its reserver claims it
                turn.claims.append((held[0], b, fa))
                self._take(held[0], b)
            held = holders[fb]
            if held:
                turn.claims.append((held[0], a, fb))
                self._take(held[0], a)
        if self.left == 1:
            cell = next(c for c, face in enumerate(board) if face != EMPTY)
            face = board[cell]
            owner = self.holders[face][0]
            turn.lone = (owner, cell, face)
            self._take(owner, cell)
        if self.left == before:
            self.idle += 1
        else:
            self.idle = 0
        if not self.left:
            self._board_empty()
        elif self.idle >= self.cap:
            self._end("idle")
        else:
            if not (turn.match and self.classic):
                self.turn_seat = (opener + 1) % self.players
            self._to_act = self._alone[self.turn_seat]

    def _take(self, owner: int, cell: int) -> None:
        """`owner` takes the card on `cell`; a second half of the same holder makes a pair."""
        face = self.board[cell]
        self.board[cell] = EMPTY
        self.left -= 1
        held = self.holders[face]
        held.append(owner)
        if len(held) == 2 and held[0] == owner:
            self.pairs[owner] += 1
        self._open = None

    def _line(self, a: int, b: int) -> list[int]:
        """The non-empty cells strictly between `a` and `b` when they share a row or a column
        (never a diagonal), from `a` towards `b`."""
        n = self.size
        row_a, col_a = divmod(a, n)
        row_b, col_b = divmod(b, n)
        if row_a == row_b:
            step = 1 if col_b > col_a else -1
        elif col_a == col_b:
            step = n if row_b > row_a else -n
        else:
            return []
        board = self.board
        return [cell for cell in range(a + step, b, step) if board[cell] != EMPTY]

    def _board_empty(self) -> None:
        """Rule 9 and 10: score, or first an exchange phase when two holders can trade."""
        if self.options.exchange == "offer" and self._trade_possible():
            self.phase = EXCHANGE
            self.exchanging = True
            self.passes = 0
            self._to_act = self._alone[(self.turn_seat + 1) % self.players]
        else:
            self._end("empty")

    def _end(self, reason: Ending) -> None:
        self.phase = OVER
        self.ended = reason
        self._finish()

    # ----------------------------------------------------------------- the exchange phase

    def _trade_possible(self) -> bool:
        return any(self._offers(seat) for seat in range(self.players))

    def _exchange_move(self, seat: int, move: Offer | Word) -> None:
        self.log.append((seat, move))
        owner_of = self.owner_of
        if type(move) is Offer:
            self.made.add(trade(owner_of[seat], move.get, owner_of[move.to], move.give))
            self.pending = (seat, move)
            self._to_act = self._alone[move.to]
            return
        if move is PASS:
            self.passes += 1
            after = seat
        else:
            assert self.pending is not None
            after, offer = self.pending
            self.pending = None
            self.passes = 0
            if move is ACCEPT:
                mine, theirs = owner_of[after], owner_of[offer.to]
                self.holders[offer.give] = [theirs, theirs]
                self.holders[offer.get] = [mine, mine]
                self.pairs[mine] += 1
                self.pairs[theirs] += 1
        if self.passes >= self.players or not self._trade_possible():
            self._end("empty")
        else:
            self._to_act = self._alone[(after + 1) % self.players]

    # ----------------------------------------------------------------- scoring

    def _scores(self) -> tuple[float, ...]:
        pairs = self.pairs
        return tuple(pairs[owner] for owner in self.owner_of)

    def _winners(self) -> frozenset[int]:
        scores = self._scores()
        best = max(scores)
        return frozenset(seat for seat, score in enumerate(scores) if score == best)

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.owner_seats if self.teamed else super().teams()

    # ----------------------------------------------------------------- search

    def observe(self, seat: int, move: GoxesoMove, by: int) -> Hashable:
        """A flip shows the face of the card it turns: (move, face)."""
        if type(move) is Flip:
            return (move, self.board[move.row * self.size + move.col])
        return move

    def features(self, seat: int) -> GoxesoFeatures:
        return GoxesoFeatures(
            self.size,
            self.board,
            self.first,
            self.holders,
            self.owner_of[seat],
            self.pairs,
            self.phase == PLAY,
        )

    def invariants(self) -> list[str]:
        problems = []
        board, holders, faces = self.board, self.holders, self.faces
        on_board = [0] * len(holders)
        for cell, face in enumerate(board):
            if face == EMPTY:
                continue
            if face not in faces:
                problems.append(f"cell {cell_name(cell, self.size)} holds no face of this game")
            else:
                on_board[face] += 1
        if self.left != sum(on_board):
            problems.append(f"{self.left} cards counted on the board, {sum(on_board)} lie there")
        for face in faces:
            if on_board[face] + len(holders[face]) != 2:
                problems.append(f"face {face_name(face)} is not exactly twice in the game")
        pairs = [0] * len(self.owner_seats)
        for face in faces:
            held = holders[face]
            if len(held) == 2 and held[0] == held[1]:
                pairs[held[0]] += 1
            elif self.classic and held:
                problems.append(f"classic Pexeso: face {face_name(face)} is held as a single")
        if pairs != self.pairs:
            problems.append(f"pairs counted {self.pairs}, holdings give {pairs}")
        if self.left == 1:
            problems.append("a lone card stayed on the board")
        if self.first >= 0 and (board[self.first] == EMPTY or self.phase != PLAY):
            problems.append("the face-up card is not on the board")
        if self.phase == EXCHANGE and self.left:
            problems.append("an exchange phase with cards on the board")
        if self.pending is not None and (
            self.phase != EXCHANGE or self._to_act != self._alone[self.pending[1].to]
        ):
            problems.append("an offer waits, but not for the seat it was made to")
        if self._over != (self.phase == OVER):
            problems.append("the phase does not say whether the game is over")
        if not self._over and self.idle >= self.cap:
            problems.append("the idle cap was reached but the game goes on")
        if self.phase == PLAY:
            actor = self.turn_seat
            if self.first >= 0 and self.cross:
                actor = (actor + 2) % 4
            if self._to_act != self._alone[actor]:
                problems.append(f"seat {actor} should act, not {sorted(self._to_act)}")
        if self._open is not None:
            open_cells = [cell for cell, face in enumerate(board) if face != EMPTY]
            if self._open != tuple(self._flips[cell] for cell in open_cells):
                problems.append("the cached flip moves do not match the board")
        return problems

    # ----------------------------------------------------------------- views and state

    def _view(self, seat: int | None) -> GoxesoTable:
        return table_data(self, full=False)

    def _state(self) -> GoxesoStatePart:
        return state_data(self)

    def _load_state(self, state: State) -> None:
        load_state(self, state)

    def _load_view(self, view: View, rng: random.Random) -> None:
        load_view(self, view, rng)

    def _load_view_and_memory(self, view: View, rng: random.Random, memory: Any) -> None:
        """`memory`: the faces the seat remembers, face text by cell name (as views write
        them)."""
        load_view(self, view, rng, memory)
