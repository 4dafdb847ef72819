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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from kibitz.core import Game, Move
from kibitz.core.native import mypyc_attr
from kibitz.games.goxeso.moves import Flip, Offer, Word
from kibitz.games.kozel.game import Kozel
from kibitz.games.kozel.moves import Beat, Discard, KozelMove, Lead
from kibitz.games.nimmt.moves import Play, Take, XCard

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


class FixedNumbering(Numbering):
    """For actions that depend on the move alone (the row games, Goxeso): a subclass works a
    move's number out from its fields (`action`), a few attribute reads in compiled code
    where a dictionary look-up per move cost several times more (a move hashed, its key
    compared: 26 to 48 ns a move)."""

    def action(self, move: Move) -> int:
        """The action number of `move`; `ValueError` for a move with none."""
        raise NotImplementedError

    def actions(self, game: Game[Any], seat: int, moves: Sequence[Move]) -> list[int]:
        return [self.action(move) for move in moves]


class RowNumbering(FixedNumbering):
    """X bere!'s and 6 nimmt!'s actions: `play c` is c - 1, `take r` is deck + r - 1, and in
    X bere! `x c` is deck + rows + c - 1 (docs/rl.md, "Actions")."""

    def __init__(self, game_name: str, deck: int, rows: int, x_rows: bool) -> None:
        super().__init__()
        self.game_name = game_name
        self.deck = deck
        self.rows = rows
        self.x_rows = x_rows

    def __reduce__(self) -> tuple[Any, ...]:
        return (RowNumbering, (self.game_name, self.deck, self.rows, self.x_rows))

    def action(self, move: Move) -> int:
        kind = type(move)
        if kind is Play:
            return cast(Play, move).number - 1
        if kind is Take:
            return self.deck + cast(Take, move).number - 1
        if kind is XCard and self.x_rows:
            return self.deck + self.rows + cast(XCard, move).number - 1
        raise ValueError(f"{move} has no action number in {self.game_name}")


class GoxesoNumbering(FixedNumbering):
    """Goxeso's actions: `flip` of the cell at row r, column c is r * size + c; an offer
    `to get give` is cells + (to * faces + get) * faces + give; then accept, decline and pass
    (docs/rl.md, "Actions")."""

    def __init__(self, size: int, faces: int, offers: int) -> None:
        super().__init__()
        self.size = size
        self.cells = size * size
        self.faces = faces
        self.offers = offers

    def __reduce__(self) -> tuple[Any, ...]:
        return (GoxesoNumbering, (self.size, self.faces, self.offers))

    def actions(self, game: Game[Any], seat: int, moves: Sequence[Move]) -> list[int]:
        # Over a tuple (the engine lists its moves in one), the flips worked out inline:
        # 0.41 µs for 36 flips, against 0.55 µs through `action` over a `Sequence`.
        listed: tuple[Move, ...] = moves if isinstance(moves, tuple) else tuple(moves)
        size = self.size
        out: list[int] = []
        for move in listed:
            kind = type(move)
            if kind is Flip:
                flip = cast(Flip, move)
                out.append(flip.row * size + flip.col)
            else:
                out.append(self.action(move))
        return out

    def action(self, move: Move) -> int:
        kind = type(move)
        if kind is Flip:
            flip = cast(Flip, move)
            return flip.row * self.size + flip.col
        if kind is Offer:
            offer = cast(Offer, move)
            return self.cells + (offer.to * self.faces + offer.get) * self.faces + offer.give
        if kind is Word:
            return self.cells + self.offers + WORDS.index(cast(Word, move).word)
        raise ValueError(f"{move} has no action number in goxeso")


WORDS = ("accept", "decline", "pass")
"""Goxeso's one-word moves in the order of their actions."""


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
