"""Action numbers of a seat's legal moves, for the environments' per-step loops.

The vector environment numbers the learner's legal moves at every step and the AEC and
parallel environments the acting seat's at every `last()`: through the adapters (pure
Python) that cost about as much as listing the moves or more (1.3 µs for eight X bere!
moves; Kozel's encodes each move's cards bit by bit). So each adapter keeps a `Numbering`,
compiled with mypyc beside the engines (`kibitz.compiled.MODULES`) and called from the
compiled loops (`kibitz.rl.batch`, `kibitz.rl.legal`) without entering the interpreter. It
imports no numpy (the build environment has none).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from kibitz.core import Game, Move
from kibitz.core.native import mypyc_attr
from kibitz.games.kozel.game import Kozel
from kibitz.games.kozel.moves import Beat, Discard, KozelMove, Lead

if TYPE_CHECKING:
    from kibitz.rl.adapters.base import Adapter


@mypyc_attr(allow_interpreted_subclasses=True)
class Numbering:
    """The action numbers of legal moves, in order (an action's move is at its index).
    This base asks the adapter (`Adapter.moves_actions`), for adapters without a faster
    way."""

    def __init__(self, adapter: Adapter | None = None) -> None:
        self.adapter = adapter

    def __deepcopy__(self, memo: dict[int, Any]) -> Numbering:
        """Itself, as its adapter's: it follows from the rules, the same for every copy of
        a state or environment (a compiled subclass could not be copied anyway)."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (with its adapter) as a call of its class: a compiled class's instances
        cannot be rebuilt from their fields."""
        return (type(self), (self.adapter,))

    def actions(self, game: Game[Any], seat: int, moves: Sequence[Move]) -> list[int]:
        """The action numbers of `moves`, legal moves of `seat` in `game` now."""
        assert self.adapter is not None
        return self.adapter.moves_actions(game, seat, moves)


class TableNumbering(Numbering):
    """For actions that depend on the move alone (the row games, Goxeso): moves are
    interned, so each move's number is worked out once (`number`) and then looked up."""

    def __init__(self, number: Callable[[Move], int]) -> None:
        super().__init__()
        self.number = number
        self.table: dict[Move, int] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        return (TableNumbering, (self.number,))

    def action(self, move: Move) -> int:
        action = self.table.get(move)
        if action is None:
            action = self.table[move] = self.number(move)
        return action

    def actions(self, game: Game[Any], seat: int, moves: Sequence[Move]) -> list[int]:
        table = self.table
        out: list[int] = []
        for move in moves:
            action = table.get(move)
            out.append(self.action(move) if action is None else action)
        return out


class KozelNumbering(Numbering):
    """Kozel's actions: `kind * 15 + bits - 1`, bit i of `bits` set when the move holds the
    i-th card of the mover's hand in card order (docs/rl.md, "Actions")."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (KozelNumbering, ())

    def actions(self, game: Game[Any], seat: int, moves: Sequence[Move]) -> list[int]:
        hand = cast(Kozel, game).hands[seat]
        return [kozel_action(hand, cast(KozelMove, move)) for move in moves]


def kozel_action(hand: int, move: KozelMove) -> int:
    """The action of Kozel move `move` from `hand` (a mask of cards)."""
    mask = move.mask
    bits = 0
    bit = 1
    rest = hand
    while rest:  # the hand's cards in card order are its bits from the lowest
        low = rest & -rest
        if mask & low:
            bits |= bit
        bit <<= 1
        rest ^= low
    # The first action of the move's kind (lead, beat, discard, four), told by class:
    # `move.kind` is a class attribute, a Python look-up from compiled code.
    kind = type(move)
    base = 0 if kind is Lead else 15 if kind is Beat else 30 if kind is Discard else 45
    return base + bits - 1


def kozel_mask(hand: int, bits: int) -> int:
    """The cards of `hand` (a mask) picked by `bits`: bit i picks the hand's i-th card in card
    order (the inverse of `kozel_action`'s bits; OpenSpiel maps every action it applies back
    to its cards)."""
    mask = 0
    while bits:  # the hand's cards in card order are its bits from the lowest
        low = hand & -hand
        if bits & 1:
            mask |= low
        hand ^= low
        bits >>= 1
    return mask
