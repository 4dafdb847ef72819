"""Filling the places a seat cannot see with cards, for `determinize`.

A seat's view leaves some cards unlocated and some places unfilled: other hands, the stock,
other seats' face-down discards. Most unlocated cards could be in any of those places; a few
could not: the trump card was shown in the stock (it can only be where a drawn card can be),
and a face-up card that went back to a hand after a takeover stays with that seat (in its hand
or among the cards it put face down since). When the deal is over the teams' card points are
public too, which fixes how many points the face-down cards in each team's tricks hold.

`fill` chooses such an assignment at random: the restricted cards by a randomized matching,
then the free cards by shuffling (or, under a points constraint, by sampling which free cards
go to team 0 with the right number of points, exactly, by counting).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb

from kibitz.core import ViewError
from kibitz.games.kozel.cards import CARD_POINTS

HAND, STOCK, DISCARD = "hand", "stock", "discard"


@dataclass(frozen=True, slots=True)
class Slot:
    """One unfilled place: a card in `seat`'s hand, in the stock (seat -1), or among the
    cards `seat` discarded face down in trick `trick` (in the pile of team `team`, or -1
    while the trick is still on the table)."""

    kind: str
    seat: int = -1
    trick: int = 0
    team: int = -1


def fill(
    slots: list[Slot],
    free: list[int],
    restricted: list[tuple[int, list[int]]],
    rng: random.Random,
    team0_points: int | None = None,
) -> list[int]:
    """A card for every slot: each restricted (card, eligible slot indexes) in one of its
    slots, the free cards anywhere. With `team0_points`, the cards in the slots of team 0's
    pile add up to that. Raises `ViewError` when no assignment exists."""
    if len(free) + len(restricted) != len(slots):
        raise ViewError(
            f"{len(free) + len(restricted)} unseen cards for {len(slots)} unseen places"
        )
    attempts = 1 if team0_points is None else 400
    for _ in range(attempts):
        placed = _match(len(slots), restricted, rng)
        cards: list[int | None] = [None] * len(slots)
        for card, slot in placed.items():
            cards[slot] = card
        open_slots = [i for i, card in enumerate(cards) if card is None]
        pool = list(free)
        rng.shuffle(pool)
        if team0_points is None:
            for i, card in zip(open_slots, pool, strict=True):
                cards[i] = card
            return [card for card in cards if card is not None]
        target = team0_points - sum(
            CARD_POINTS[card] for card, slot in placed.items() if slots[slot].team == 0
        )
        team0 = [i for i in open_slots if slots[i].team == 0]
        chosen = _choose_with_sum(pool, len(team0), target, rng)
        if chosen is None:
            continue
        rest = list(pool)
        for card in chosen:
            rest.remove(card)
        others = [i for i in open_slots if slots[i].team != 0]
        for i, card in zip(team0 + others, chosen + rest, strict=True):
            cards[i] = card
        return [card for card in cards if card is not None]
    raise ViewError("no placement of the unseen cards gives the teams their card points")


def _match(
    size: int, restricted: list[tuple[int, list[int]]], rng: random.Random
) -> dict[int, int]:
    """A random placement {card: slot} of every restricted card in an eligible slot, no two
    in one slot (Kuhn's augmenting paths over shuffled choices)."""
    order = list(restricted)
    rng.shuffle(order)
    choices = {card: rng.sample(eligible, len(eligible)) for card, eligible in order}
    owner: dict[int, int] = {}

    def augment(card: int, visited: set[int]) -> bool:
        for slot in choices[card]:
            if slot in visited:
                continue
            visited.add(slot)
            if slot not in owner or augment(owner[slot], visited):
                owner[slot] = card
                return True
        return False

    for card, _ in order:
        if not augment(card, set()):
            raise ViewError(f"card {card} has no place left that the view allows")
    return {card: slot for slot, card in owner.items()}


def _choose_with_sum(
    cards: list[int], size: int, total: int, rng: random.Random
) -> list[int] | None:
    """`size` of `cards` whose points add up to `total`, uniformly among all such choices,
    or None when there is none. Cards are grouped by points (six values), so the count of
    choices is a small table over (cards taken, points taken)."""
    groups: dict[int, list[int]] = {}
    for card in cards:
        groups.setdefault(CARD_POINTS[card], []).append(card)
    values = sorted(groups)
    ways: list[dict[tuple[int, int], int]] = [{} for _ in range(len(values) + 1)]
    ways[len(values)] = {(0, 0): 1}
    for i in range(len(values) - 1, -1, -1):
        value, available = values[i], len(groups[values[i]])
        here: dict[tuple[int, int], int] = {}
        for (taken, points), count in ways[i + 1].items():
            for n in range(available + 1):
                key = (taken + n, points + n * value)
                if key[0] > size or key[1] > total:
                    break
                here[key] = here.get(key, 0) + count * comb(available, n)
        ways[i] = here
    if (size, total) not in ways[0]:
        return None
    chosen: list[int] = []
    left, points = size, total
    for i, value in enumerate(values):
        group = groups[value]
        weights = [
            comb(len(group), n) * ways[i + 1].get((left - n, points - n * value), 0)
            for n in range(min(left, len(group)) + 1)
        ]
        pick = rng.randrange(sum(weights))
        n = 0
        while pick >= weights[n]:
            pick -= weights[n]
            n += 1
        chosen.extend(rng.sample(group, n))
        left, points = left - n, points - n * value
    return chosen
