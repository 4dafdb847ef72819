"""X bere!'s hand model for `hard`: what the other seats' revealed cards tell of their hands.

A seat that plays by a rule (`kibitz.bots.nimmt_model`) shows with each card it plays which
cards it did not hold then: every card the rule would have played instead. The rules `hard`
fits the seats to rank each card on its own (the hand's best card is played, ties to the
lower card), so the cards preferred to `card` are those `x` the rule plays from the two
cards {x, card}. A seat's hand at an earlier turn was its hidden cards now, the cards it
has played since and the cards known to be in its hand then (cards taken back into a hand
are public), less the cards it has taken since; so each of its plays forbids a set of
cards in its hidden hand now. The search deals each other seat's hidden cards from those
allowed under the rule drawn for the seat in that iteration. A play that the rule could
not have made from any such hand (a human's whim, a misread rule) forbids nothing.

Only the bot's own views are read: it never sees the true state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from kibitz.bots.nimmt_model import Rule
from kibitz.core import View
from kibitz.games.nimmt.views import unseen_cards

_Play = tuple[int, int, tuple[frozenset[int], ...]]
"""A seat's play: the turn, the card, and per rule the cards it would have played instead."""


@dataclass(frozen=True, slots=True)
class Deal:
    """How to deal one other seat's hidden cards now."""

    seat: int
    need: int
    """Hidden cards in its hand (its face-down choice included)."""
    allowed: tuple[tuple[int, ...], ...]
    """Per rule: the unseen cards its plays allow under that rule."""
    unseen: tuple[int, ...]
    """Every card the bot cannot place (the same for every seat)."""


class HandModel:
    """The other seats' plays and known cards by turn, fed by `see` at every turn start."""

    __slots__ = ("known", "last", "plays", "rules")

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = rules
        self.last: View | None = None
        """The view at the start of the last turn seen."""
        self.plays: list[list[_Play]] = []
        """Per seat: its plays seen this round, oldest first."""
        self.known: dict[int, list[frozenset[int]]] = {}
        """Turn -> per seat: the cards known to be in its hand at that turn's start."""

    def see(self, view: View) -> None:
        """Learn from a view of the bot's seat at a turn's start (other views are skipped):
        it shows the cards revealed last turn, chosen against the previous start's view."""
        me = view["seat"]
        if view["pending"] is not None or view["chosen"][me]:
            return
        last = self.last
        if last is not None and (last["round"], last["turn"]) == (view["round"], view["turn"]):
            return
        if last is None or (last["round"], last["turn"] + 1) != (view["round"], view["turn"]):
            # A new game or round, or a turn missed: what came before no longer adds up.
            self.plays = [[] for _ in range(view["players"])]
            self.known = {}
        else:
            for card, seat in view["revealed"]:
                if seat != me:
                    self.plays[seat].append((last["turn"], card, self._preferred(last, seat, card)))
        self.known[view["turn"]] = [frozenset(cards) for cards in view["known"]]
        self.last = view

    def _preferred(self, view: View, seat: int, card: int) -> tuple[frozenset[int], ...]:
        """Per rule: the cards `seat` would have played instead of `card` at `view`."""
        deck = range(1, view["options"]["deck_size"] + 1)
        return tuple(
            frozenset(x for x in deck if x != card and rule(view, seat, sorted((x, card))) == x)
            for rule in self.rules
        )

    def deals(self, view: View) -> list[Deal]:
        """For each other seat of `view` (a turn start's, as `see` was given last): its
        hidden cards' count and, per rule, the unseen cards its plays allow."""
        me = view["seat"]
        unseen = tuple(unseen_cards(view, view["options"]["deck_size"]))
        deals = []
        for seat in range(view["players"]):
            if seat == me:
                continue
            need = view["hand_sizes"][seat] + view["chosen"][seat] - len(view["known"][seat])
            allowed = []
            for rule in range(len(self.rules)):
                forbidden = self._forbidden(seat, rule)
                allowed.append(tuple(card for card in unseen if card not in forbidden))
            deals.append(Deal(seat, need, tuple(allowed), unseen))
        return deals

    def _forbidden(self, seat: int, rule: int) -> set[int]:
        """The cards `seat`'s plays rule out of its hidden hand now, under `rule`."""
        plays, known = self.plays[seat], self.known
        forbidden: set[int] = set()
        for i, (turn, card, preferred) in enumerate(plays):
            taken: set[int] = set()  # cards it took after that turn
            for later, cards in known.items():
                if later > turn:
                    taken |= cards[seat]
            then = known[turn][seat]
            taken -= then
            held = (then | {c for _, c, _ in plays[i:]}) - taken - {card}
            if not held & preferred[rule]:
                forbidden |= preferred[rule]
        return forbidden


def deal_view(view: View, deals: Sequence[Deal], rules: Sequence[int], rng: random.Random) -> View:
    """`view` with each dealt seat's hidden cards drawn (as if known) from those its plays
    allow under `rules[i]` (per deal), the rest from the other unseen cards: the view to
    determinize for one search iteration."""
    used: set[int] = set()
    known = list(view["known"])
    for deal, rule in zip(deals, rules, strict=True):
        free = [card for card in deal.allowed[rule] if card not in used]
        if len(free) >= deal.need:
            cards = rng.sample(free, deal.need)
        else:
            rest = [card for card in deal.unseen if card not in used and card not in free]
            cards = free + rng.sample(rest, deal.need - len(free))
        used.update(cards)
        known[deal.seat] = [*known[deal.seat], *cards]
    dealt = dict(view)
    dealt["known"] = known
    return dealt
