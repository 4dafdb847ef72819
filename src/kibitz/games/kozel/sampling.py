"""Determinize: a full Kozel game from a view, the places the seat cannot see filled.

A seat's view leaves some cards unlocated and some places unfilled: other hands, the stock,
other seats' face-down discards. Most unlocated cards could be in any of those places; a few
could not: the trump card was shown in the stock (it can only be where a drawn card can be),
and a face-up card that went back to a hand after a takeover stays with that seat (in its hand
or among the cards it put face down since). When the deal is over the teams' card points are
public too, which fixes how many points the face-down cards in each team's tricks hold.

`load_view` reads the view and lists those places; `fill` chooses an assignment at random:
the restricted cards by a randomized matching, then the free cards by shuffling (or, under a
points constraint, by sampling which free cards go to team 0 with the right number of
points, exactly, by counting).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, Any

from kibitz.core import ViewError
from kibitz.core.rng import shuffle
from kibitz.games.kozel.cards import CARD_POINTS, FULL_DECK, cards_of, mask_of, parse_card
from kibitz.games.kozel.moves import KozelMove, move_of
from kibitz.games.kozel.views import cards_of_texts, finish_load, read_table

if TYPE_CHECKING:
    from kibitz.games.kozel.game import Kozel

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


def load_view(game: Kozel, view: Mapping[str, Any], rng: random.Random) -> None:
    """Rebuild the true state from a view, sampling what the seat cannot see (see `fill`):
    other hands but their known cards, the stock's order, others' discards."""
    read_table(game, view)
    me = view["seat"]
    others = [seat for seat in range(4) if seat != me]
    current = [_open_play(p) for p in view["trick"]["plays"]]
    finished = [(record, [_open_play(p) for p in record["plays"]]) for record in view["tricks"]]
    located = 0 if me is None else mask_of(map(parse_card, view["hand"]))
    last_face_down = [0] * 4
    slots: list[Slot] = []
    hidden: list[list[Any]] = []
    """The plays whose cards the view hides, in slot order."""
    tables = [(record["number"], record["winner"] & 1, p) for record, p in finished]
    tables.append((game.trick_no, -1, current))
    for number, team, trick_plays in tables:
        for play in trick_plays:
            seat, _, cards, count, face_up = play
            if not face_up:
                last_face_down[seat] = number
            if cards is None:
                hidden.append(play)
                slots.extend(Slot(DISCARD, seat, number, team) for _ in range(count))
            else:
                located |= mask_of(cards)
    hands = [0, 0, 0, 0]
    if me is not None:
        hands[me] = mask_of(map(parse_card, view["hand"]))
    restricted_cards: list[tuple[int, int, int]] = []
    for seat in others:
        for card, since in game.returned[seat].items():
            if since > last_face_down[seat]:
                hands[seat] |= 1 << card
            else:
                restricted_cards.append((card, seat, since))
    for seat in others:
        located |= hands[seat]
    hand_start = len(slots)
    for seat in others:
        need = view["hand_sizes"][seat] - hands[seat].bit_count()
        if need < 0:
            raise ViewError(f"seat {seat} is known to hold more cards than it has")
        slots.extend(Slot(HAND, seat) for _ in range(need))
    stock_start = len(slots)
    slots.extend(Slot(STOCK) for _ in range(view["stock_size"]))
    first_draw: list[int | None] = [None] * 4
    for record, _ in finished:
        for drawer in record["draws"]:
            if first_draw[drawer] is None:
                first_draw[drawer] = record["number"]
    restricted: list[tuple[int, list[int]]] = []
    for card, seat, since in restricted_cards:
        eligible = [
            i
            for i, slot in enumerate(slots)
            if slot.seat == seat and (slot.kind == HAND or slot.trick >= since)
        ]
        restricted.append((card, eligible))
    taken = located | mask_of(card for card, _, _ in restricted_cards)
    if not taken >> game.trump_card & 1:

        def could_hold(slot: Slot) -> bool:
            drew = first_draw[slot.seat] if slot.seat >= 0 else None
            if slot.kind == STOCK:
                return True
            return drew is not None and (slot.kind == HAND or slot.trick > drew)

        restricted.append(
            (game.trump_card, [i for i, slot in enumerate(slots) if could_hold(slot)])
        )
        taken |= 1 << game.trump_card
    free = cards_of(FULL_DECK & ~taken)
    team0 = None
    if view["points"] is not None:
        team0 = view["points"][0] - sum(
            CARD_POINTS[c]
            for _, team, trick_plays in tables
            if team == 0
            for p in trick_plays
            if p[2]
            for c in p[2]
        )
    cards = fill(slots, free, restricted, rng, team0)
    position = 0
    for play in hidden:
        play[2] = cards[position : position + play[3]]
        position += play[3]
    for i in range(hand_start, stock_start):
        hands[slots[i].seat] |= 1 << cards[i]
    game.hands = hands
    game.stock = list(reversed(cards[stock_start:]))

    def moves(items: list[list[Any]]) -> list[tuple[int, KozelMove]]:
        return [(p[0], move_of(p[1], p[2])) for p in items]

    finish_load(
        game, moves(current), [(record, moves(p)) for record, p in finished], view["to_act"]
    )


def _open_play(data: Mapping[str, Any]) -> list[Any]:
    """[seat, keyword, cards or None, count, face up] of a play in a view."""
    cards = None if data["cards"] is None else cards_of_texts(data["cards"])
    return [data["seat"], data["move"], cards, data["count"], data["face_up"]]


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
        shuffle(pool, rng)
        if team0_points is None:
            for k in range(len(open_slots)):  # by index: a compiled strict zip is slower
                cards[open_slots[k]] = pool[k]
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
        slots_in_order, cards_in_order = team0 + others, chosen + rest
        for k in range(len(slots_in_order)):  # by index: a compiled strict zip is slower
            cards[slots_in_order[k]] = cards_in_order[k]
        return [card for card in cards if card is not None]
    raise ViewError("no placement of the unseen cards gives the teams their card points")


def _match(
    size: int, restricted: list[tuple[int, list[int]]], rng: random.Random
) -> dict[int, int]:
    """A random placement {card: slot} of every restricted card in an eligible slot, no two
    in one slot (Kuhn's augmenting paths over shuffled choices)."""
    order = list(restricted)
    shuffle(order, rng)
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
