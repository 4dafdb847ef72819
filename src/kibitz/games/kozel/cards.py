"""Kozel's 36 cards as small integers, with the tables the engine needs.

A card is `suit * 9 + rank`: suits S, H, D, C are 0-3 and ranks 6 7 8 9 J Q K 10 A are
0-8 (low to high, as the rules order them). A set of cards is a bit mask (bit `card`), so a
hand of at most four cards is one int and set operations are single instructions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

SUITS: Final = "SHDC"
"""Suit letters in card-number order: spades, hearts, diamonds, clubs."""

SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")

RANKS: Final = ("6", "7", "8", "9", "J", "Q", "K", "10", "A")
"""Rank texts from low to high: 10 ranks between K and A in Kozel."""

RANK_POINTS: Final = (0, 0, 0, 0, 2, 3, 4, 10, 11)
"""Card points by rank: A 11, 10 10, K 4, Q 3, J 2, 6-9 none; 120 in the whole deck."""

DECK_SIZE: Final = 36
FULL_DECK: Final = (1 << DECK_SIZE) - 1

CARD_TEXT: Final[tuple[str, ...]] = tuple(RANKS[c % 9] + SUITS[c // 9] for c in range(DECK_SIZE))
"""`CARD_TEXT[card]`: the card written rank then suit letter, as in `10H`."""

CARD_POINTS: Final[tuple[int, ...]] = tuple(RANK_POINTS[c % 9] for c in range(DECK_SIZE))

SUIT_MASKS: Final[tuple[int, ...]] = tuple(((1 << 9) - 1) << (9 * s) for s in range(4))
"""The mask of all nine cards of each suit."""

_BY_TEXT: Final = {text: card for card, text in enumerate(CARD_TEXT)}


def suit_of(card: int) -> int:
    return card // 9


def rank_of(card: int) -> int:
    return card % 9


def card_text(card: int) -> str:
    return CARD_TEXT[card]


def parse_card(text: object) -> int:
    """The card written `text` (`6S`, `10h`, `QD`: any letter case); raises ValueError."""
    card = _BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
    if card is None:
        raise ValueError(
            f"{text!r} is not a card: write the rank (6 7 8 9 10 J Q K A) "
            "then the suit (S H D C), as in 10H or QS"
        )
    return card


def notation_key(card: int) -> tuple[int, int]:
    """The order cards are written in within a move: by rank from 6 to A, then by suit
    S H D C (so `lead 7H 9H`, `discard 6C 7D`, `four 6S 8S QS AS`)."""
    return (card % 9, card // 9)


def count_of(mask: int) -> int:
    """How many cards a mask holds: `mask.bit_count()`, which compiled code can only call as a
    Python method, as a loop over its few set bits, which compiles to a few instructions."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a mask in card-number order (by suit S H D C, then rank)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def texts_of(mask: int) -> list[str]:
    """The cards of a mask as texts, grouped by suit and low to high (how hands are shown)."""
    return [CARD_TEXT[card] for card in cards_of(mask)]


def mask_points(mask: int) -> int:
    return sum(CARD_POINTS[card] for card in cards_of(mask))


def _beaten_by(card: int, trump: int) -> int:
    """The mask of the cards `card` beats when `trump` is the trump suit."""
    suit, rank = card // 9, card % 9
    lower = ((1 << rank) - 1) << (9 * suit)
    if suit == trump:
        return lower | (FULL_DECK & ~SUIT_MASKS[trump])
    return lower


BEATS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_beaten_by(card, trump) for card in range(DECK_SIZE)) for trump in range(4)
)
"""`BEATS[trump][card]`: the mask of cards that `card` beats (rule 4): a higher card of its
own suit, or, for a trump, every card of the other three suits."""


def beats(card: int, other: int, trump: int) -> bool:
    """Whether `card` beats `other` (rule 4). Two different non-trump suits never compare."""
    return bool(BEATS[trump][card] >> other & 1)
