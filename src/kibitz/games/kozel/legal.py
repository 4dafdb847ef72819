"""Legal-move generation: leads (rule 5), beats one to one (rules 4-5), discards and the
four-of-a-suit takeover (rule 6).

Random play and search visit a great many different positions, so this works from small
tables and caches nothing per hand or position: a hand holds at most four cards, a card's
beaters are one mask lookup (`BEATERS`), and a multi-card beat is only searched for among
the hand's cards that beat something on top (usually fewer than the cards led, so there is
none). Caches by hand or position grew to tens of megabytes in long runs, and their look-ups
then waited on memory for longer than working the moves out again takes (docs/engines.md).
Each listing is a new list of interned moves, found by index in flat tables (no hashing):
by card, by suit and rank pattern, or by the colex rank of the set of cards.
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Final

from kibitz.games.kozel.cards import BEATS, DECK_SIZE, SUIT_MASKS, count_of
from kibitz.games.kozel.moves import Beat, Discard, Four, KozelMove, Lead

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

_COMBOS: Final[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = tuple(
    tuple(tuple(combinations(range(n), k)) for k in range(5)) for n in range(5)
)
"""`_COMBOS[n][k]`: the index sets of k of n cards, in `itertools.combinations` order."""
_PROPER: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(c for size in range(2, k) for c in combinations(range(k), size)) for k in range(5)
)
"""The index sets Hall's condition checks besides single cards and all k cards together."""

_RANK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(comb(card, j + 1) for card in range(DECK_SIZE)) for j in range(4)
)
"""`_RANK[j][card]`: what `card` adds to the colex rank of a set of cards as its (j+1)-th
lowest: the sets of k cards rank 0 to C(36, k) - 1."""
_FIRST_RANK: Final[tuple[int, ...]] = tuple(
    sum(comb(DECK_SIZE, j) for j in range(1, k)) for k in range(5)
)
"""`_FIRST_RANK[k]`: where the sets of k cards start in a table of all sets of 1-4 cards."""

_SINGLE_BEATS: Final[tuple[KozelMove, ...]] = tuple(Beat(1 << card) for card in range(DECK_SIZE))
_SINGLE_DISCARDS: Final[tuple[KozelMove, ...]] = tuple(
    Discard(1 << card) for card in range(DECK_SIZE)
)
_LEADS: Final[list[KozelMove | None]] = [None] * 2048
"""`_LEADS[512 * suit + pattern]`: the lead of those ranks of that suit, made when first met."""
_SETS: Final = _FIRST_RANK[4] + comb(DECK_SIZE, 4)
_BEATS: Final[list[KozelMove | None]] = [None] * _SETS
"""The beats of several cards by the rank of their set (`_FIRST_RANK`), made when first met."""
_DISCARDS: Final[list[KozelMove | None]] = [None] * _SETS
"""The discards of several cards, as `_BEATS`."""


def cards_in(mask: int) -> list[int]:
    """The cards of a mask, lowest card number first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def leads(hand: int) -> list[KozelMove]:
    """Rule 5: one to four cards of one suit, by suit, then fewest cards first. (Hands are
    always equal in size, so every other player can answer as many cards as are led.)"""
    moves: list[KozelMove] = []
    for suit in range(4):
        pattern = hand >> 9 * suit & 511
        if pattern:
            base = 512 * suit
            for sub in _SUBPATTERNS[pattern]:
                move = _LEADS[base + sub]
                if move is None:
                    move = _LEADS[base + sub] = Lead(sub << 9 * suit)
                moves.append(move)
    return moves


def perfect(reach: list[int], top: int) -> bool:
    """Hall's condition: every group of beating cards together beats at least as many top
    cards as it has, so each card can beat a different one. `reach[i]` is the mask of the top
    cards card i beats; there are as many cards as `top` has."""
    return _hall(reach, _COMBOS[len(reach)][len(reach)][0], top)


def _hall(reach: list[int], chosen: tuple[int, ...], top: int) -> bool:
    """`perfect` for the cards `chosen` (indices into `reach`), as many as `top` has."""
    union = 0
    for i in chosen:
        if not reach[i]:
            return False
        union |= reach[i]
    if union != top:
        return False
    for group in _PROPER[len(chosen)]:
        union = 0
        for j in group:
            union |= reach[chosen[j]]
        if count_of(union) < len(group):
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


def _add_sets(
    moves: list[KozelMove],
    cards: list[int],
    chosen: tuple[int, ...],
    table: list[KozelMove | None],
    kind: type[KozelMove],
) -> None:
    """Append the move of `kind` with the cards `chosen` (indices into `cards`, lowest
    first), found by its set's rank in `table` or made there."""
    mask = 0
    rank = _FIRST_RANK[len(chosen)]
    for j, i in enumerate(chosen):
        card = cards[i]
        mask |= 1 << card
        rank += _RANK[j][card]
    move = table[rank]
    if move is None:
        move = table[rank] = kind(mask)
    moves.append(move)


def answers(hand: int, top: int, trump: int, takeover_open: bool) -> list[KozelMove]:
    """An answering seat's moves: every beat, every discard of as many cards as lie on top,
    and `four` when the takeover is still open and the hand is four of a suit."""
    inverse = BEATERS[trump]
    moves: list[KozelMove] = []
    if not top & (top - 1):
        rest = hand & inverse[top.bit_length() - 1]
        while rest:
            low = rest & -rest
            moves.append(_SINGLE_BEATS[low.bit_length() - 1])
            rest ^= low
        rest = hand
        while rest:
            low = rest & -rest
            moves.append(_SINGLE_DISCARDS[low.bit_length() - 1])
            rest ^= low
    else:
        size = count_of(top)
        beaters = 0
        rest = top
        while rest:
            low = rest & -rest
            beaters |= inverse[low.bit_length() - 1]
            rest ^= low
        beaters &= hand
        if count_of(beaters) >= size:
            table = BEATS[trump]
            cards = cards_in(beaters)
            reach = [table[card] & top for card in cards]
            for chosen in _COMBOS[len(cards)][size]:
                if _hall(reach, chosen, top):
                    _add_sets(moves, cards, chosen, _BEATS, Beat)
        cards = cards_in(hand)
        for chosen in _COMBOS[len(cards)][size]:
            _add_sets(moves, cards, chosen, _DISCARDS, Discard)
    if (
        takeover_open
        and count_of(hand) == 4
        and hand & SUIT_MASKS[(hand.bit_length() - 1) // 9] == hand
    ):
        moves.append(Four(hand))
    return moves
