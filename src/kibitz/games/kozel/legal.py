"""Legal-move generation: leads (rule 5), beats one to one (rules 4-5), discards and the
four-of-a-suit takeover (rule 6).

Random play and search visit a great many different positions, so this is built to be
cheap even when nothing is cached: a hand holds at most four cards, a card's beaters are one
mask lookup (`BEATERS`), and a multi-card beat is only searched for among the hand's cards
that beat something on top (usually fewer than the cards led, so there is none). Small
caches keep what depends on the hand alone (its leads, its discards of each size) and the
beats of each set of beaters; all lists are tuples of interned moves, shared safely.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, TypeVar

from kibitz.games.kozel.cards import BEATS, DECK_SIZE, SUIT_MASKS, count_of
from kibitz.games.kozel.moves import Beat, Discard, Four, KozelMove, Lead

Moves = tuple[KozelMove, ...]
Key = TypeVar("Key")

_CACHE_LIMIT: Final = 200_000

BEATERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sum(1 << card for card in range(DECK_SIZE) if table[card] >> other & 1)
        for other in range(DECK_SIZE)
    )
    for table in BEATS
)
"""`BEATERS[trump][card]`: the mask of the cards that beat `card` (the inverse of BEATS)."""

_SUBPATTERNS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sorted(
            (sub for sub in range(1, 512) if sub & pattern == sub),
            key=lambda sub: (sub.bit_count(), sub),
        )
    )
    for pattern in range(512)
)
"""For each pattern of ranks in one suit (9 bits), its non-empty sub-patterns, fewest cards
first: the leads within that suit."""

_COMBOS: Final = {
    (n, k): tuple(combinations(range(n), k)) for n in range(5) for k in range(1, n + 1)
}
_PROPER: Final = {
    k: [c for size in range(2, k) for c in combinations(range(k), size)] for k in range(5)
}
"""The index sets Hall's condition checks besides single cards and all k cards together."""

_LEAD_MOVES: Final = Lead._instances
_BEAT_MOVES: Final = Beat._instances
_DISCARD_MOVES: Final = Discard._instances


def _by_suit_pattern(kind: type[KozelMove]) -> list[Moves]:
    """`table[512 * suit + pattern]`: the one-card moves of `kind` for each card of that
    suit whose rank bit is in the 9-bit `pattern` (so a mask's one-card moves are four
    lookups, one per suit)."""
    singles = [kind(1 << card) for card in range(DECK_SIZE)]
    return [
        tuple(singles[9 * suit + rank] for rank in range(9) if pattern >> rank & 1)
        for suit in range(4)
        for pattern in range(512)
    ]


_SINGLE_BEATS: Final = _by_suit_pattern(Beat)
_SINGLE_DISCARDS: Final = _by_suit_pattern(Discard)
_SUIT_LEADS: Final[list[Moves | None]] = [None] * 2048
"""`[512 * suit + pattern]`: the leads within one suit, filled in when first needed."""
_DISCARD_SETS: Final[list[dict[int, Moves]]] = [{} for _ in range(5)]
"""`_DISCARD_SETS[size][hand]`: the discards of `size` cards from `hand`."""
_MULTI_BEATS: Final[dict[int, Moves]] = {}
"""By `beaters | top << 36 | trump << 72`: the beats of several cards."""


def _remember(cache: dict[Key, Moves], key: Key, moves: Moves) -> Moves:
    """Store in a cache that is emptied when it grows too big (memory stays bounded)."""
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    cache[key] = moves
    return moves


def cards_in(mask: int) -> list[int]:
    """The cards of a mask, lowest card number first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _lead(mask: int) -> KozelMove:
    return _LEAD_MOVES.get(mask) or Lead(mask)


def _beat(mask: int) -> KozelMove:
    return _BEAT_MOVES.get(mask) or Beat(mask)


def _suit_leads(index: int) -> Moves:
    suit, pattern = divmod(index, 512)
    moves = tuple(_lead(sub << (9 * suit)) for sub in _SUBPATTERNS[pattern])
    _SUIT_LEADS[index] = moves
    return moves


def leads(hand: int) -> Moves:
    """Rule 5: one to four cards of one suit, by suit, then fewest cards first. (Hands are
    always equal in size, so every other player can answer as many cards as are led.)"""
    table = _SUIT_LEADS
    moves: Moves = ()
    for index in (
        hand & 511,
        512 + (hand >> 9 & 511),
        1024 + (hand >> 18 & 511),
        1536 + (hand >> 27),
    ):
        if index & 511:
            found = table[index]
            moves += found if found is not None else _suit_leads(index)
    return moves


def perfect(reach: list[int], top: int) -> bool:
    """Hall's condition: every group of beating cards together beats at least as many top
    cards as it has, so each card can beat a different one. `reach[i]` is the mask of the top
    cards card i beats; there are as many cards as `top` has."""
    union = 0
    for r in reach:
        if not r:
            return False
        union |= r
    if union != top:
        return False
    for combo in _PROPER[len(reach)]:
        union = 0
        for i in combo:
            union |= reach[i]
        if count_of(union) < len(combo):
            return False
    return True


def beats_one_to_one(cards: int, top: int, trump: int) -> bool:
    """Whether the cards of mask `cards` beat the cards of mask `top` one to one: there is a
    matching in which each card beats a different card on top (trumps and suit cards mixed)."""
    table = BEATS[trump]
    return cards.bit_count() == top.bit_count() and perfect(
        [table[c] & top for c in cards_in(cards)], top
    )


def is_four(hand: int) -> bool:
    """Whether a hand is four cards of one suit (rule 6)."""
    return hand.bit_count() == 4 and not hand & ~SUIT_MASKS[(hand.bit_length() - 1) // 9]


def _discard_set(hand: int, size: int) -> Moves:
    """Every discard of `size` cards from `hand`."""
    cards = cards_in(hand)
    moves = []
    for combo in _COMBOS[len(cards), size]:
        mask = 0
        for i in combo:
            mask |= 1 << cards[i]
        # the table's own get (compiled, a C call), not a bound method (a Python call)
        moves.append(_DISCARD_MOVES.get(mask) or Discard(mask))
    return _remember(_DISCARD_SETS[size], hand, tuple(moves))


def _multi_beats(beaters: int, top: int, trump: int) -> Moves:
    """Every beat of the several cards `top` by as many of the cards `beaters`."""
    table = BEATS[trump]
    cards = cards_in(beaters)
    reach = [table[card] & top for card in cards]
    moves = []
    for combo in _COMBOS[len(cards), count_of(top)]:
        if perfect([reach[i] for i in combo], top):
            mask = 0
            for i in combo:
                mask |= 1 << cards[i]
            moves.append(_beat(mask))
    key = beaters | top << 36 | trump << 72
    return _remember(_MULTI_BEATS, key, tuple(moves))


def answers(hand: int, top: int, trump: int, takeover_open: bool) -> Moves:
    """An answering seat's moves: every beat, every discard of as many cards as lie on top,
    and `four` when the takeover is still open and the hand is four of a suit."""
    inverse = BEATERS[trump]
    if not top & (top - 1):
        table = _SINGLE_DISCARDS
        moves = (
            table[hand & 511]
            + table[512 + (hand >> 9 & 511)]
            + table[1024 + (hand >> 18 & 511)]
            + table[1536 + (hand >> 27)]
        )
        beaters = hand & inverse[top.bit_length() - 1]
        if beaters:
            table = _SINGLE_BEATS
            moves = (
                table[beaters & 511]
                + table[512 + (beaters >> 9 & 511)]
                + table[1024 + (beaters >> 18 & 511)]
                + table[1536 + (beaters >> 27)]
                + moves
            )
    else:
        size = count_of(top)
        discards = _DISCARD_SETS[size].get(hand)
        if discards is None:
            discards = _discard_set(hand, size)
        beaters = 0
        rest = top
        while rest:
            low = rest & -rest
            beaters |= inverse[low.bit_length() - 1]
            rest ^= low
        beaters &= hand
        if count_of(beaters) >= size:
            beats = _MULTI_BEATS.get(beaters | top << 36 | trump << 72)
            if beats is None:
                beats = _multi_beats(beaters, top, trump)
            moves = beats + discards
        else:
            moves = discards
    if (
        takeover_open
        and count_of(hand) == 4
        and hand & SUIT_MASKS[(hand.bit_length() - 1) // 9] == hand
    ):
        moves = (*moves, Four(hand))
    return moves
