"""The typed shapes of what an X bere! or 6 nimmt! seat sees and of the whole state (`TypedDict`s).

They live apart from the codec (`views`), which is compiled with the engines: the JSON
Schema export (`kibitz.core.schema`) reads these classes' documentation, which mypyc would
drop.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from kibitz.core.views import StateBase, ViewBase


class PlaceEvent(TypedDict):
    """A revealed card placed on a row."""

    type: Literal["place"]
    seat: int
    card: int
    row: Annotated[int, "The row, numbered from 1."]


class TakeEvent(TypedDict):
    """A card that took a row: it filled the row, or was lower than every row's end and its
    player chose the row."""

    type: Literal["take"]
    seat: int
    card: Annotated[int, "The card that now starts the row."]
    row: Annotated[int, "The row, numbered from 1."]
    cards: Annotated[list[int], "The cards taken."]
    reason: Literal["full", "low"]


class XEvent(TypedDict):
    """X bere!: the taker chose its X card; the other taken cards went back to its hand."""

    type: Literal["x"]
    seat: int
    card: Annotated[int, "The X card, laid on the seat's X row."]
    packed: Annotated[
        bool,
        "The X card was lower than the X row's end: the X row went to the "
        "X pile and the card starts it anew.",
    ]
    back: Annotated[list[int], "The cards that went back to the hand (now known to all)."]


class PendingDecision(TypedDict):
    """A decision the placement waits for."""

    decision: Annotated[
        Literal["take", "x"],
        "take: choose a row to take (`take N`); x: choose "
        "the X card among the taken cards (`x N`).",
    ]
    seat: int
    card: Annotated[int, "The card being placed."]
    cards: Annotated[list[int], "For x: the taken cards to choose from."]


class RowsTable(TypedDict):
    """What everyone sees in both games."""

    round: Annotated[int, "The round, from 1."]
    turn: Annotated[int, "The turn, from 1 (counted over the whole game)."]
    rows: Annotated[list[list[int]], "The rows on the table, in row order, oldest card first."]
    row_limits: Annotated[list[int], "The limit of each row."]
    hand_sizes: Annotated[list[int], "Cards in each seat's hand (a chosen card not counted)."]
    known: Annotated[
        list[list[int]], "Per seat: cards seen going back to its hand, not played since."
    ]
    chosen: Annotated[list[bool], "Per seat: whether it has chosen its card this turn."]
    revealed: Annotated[
        list[list[int]], "This turn's revealed cards as [card, seat], lowest first."
    ]
    placed: Annotated[int, "How many of the revealed cards are placed."]
    pending: PendingDecision | None
    round_scores: Annotated[list[list[int]], "Per finished round: each seat's penalty."]
    dealt: Annotated[int, "Cards dealt into play this round (the rest of the deck is unseen)."]
    emptied: Annotated[bool, "Someone played the last card of their hand this turn."]
    events: Annotated[
        list[PlaceEvent | TakeEvent | XEvent], "How this turn's revealed cards were placed so far."
    ]


class XBereTable(RowsTable):
    """What everyone sees in X bere!."""

    x_piles: Annotated[list[list[int]], "Per seat: its X pile (penalty cards, counted double)."]
    x_rows: Annotated[list[list[int]], "Per seat: its X row, ascending."]


class SixNimmtTable(RowsTable):
    """What everyone sees in 6 nimmt!."""

    piles: Annotated[list[list[int]], "Per seat: the cards it took (penalty)."]


class SeatPart(TypedDict):
    """One seat's own cards."""

    hand: Annotated[list[int] | None, "This seat's hand, ascending; null for a spectator."]
    choice: Annotated[int | None, "The card this seat chose this turn, if any."]
    scores: Annotated[
        list[float] | None,
        "Each seat's penalty so far, when everyone can work "
        "it out (not while bullheads of hidden hand cards count); else null.",
    ]


class StatePart(TypedDict):
    """Every seat's cards."""

    hands: list[list[int]]
    choices: Annotated[list[int | None], "Each seat's face-down choice this turn."]
    to_act: list[int]
    over: bool
    scores: Annotated[list[float], "Each seat's penalty so far."]


class XBereView(ViewBase, XBereTable, SeatPart):
    """What one X bere! seat (or a spectator) sees."""


class SixNimmtView(ViewBase, SixNimmtTable, SeatPart):
    """What one 6 nimmt! seat (or a spectator) sees."""


class XBereState(StateBase, XBereTable, StatePart):
    """The whole true state of an X bere! game."""


class SixNimmtState(StateBase, SixNimmtTable, StatePart):
    """The whole true state of a 6 nimmt! game."""
