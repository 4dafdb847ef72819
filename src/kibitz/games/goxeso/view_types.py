"""The typed shapes of what a Goxeso seat sees and of the whole state (`TypedDict`s).

They live apart from the codec (`views`), which is compiled with the engines: the JSON
Schema export (`kibitz.core.schema`) reads these classes' documentation, which mypyc would
drop.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from kibitz.core.views import StateBase, ViewBase

Phase = Literal["play", "exchange", "over"]
Ending = Literal["empty", "idle"]


class CardData(TypedDict):
    """A card seen on a cell."""

    cell: Annotated[str, "The cell: a column letter from `a`, a row number from 1 (`c3`)."]
    face: Annotated[str, "The face: `J` for the joker, else the pair's number."]


class FlipData(CardData):
    """A card a seat turned."""

    seat: int


class OwnedCard(CardData):
    """A card that went to a holder (a seat, or a team in the team variants)."""

    owner: Annotated[int, "The holder: an index into `holdings`."]


class TurnData(TypedDict):
    """One completed turn, with every card it showed."""

    turn: Annotated[int, "The turn's number, from 1."]
    flips: Annotated[list[FlipData], "The two cards turned, in order."]
    result: Literal["match", "miss"]
    owner: Annotated[int | None, "The holder that took the match; null after a miss."]
    swap: Annotated[bool, "After a miss the two cards swapped places."]
    captured: Annotated[list[CardData], "Cards strictly between a matched pair in a line."]
    claims: Annotated[
        list[OwnedCard],
        "Cards claimed after the swap by the holder of their mate (at their new cells).",
    ]
    lone: Annotated[OwnedCard | None, "The lone last card, handed to the holder of its mate."]
    remaining: Annotated[
        list[CardData],
        "The turned cards that lie face down again, where "
        "they lie now: what everyone has just seen.",
    ]


class FaceUp(CardData):
    """The first card of the turn in progress, face up for everyone."""

    seat: int


class Single(TypedDict):
    """A taken card whose mate the holder does not have."""

    face: str
    status: Annotated[
        Literal["reserved", "blocked"],
        "Reserved: its mate is still on the board; blocked: another holder has it.",
    ]


class Holding(TypedDict):
    """What one holder has taken."""

    seats: Annotated[list[int], "The holder's seats (two partners in the team variants)."]
    pairs: Annotated[list[str], "The faces of its pairs."]
    singles: list[Single]


PendingOffer = TypedDict("PendingOffer", {"from": int, "to": int, "get": str, "give": str})
PendingOffer.__doc__ = """An offer waiting for its answer: seat `from` offers seat `to` its half
of `give` for the other's half of `get`."""


class ExchangeData(TypedDict):
    """The exchange phase after the board is empty."""

    log: Annotated[list[list[int | str]], "Every exchange move so far as [seat, notation]."]
    pending: PendingOffer | None
    passes: Annotated[int, "Passes in a row."]


class GoxesoTable(TypedDict):
    """What everyone sees."""

    board: Annotated[
        list[list[str | None]],
        "Rows from the top, cells from the left: a face, "
        "`?` for a face-down card, null for an empty cell.",
    ]
    phase: Phase
    start: Annotated[int, "The seat that turned the first card of the game."]
    turn: Annotated[int, "Turns completed."]
    idle: Annotated[int, "Turns in a row in which no card left the board."]
    idle_cap: Annotated[int, "Idle turns that end the game."]
    cards_left: Annotated[int, "Cards on the board."]
    face_up: Annotated[FaceUp | None, "The card turned first this turn, if any."]
    last_turn: TurnData | None
    turns: Annotated[
        list[TurnData],
        "The last completed turns, oldest first, up to one per "
        "seat (so a seat reading its view once per turn sees every card shown).",
    ]
    holdings: Annotated[list[Holding], "Per holder: a seat, or a team in the team variants."]
    scores: Annotated[list[float], "Each seat's pairs (its team's in the team variants)."]
    exchange: Annotated[ExchangeData | None, "The exchange phase, once it began."]
    ended: Annotated[Ending | None, "Why the game ended: the board is empty, or the idle cap."]


class GoxesoView(ViewBase, GoxesoTable):
    """What one Goxeso seat (or a spectator) sees: the same for every seat."""


class GoxesoStatePart(GoxesoTable):
    """The table with every face shown."""

    to_act: list[int]
    over: bool


class GoxesoState(StateBase, GoxesoStatePart):
    """The whole true state of a Goxeso game."""
