"""Kozel deals: shuffled from the seed, or read from a record's explicit `setup`.

One deal is `{"dealer": 0, "hands": [[4 cards] x 4], "stock": [20 cards, top first],
"trump_card": "9H"}`; a series may fix its first deals with `{"deals": [deal, deal, ...]}`
(the dealer of each later deal follows the rules, so it may be left out there).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any, Final

from kibitz.core import SetupError
from kibitz.core.rng import below
from kibitz.games.kozel.cards import CARD_TEXT, DECK_SIZE, parse_card

HAND_SIZE: Final = 4
STOCK_SIZE: Final = DECK_SIZE - 4 * HAND_SIZE
_DEAL_KEYS: Final = {"dealer", "hands", "stock", "trump_card"}


class Deal:
    """A dealt position: the dealer, each seat's hand (a mask), the stock bottom first (the
    next card drawn is the last, as the engine keeps it), and the trump card (which lies
    somewhere in the stock). A plain class, as Kozel's `Trick` (one is made every deal). The
    engine takes its lists over: a deal is put on the table once, never shared."""

    __slots__ = ("dealer", "hands", "stock", "trump_card")

    def __init__(self, dealer: int, hands: list[int], stock: list[int], trump_card: int) -> None:
        self.dealer = dealer
        self.hands = hands
        self.stock = stock
        self.trump_card = trump_card


_DECK: Final = tuple(range(DECK_SIZE))
_RADIX_GROUPS: Final = tuple(
    (math.prod(radices), radices)
    for radices in (tuple(range(top, max(top - 7, 1), -1)) for top in range(DECK_SIZE, 1, -7))
)
"""The radices of the shuffle's digits (36 down to 2) in groups of seven with their product:
one division of the 200-bit number per group, the digits then from a small remainder (the
same digits as one division each)."""


def shuffled_deal(dealer: int, rng: random.Random) -> Deal:
    """Rule 3 with a shuffled deck: four cards each, one at a time clockwise from the player
    after the dealer, dealer last; the other 20 are the stock. A random card from the middle
    of the stock (positions 5-16 of 20) is shown and put back at a random place, so where it
    lies is unknown to everyone.

    The shuffle is Fisher-Yates driven by one 200-bit random number read digit by digit
    (36! is below 2^139, so every order is equally likely to within 2^-60), which is several
    times faster than `random.shuffle`'s one call per card."""
    deck = list(_DECK)
    number = rng.getrandbits(200)
    for product, radices in _RADIX_GROUPS:
        rest = number % product
        number //= product
        for radix in radices:
            j = rest % radix
            rest //= radix
            deck[radix - 1], deck[j] = deck[j], deck[radix - 1]
    # The hand of the (i+1)-th seat after the dealer: every fourth card from place i.
    hands = [0, 0, 0, 0]
    for i in range(4):
        hands[(dealer + 1 + i) & 3] = (
            1 << deck[i] | 1 << deck[i + 4] | 1 << deck[i + 8] | 1 << deck[i + 12]
        )
    # The stock bottom first: its top card is deck[16]. The shown card is the one at place
    # 4-15 from the top, and goes back at place 0-19 from the top: `below` draws them as
    # `randrange(4, 16)` and `randrange(20)` did, without their Python calls.
    stock = deck[: 4 * HAND_SIZE - 1 : -1]
    trump_card = stock.pop(STOCK_SIZE - 1 - (4 + below(rng, STOCK_SIZE - 8)))
    stock.insert(STOCK_SIZE - 1 - below(rng, STOCK_SIZE), trump_card)
    return Deal(dealer, hands, stock, trump_card)


def deal_setups(setup: Mapping[str, Any] | None, series: bool) -> list[Mapping[str, Any]]:
    """The explicit deals a setup fixes, first deal first (`{"deals": [...]}` or one deal)."""
    if setup is None:
        return []
    if not isinstance(setup, Mapping):
        raise SetupError("a Kozel setup must be an object: one deal, or {'deals': [...]}")
    if "deals" not in setup:
        return [setup]
    if set(setup) != {"deals"}:
        raise SetupError("a setup with 'deals' must have nothing else")
    deals = setup["deals"]
    if not isinstance(deals, list) or not deals:
        raise SetupError("'deals' must be a non-empty list of deals")
    if not series and len(deals) > 1:
        raise SetupError(f"the setup fixes {len(deals)} deals, but series is false (one deal)")
    return list(deals)


def read_deal(data: Any, index: int, dealer: int | None) -> Deal:
    """Deal number `index + 1` of a setup, checked card by card. `dealer` is the dealer the
    rules give this deal (None for the first deal, whose setup must name one)."""
    where = f"setup of deal {index + 1}"
    if not isinstance(data, Mapping):
        raise SetupError(f"the {where} must be an object with {', '.join(sorted(_DEAL_KEYS))}")
    keys = set(data)
    needed = _DEAL_KEYS if dealer is None else _DEAL_KEYS - {"dealer"}
    if not needed <= keys <= _DEAL_KEYS:
        missing, extra = sorted(needed - keys), sorted(keys - _DEAL_KEYS)
        problem = f"lacks {', '.join(missing)}" if missing else f"has unknown {', '.join(extra)}"
        raise SetupError(f"the {where} {problem}; it has {', '.join(sorted(_DEAL_KEYS))}")
    given = data.get("dealer", dealer)
    if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given <= 3:
        raise SetupError(f"the dealer in the {where} must be a seat 0 to 3, not {given!r}")
    if dealer is not None and given != dealer:
        raise SetupError(
            f"the dealer of deal {index + 1} is seat {dealer} (the deal passes clockwise), "
            f"not {given}"
        )
    seen: set[int] = set()

    def cards(items: Any, what: str, size: int) -> list[int]:
        if not isinstance(items, list) or len(items) != size:
            raise SetupError(f"{what} in the {where} must be a list of {size} cards")
        out = []
        for item in items:
            try:
                card = parse_card(item)
            except ValueError as error:
                raise SetupError(f"{what} in the {where}: {error}") from None
            if card in seen:
                raise SetupError(f"{what} in the {where}: {CARD_TEXT[card]} is dealt twice")
            seen.add(card)
            out.append(card)
        return out

    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != 4:
        raise SetupError(f"the {where} must have 4 hands, one per seat")
    masks = []
    for seat, hand in enumerate(hands):
        mask = 0
        for card in cards(hand, f"hand {seat}", HAND_SIZE):
            mask |= 1 << card
        masks.append(mask)
    stock = cards(data["stock"], "the stock", STOCK_SIZE)
    try:
        trump_card = parse_card(data["trump_card"])
    except ValueError as error:
        raise SetupError(f"the trump_card in the {where}: {error}") from None
    if trump_card not in stock:
        raise SetupError(
            f"the trump_card {CARD_TEXT[trump_card]} in the {where} must lie in the stock"
        )
    stock.reverse()
    return Deal(given, masks, stock, trump_card)
