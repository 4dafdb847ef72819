"""Where a row-game card lands and how likely it is to take its row (X bere!, 6 nimmt!).

The cards chosen in a turn are placed lowest first, so a card lands on its row after every
other card of the turn that goes to the same row below it. A card that lands on a row with
room for `room` more cards takes the row when at least `room` of the others' cards of the
turn fall in the gap between the row's end and the card. This module estimates that chance
from what a seat knows (the unseen cards in the gap, the unseen cards in all, the number of
other seats) and picks the card with the least expected cost: the careful fit that `medium`
plays and the search's rollouts use (they model the other seats with it, too).

Pure functions over plain sequences, so that a bot reads them from a view and a rollout from
the sampled game's features (`RowFeatures`) alike.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence

GAP_WEIGHT = 0.001
"""Among cards of about the same expected cost, the one closest above its row end (it
leaves the wide gaps to the higher cards of the hand)."""


def target_row(rows: Sequence[Sequence[int]], card: int) -> int:
    """The index of the row `card` goes to, or -1 when it is lower than every row end."""
    best, best_last = -1, 0
    for r, row in enumerate(rows):
        last = row[-1]
        if best_last < last < card:
            best, best_last = r, last
    return best


def take_chance(room: int, in_gap: int, unseen: int, others: int) -> float:
    """The chance that at least `room` of `others` cards, each drawn from `unseen` cards of
    which `in_gap` lie in the gap, fall in it (a binomial tail: each other seat's card is
    taken as a fair draw of the unseen cards)."""
    if room <= 0:
        return 1.0
    if room > others or in_gap <= 0 or unseen <= 0:
        return 0.0
    p = min(1.0, in_gap / unseen)
    q = 1.0 - p
    # P(X >= room) = 1 - P(X < room), X ~ Binomial(others, p).
    term = q**others
    below = term
    for k in range(1, room):
        term *= (others - k + 1) / k * p / q if q > 0 else 0.0
        below += term
    return max(0.0, 1.0 - below)


def careful_play(
    rows: Sequence[Sequence[int]],
    full: Sequence[int],
    hand: Sequence[int],
    *,
    others: int,
    unseen: int,
    take_cost: Callable[[Sequence[int]], float],
    low_cost: float,
) -> int:
    """The card of `hand` with the least expected cost: a card lower than every row end
    costs `low_cost` (the cheapest take); a card landing on a row costs the row's take
    (`take_cost`) times the chance that it takes it (`take_chance`: 1 when the row is full,
    more the less room it has and the more unseen cards lie in the gap). `hand` is
    ascending; ties go to the card closest above its row end, then the highest low card."""
    best_card, best_key = hand[0], float("inf")
    for card in hand:
        r = target_row(rows, card)
        if r < 0:
            key = 1.0 + low_cost - card * 1e-6
        else:
            row = rows[r]
            last = row[-1]
            # The gap's cards but the seat's own (the rows' inner cards there are rare).
            in_gap = card - last - 1 - (bisect_left(hand, card) - bisect_right(hand, last))
            chance = take_chance(full[r] - len(row), in_gap, unseen, others)
            key = chance * (1.0 + take_cost(row)) + GAP_WEIGHT * (card - last)
        if key < best_key:
            best_card, best_key = card, key
    return best_card


def unseen_count(dealt: int, rows: Sequence[Sequence[int]], hand: Sequence[int]) -> int:
    """Cards dealt this round that the seat does not see on the rows or in its hand: the
    other seats' cards (and taken ones, a slight overestimate that keeps the estimate to
    the rows and the hand, which a rollout reads cheaply)."""
    return dealt - sum(len(row) for row in rows) - len(hand)
