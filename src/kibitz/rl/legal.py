"""One seat's legal moves and their action numbers, listed once per position.

The AEC and parallel environments ask a position twice: `last()` writes the acting seat's
mask, and the `step` after it makes the action's move. Both share one listing of the legal
moves' action numbers (`Adapter.numbering`): an action's index there is its move's index
in `legal_moves`, which `Game.apply_listed` makes without searching the list again.
Compiled with mypyc beside the engines (`kibitz.compiled.MODULES`): this runs at every step,
where the interpreter costs about an engine move; so it imports no numpy, and writes a mask
into a bytearray that the environment hands over as an int8 array.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from kibitz.core import Game, IllegalMoveError, Move
from kibitz.rl.numbering import FixedNumbering, Numbering

if TYPE_CHECKING:
    from kibitz.rl.adapters.base import Adapter


class LegalMoves:
    """The legal moves of the seat and game last asked about, with their action numbers."""

    def __init__(self, adapter: Adapter, box: list[Any] | None = None) -> None:
        self.adapter = adapter
        self.numbering: Numbering = adapter.numbering
        self.by_move = isinstance(self.numbering, FixedNumbering)
        """The action numbers follow from the moves alone (not from the position): a
        listing the engine hands out again (the same object: Goxeso's first cards, turn
        after turn until a card leaves the board) has the same numbers and mask. The
        listing before the last one is kept too (Goxeso's turns list a first card, then a
        second)."""
        self.zeros = bytearray(adapter.num_actions)
        """An empty mask, copied for each new one (`copy` costs half a `bytearray(n)`)."""
        self.game: Game[Any] | None = None
        """Held, so that another game at the same address is not taken for it."""
        self.version = -1
        self.seat = -1
        self.moves: Sequence[Move] = ()
        """The engine's listing numbered (held: no other object is taken for it)."""
        self.actions: list[int] = []
        self.mask: bytearray | None = None
        """The mask of `actions`, kept once the listing comes again or when it was derived
        from a kept one (kept at once, the copy would cost the row games, whose listings
        never come again, 0.05 µs a step)."""
        self.again = False
        """`moves` is a listing handed out again."""
        self.before: tuple[Sequence[Move], list[int], bytearray | None] = ((), [], None)
        """`moves`, `actions` and `mask` of the listing before."""
        self.taken = -1
        """The index in `moves` of the move made from it (-1: none): a next listing that is
        the same tuple without it (Goxeso's second card after the first) takes its numbers
        and mask from this one's."""
        self.box: list[Any] = list(range(adapter.num_actions)) if box is None else box
        """Every action number as an int object, and 1 as one, for the mask's writes (see
        `kibitz.rl.batch.Batch.box`, which its games' listings share)."""
        self.one: Any = 1

    def list(self, game: Game[Any], seat: int) -> None:
        """List the action numbers of `seat`'s legal moves in `game` now into `actions`
        (in the order of `legal_moves`), unless they are listed already."""
        if self.game is not game or self.version != game.version or self.seat != seat:
            self.game, self.version, self.seat = game, game.version, seat
            moves = game.legal_moves(seat)
            if not self.by_move:
                self.actions = self.numbering.actions(game, seat, moves)
            elif moves is self.moves:
                self.again = True
            else:
                before = self.before
                self.before = (self.moves, self.actions, self.mask)
                self.again = moves is before[0]
                if self.again:
                    self.moves, self.actions, self.mask = before
                elif self.taken >= 0 and without(moves, self.moves, self.taken):
                    self._drop(self.taken)
                    self.moves = moves
                else:
                    self.moves = moves
                    self.actions = self.numbering.actions(game, seat, moves)
                    self.mask = None
            self.taken = -1

    def _drop(self, index: int) -> None:
        """Number the listing that is this one without its move `index`."""
        actions, mask = self.actions, self.mask
        self.actions = actions[:index] + actions[index + 1 :]
        if mask is not None:
            mask = self.mask = mask.copy()
            mask[self.box[actions[index]]] = 0

    def new_mask(self, game: Game[Any], seat: int) -> bytearray:
        """A new mask of `seat`'s legal actions (all 0 when it is not to act). A listing
        handed out again copies its mask (0.06 µs, where Goxeso's 30-odd writes and their
        numbers took 0.9)."""
        if seat not in game.to_act():
            return self.zeros.copy()
        self.list(game, seat)
        if self.mask is not None:
            return self.mask.copy()
        mask = self.zeros.copy()
        self._ones(mask)
        return mask

    def write(self, game: Game[Any], seat: int, row: memoryview) -> None:
        """Write `seat`'s legal actions as 1s into zeroed `row`, a byte memoryview (none
        when it is not to act); a mask kept is copied whole."""
        if seat in game.to_act():
            self.list(game, seat)
            if self.mask is not None:
                row[:] = self.mask
            else:
                self._ones(row)

    def _ones(self, mask: Any) -> None:
        """Set the listed actions to 1 in zeroed `mask` (a bytearray or a byte memoryview),
        and keep a copy when the listing came again."""
        box, one = self.box, self.one
        for action in self.actions:
            mask[box[action]] = one
        if self.again:
            self.mask = bytearray(mask)

    def play(self, game: Game[Any], seat: int, action: int) -> Move:
        """Make the move of `action` for `seat` in `game` and return it: by its index in the
        list (`Game.apply_listed`), or, for an action not listed, through `apply` with
        `adapter.action_to_move`, so that the engine refuses it, saying why."""
        self.list(game, seat)
        # One pass of compiled int compares, where `in` and `index` scan twice, comparing
        # objects (0.14 µs a Goxeso step).
        for index, listed in enumerate(self.actions):
            if listed == action:
                move: Move = game.apply_listed(seat, index)
                self.taken = index
                return move
        move = self.adapter.action_to_move(game, seat, action)
        game.apply(seat, move)  # refused: the move is not listed
        return move


def without(moves: Sequence[Move], listing: Sequence[Move], index: int) -> bool:
    """Whether `moves` is the tuple `listing` without its item `index`, item for item the
    same objects (tuples only: compiled, a tuple's items are read directly, a `Sequence`'s
    through the interpreter)."""
    if type(moves) is not tuple or type(listing) is not tuple or len(moves) != len(listing) - 1:
        return False
    short, full = cast(tuple[Move, ...], moves), cast(tuple[Move, ...], listing)
    return all(short[k] is full[k if k < index else k + 1] for k in range(len(short)))


def action_number(action: Any) -> int:
    """`action` as an action number: an int or a numpy integer (anything with `__index__`)
    but a bool. Anything else (a float, a string, None, a list) is refused with
    `IllegalMoveError` naming it, where `int()` would fail with its own message or cut a
    float to an int (3.7 would play action 3)."""
    if type(action) is int:
        return action
    if not isinstance(action, bool):
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise IllegalMoveError(f"action {action!r} is not an action number (an integer)")


def lowest(seats: frozenset[int]) -> int:
    """The lowest of `seats` (not empty): the seat an environment asks first. A loop, where
    compiled code calls the interpreter's generic `min` on a set (about 2.5 times longer)."""
    low = -1
    for seat in seats:
        if low < 0 or seat < low:
            low = seat
    return low
