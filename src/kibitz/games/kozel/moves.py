"""Kozel's moves: `lead 7H 9H`, `beat 10S AS`, `discard 6C 7D`, `four 6S 8S QS AS`.

A move is a kind and a set of one to four cards. Moves are interned (one object per kind and
card set), so equality is identity and a legality check is a few pointer comparisons; always
create them through the classes (`Lead(mask)`), never by copying. On input the cards may come
in any order and any letter case; `str()` writes them in one fixed order (by rank from 6 to A,
then by suit S H D C), so `str(parse_move(t)) == t` for every canonical text.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Literal

from kibitz.core import InternedMove, NotationError
from kibitz.games.kozel.cards import CARD_POINTS, CARD_TEXT, notation_key, parse_card

Keyword = Literal["lead", "beat", "discard", "four"]
"""How cards are played: the first word of a move's notation."""


class KozelMove(InternedMove):
    """A set of cards put on the table; the subclass says how. The value is the card mask."""

    __slots__ = ("_text", "cards", "count", "mask", "points")
    keyword: ClassVar[Keyword]
    kind: ClassVar[int]
    face_up: ClassVar[bool]
    """Whether the cards are shown (a discard lies face down unless `discards` is open)."""
    _instances: ClassVar[dict[int, Any]]
    """Each kind's intern table, mask -> move (read directly by `legal` for speed)."""

    mask: int
    cards: tuple[int, ...]
    """The cards in card-number order (by suit S H D C, then rank)."""
    count: int
    points: int
    _text: str | None

    def _setup(self, key: int) -> None:
        cards = []
        rest = key
        while rest:
            low = rest & -rest
            cards.append(low.bit_length() - 1)
            rest ^= low
        if not 1 <= len(cards) <= 4 or cards[-1] >= len(CARD_POINTS):
            raise ValueError(f"a move has one to four of the 36 cards, not mask {key}")
        points = 0
        for card in cards:
            points += CARD_POINTS[card]
        # Plain assignments, not `_set`: compiled, they are stores into the object's struct
        # (random play meets thousands of new discards, each made here once).
        self.mask = key
        self.cards = tuple(cards)
        self.count = len(cards)
        self.points = points
        self._text = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __str__(self) -> str:
        text = self._text
        if text is None:
            ordered = sorted(self.cards, key=notation_key)
            text = " ".join((self.keyword, *(CARD_TEXT[c] for c in ordered)))
            self._text = text
        return text


LEAD: Final = 0
BEAT: Final = 1
DISCARD: Final = 2
FOUR: Final = 3


class Lead(KozelMove):
    """Open a trick with one to four cards of one suit, face up."""

    __slots__ = ()
    keyword = "lead"
    kind = LEAD
    face_up = True


class Beat(KozelMove):
    """Answer with as many cards as were led, each beating a different card on top."""

    __slots__ = ()
    keyword = "beat"
    kind = BEAT
    face_up = True


class Discard(KozelMove):
    """Answer with as many cards as were led, any cards, face down."""

    __slots__ = ()
    keyword = "discard"
    kind = DISCARD
    face_up = False


class Four(KozelMove):
    """Take the trick over with four cards of one suit: the table goes back to the hands and
    these four are the new lead."""

    __slots__ = ()
    keyword = "four"
    kind = FOUR
    face_up = True


KINDS: Final[dict[str, type[KozelMove]]] = {
    "lead": Lead,
    "beat": Beat,
    "discard": Discard,
    "four": Four,
}

_PARSED: Final[dict[str, KozelMove]] = {}


def parse_move(text: object) -> KozelMove:
    """The move written as `text`: a keyword, then one to four different cards (exactly four
    for `four`), separated by spaces. Raises `NotationError` saying what is wrong."""
    move = _PARSED.get(text) if isinstance(text, str) else None
    if move is not None:
        return move
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}")
    parts = text.split()
    kinds = ", ".join(KINDS)
    if not parts or parts[0].lower() not in KINDS:
        raise NotationError(
            f"cannot read move {text!r}: start with {kinds} and name the cards, as in lead 7H 9H"
        )
    kind = KINDS[parts[0].lower()]
    if not 1 <= len(parts) - 1 <= 4:
        raise NotationError(f"cannot read move {text!r}: a move names one to four cards")
    if kind is Four and len(parts) != 5:
        raise NotationError(f"cannot read move {text!r}: four names exactly four cards")
    mask = 0
    for part in parts[1:]:
        try:
            card = parse_card(part)
        except ValueError as error:
            raise NotationError(f"cannot read move {text!r}: {error}") from None
        if mask >> card & 1:
            raise NotationError(f"cannot read move {text!r}: {CARD_TEXT[card]} appears twice")
        mask |= 1 << card
    move = kind(mask)
    if len(_PARSED) < 100_000:
        _PARSED[text] = move
    return move


def move_of(keyword: str, cards: list[int]) -> KozelMove:
    """The move of a kind named by `keyword` with these cards (for states and views)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    if keyword not in KINDS or mask.bit_count() != len(cards):
        raise ValueError(f"no move {keyword!r} with cards {cards!r}")
    return KINDS[keyword](mask)
