"""The typed shapes of what a Kozel seat sees and of the whole state (`TypedDict`s).

They live apart from the codec (`views`), which is compiled with the engines: the JSON
Schema export (`kibitz.core.schema`) reads these classes' documentation, which mypyc would
drop.
"""

from __future__ import annotations

from typing import Annotated, NotRequired, TypedDict

from kibitz.core.views import StateBase, ViewBase
from kibitz.games.kozel.moves import Keyword


class PlayData(TypedDict):
    """One play: cards a seat put on the table (or, in `undone`, took back in a takeover)."""

    seat: int
    move: Annotated[Keyword, "How the cards were played."]
    count: Annotated[int, "How many cards: 1 to 4."]
    face_up: Annotated[
        bool,
        "Whether the cards lie face up (discards are face down unless "
        "the discards option is open).",
    ]
    cards: Annotated[
        list[str] | None,
        "The cards (`10H`), or null where this viewer may not "
        "see them (another seat's face-down discard).",
    ]


class TrickData(TypedDict):
    """A finished trick of the deal."""

    deal: Annotated[int, "The deal it belongs to, from 1."]
    number: Annotated[int, "The trick's number in its deal, from 1."]
    first_leader: Annotated[int, "The seat that led first."]
    leader: Annotated[
        int, "The seat of the final lead: the first leader, or the seat that took the trick over."
    ]
    takeover: Annotated[int | None, "The seat that took the trick over with four of a suit."]
    winner: Annotated[int, "The seat that took the trick."]
    plays: list[PlayData]
    undone: Annotated[list[PlayData], "The plays a takeover sent back to the hands."]
    draws: Annotated[list[int], "The seats in the order they drew one card each afterwards."]


class TrickInPlay(TypedDict):
    """The trick on the table now."""

    number: Annotated[int, "The trick's number in the deal, from 1."]
    first_leader: int
    leader: Annotated[int, "The seat of the lead the others answer (the taker-over, if any)."]
    top: Annotated[int | None, "The seat whose cards lie on top; null before the lead."]
    count: Annotated[int | None, "How many cards each answer must have; null before the lead."]
    takeover: Annotated[int | None, "The seat that took this trick over, if one did."]
    takeover_open: Annotated[bool, "Whether a takeover is still allowed in this trick."]
    plays: list[PlayData]
    undone: Annotated[list[PlayData], "The plays a takeover sent back to the hands."]


class DealResult(TypedDict):
    """How a finished deal scored."""

    deal: int
    dealer: int
    points: Annotated[list[int], "Card points per team (seats 0 and 2, seats 1 and 3)."]
    tricks: Annotated[list[int], "Tricks per team."]
    losing: Annotated[list[int], "Losing points each team got."]
    eggs: Annotated[bool, "Both teams had 60 card points."]
    doubled: Annotated[bool, "This deal's losing points were doubled (eggs before it)."]


class KozelTable(TypedDict):
    """What everyone sees of the table."""

    deal: Annotated[int, "The deal's number in the series, from 1."]
    dealer: int
    trump: Annotated[
        str, "The card shown to fix the trump suit (it lies somewhere in the stock or was drawn)."
    ]
    trump_suit: Annotated[str, "The trump suit: S, H, D or C."]
    stock_size: Annotated[int, "Cards left to draw."]
    hand_sizes: Annotated[list[int], "Cards in each seat's hand."]
    returned: Annotated[
        list[list[list[str | int]]],
        "Per seat: [card, trick number] of each face-up "
        "card that went back to its hand in a takeover and was not played face "
        "up since.",
    ]
    known: Annotated[
        list[list[str]],
        "Per seat: the returned cards still surely in its hand (it put nothing face down since).",
    ]
    trick: TrickInPlay
    tricks: Annotated[list[TrickData], "This deal's finished tricks."]
    last_trick: Annotated[
        TrickData | None,
        "The last finished trick, this deal's or, until "
        "this deal's first trick ends, the previous deal's.",
    ]
    tricks_won: Annotated[list[int], "Tricks per team this deal."]
    points_seen: Annotated[list[int], "Card points per team of the cards shown face up."]
    points: Annotated[
        list[int] | None,
        "Card points per team this deal, once everyone can "
        "know them (open discards, or the game is over); else null.",
    ]
    losing_points: Annotated[list[int], "Losing points per team in the series."]
    doubled: Annotated[bool, "This deal's losing points are doubled (eggs before it)."]
    results: Annotated[list[DealResult], "The finished deals, first deal first."]


class KozelSeatPart(KozelTable):
    """The table and one seat's own cards."""

    hand: Annotated[list[str] | None, "This seat's hand; null for a spectator."]
    discards: Annotated[
        list[str] | None, "The cards this seat put face down this deal; null for a spectator."
    ]


class KozelView(ViewBase, KozelSeatPart):
    """What one Kozel seat (or a spectator) sees."""

    scores: NotRequired[Annotated[list[float], "Once over: each seat's team's losing points."]]


class KozelStatePart(KozelTable):
    """The table with every card shown, and where every card is."""

    hands: Annotated[list[list[str]], "Every seat's hand."]
    stock: Annotated[list[str], "The stock, the next card to draw first."]
    to_act: list[int]
    over: bool


class KozelState(StateBase, KozelStatePart):
    """The whole true state of a Kozel game."""
