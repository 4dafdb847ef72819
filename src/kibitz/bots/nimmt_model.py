"""X bere!'s opponent model for `hard`: which rule does each other seat play by?

`hard`'s search plays the other seats by a rule. `medium` never lays a card on a row at its
limit while it holds a safe card; `easy` (blind to the limits) does whenever that card is its
closest fit. So the cards a seat has revealed tell which rule fits it. At every turn start
the view still shows the last turn's revealed cards, and the bot remembers its own view at
that turn's start, against which they were chosen. The seat's hand then is hidden, so the
model samples it (`determinize` of that view, the revealed card put in) and counts how often
each rule would have played that card: with a little noise (any card now and then), the
likelihood of the play under each rule. Multiplied over the seat's plays and by the prior,
they give the chance that the seat plays each rule; a seat not seen yet (a host that asks
the bot only now and then, a first turn) stays at the prior, a mixture of the rules.

Only the seat's own views are read: the bot never sees the true state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from kibitz.core import View, spec

Rule = Callable[[View, int, list[int]], int]
"""A play rule: the card that seat `seat` plays from `hand` with the table of `view`."""


class PlayModel:
    """The log-likelihood of every seat's revealed plays under each rule, fed by `see`."""

    __slots__ = ("last", "logs", "prior", "rules")

    samples = 24
    """Sampled hands per revealed card."""
    noise = 0.1
    """The chance of a play the rule would not make (the search's rollouts use the same)."""

    def __init__(self, rules: Sequence[Rule], prior: Sequence[float] | None = None) -> None:
        self.rules = rules
        self.prior = prior
        """Each rule's chance before any play; None: even."""
        self.last: View | None = None
        """The view at the start of the last turn seen."""
        self.logs: list[list[float]] = []
        """Per seat, per rule: the log-likelihood of the seat's plays seen so far."""

    def see(self, view: View, rng: random.Random) -> None:
        """Learn from a view of the bot's seat. Only a turn's start counts: the view shows
        the cards revealed last turn, chosen against the previous start's view."""
        me = view["seat"]
        if view["pending"] is not None or view["chosen"][me]:
            return
        last = self.last
        if last is not None and view["turn"] == last["turn"]:
            return
        if last is None or view["turn"] < last["turn"]:  # a new game
            self.logs = [[0.0] * len(self.rules) for _ in range(view["players"])]
        elif view["turn"] == last["turn"] + 1:
            for card, seat in view["revealed"]:
                if seat != me:
                    self._judge(last, seat, card, rng)
        self.last = view

    def _judge(self, view: View, seat: int, card: int, rng: random.Random) -> None:
        game_class = spec(view["game"]).game
        known = set(view["known"][seat])
        hits = [0] * len(self.rules)
        size = 1
        for _ in range(self.samples):
            hand = list(game_class.determinize(view, rng).features(seat).hand)
            if card not in hand and view["chosen"][seat]:  # chosen: dealt apart from the hand
                hand.append(card)
            elif card not in hand:
                free = [i for i, c in enumerate(hand) if c not in known] or list(range(len(hand)))
                hand[free[rng.randrange(len(free))]] = card
            hand.sort()
            size = len(hand)
            for i, rule in enumerate(self.rules):
                hits[i] += rule(view, seat, hand) == card
        noise = self.noise
        for i in range(len(self.rules)):
            chance = (1 - noise) * hits[i] / self.samples + noise / size
            self.logs[seat][i] += math.log(chance)

    def chances(self, seat: int) -> list[float]:
        """The posterior chance of each rule for `seat` (the prior before any play)."""
        logs = list(self.logs[seat]) if self.logs else [0.0] * len(self.rules)
        if self.prior is not None:
            logs = [x + math.log(p) for x, p in zip(logs, self.prior, strict=True)]
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        total = sum(weights)
        return [w / total for w in weights]
