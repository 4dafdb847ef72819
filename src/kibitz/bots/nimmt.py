"""Bots for X bere! and 6 nimmt!: heuristics (`easy`, `medium`) and search (`hard`).

Both games share one placement rule, so one cost model serves both: a card goes to the row
whose last card is lower and closest; a card that fills a row (or is lower than every row)
takes cards. In X bere! a taker puts one taken card on its X row (free while the X row keeps
growing; a lower card sends the whole X row to the X pile at 2 points a card) and the rest
go back to the hand at 1 point each; in 6 nimmt! taken cards are penalty bullheads.

- `easy`: naive closest fit: the card nearest above a row end, blind to row limits. Take
  the cheapest row; put on the X row the smallest taken card that keeps it growing.
- `medium`: roomiest safe fit: a card that does not bring its row to its limit, on the row
  with the most room left, the card nearest above that row's end; when every card takes,
  the cheapest take (an X row that would have to be packed counts 2 points a card) made
  with the lowest such card, a row-filling card before a low one at equal cost. Rows and X
  cards as `easy`. (A one-turn look-ahead over sampled deals and a Poisson risk model of
  the gaps were tried and measured no better.)
- `hard`: ISMCTS (`kibitz.bots.ismcts`) over the seat's information: every iteration deals
  the unseen cards anew to the other hands, decoupled UCT for the simultaneous choice, and
  rollouts played by the `medium` rule on the sampled game (cheap, and much closer to
  real play than random rollouts), from the turn's start: the seats that have already
  chosen choose again in the search (`unchosen`). In X bere! each other seat is played by
  the rule its revealed cards fit (`kibitz.bots.nimmt_model`): `easy`'s closest fit with
  the chance the model gives it, else the safe fit; and its hidden cards are dealt to fit
  the plays it made under that rule (`kibitz.bots.nimmt_hands`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from kibitz.bots.base import Bot, Budget
from kibitz.bots.ismcts import SearchBot, Tuning, win_rewards
from kibitz.bots.nimmt_hands import Deal, HandModel, deal_view
from kibitz.bots.nimmt_model import PlayModel, Rule
from kibitz.bots.placement import careful_play, target_row, unseen_count
from kibitz.bots.registry import register_bot
from kibitz.core import Game, Move, View
from kibitz.games.nimmt import Play, Take, XCard
from kibitz.games.nimmt.cards import bullheads
from kibitz.games.nimmt.search import RowFeatures

HARD_BUDGET = Budget(iterations=600)
"""The default search budget: well under a second per move on the reference machine
(see bench/bots.py)."""


def _one(card: int) -> int:
    return 1


class Table:
    """The public facts the heuristics need, read from a view or from a sampled game."""

    __slots__ = ("full", "rows", "value", "x_row", "x_rows")

    def __init__(
        self,
        rows: Sequence[Sequence[int]],
        full: Sequence[int],
        x_rows: bool,
        x_row: Sequence[int],
        value: Callable[[int], int],
    ) -> None:
        self.rows = rows
        self.full = full
        self.x_rows = x_rows
        self.x_row = x_row
        self.value = value

    def take_cost(self, cards: Sequence[int]) -> float:
        """Penalty points that taking `cards` adds: in X bere! the best X card goes to the X
        row and the rest to the hand; in 6 nimmt! they are all penalty."""
        value = self.value
        if value is _one:
            if not self.x_rows:
                return float(len(cards))
            x_row = self.x_row
            if not x_row or x_row[-1] < max(cards):
                return len(cards) - 1.0
            return len(cards) - 1.0 + 2.0 * len(x_row)
        total = float(sum(value(c) for c in cards))
        if not self.x_rows:
            return total
        return total - max(self.x_choice_value(c, cards) for c in cards)

    def x_choice_value(self, card: int, cards: Sequence[int]) -> float:
        """How much putting `card` on the X row saves: its own point (it leaves the hand),
        less the packing of a lower X row, plus a little for keeping room to grow."""
        x_row, value = self.x_row, self.value
        own = float(value(card))
        if x_row and x_row[-1] > card:
            return own - 2.0 * sum(value(c) for c in x_row) - 0.5
        return own - 0.004 * card

    def choose_x(self, cards: Sequence[int]) -> int:
        return max(cards, key=lambda c: (self.x_choice_value(c, cards), -c))

    def cheapest_row(self) -> int:
        """The row that costs least to take (ties: the shortest, then the first)."""
        rows = self.rows
        return min(range(len(rows)), key=lambda r: (self.take_cost(rows[r]), len(rows[r]), r))


def easy_play(table: Table, hand: Sequence[int]) -> int:
    """Roomiest safe fit (X bere!'s `medium` and the rollouts): a card that does not fill
    its row, on the row with the most room left after it, and there the card nearest above
    the row end; else the cheapest take. The others' cards placed before it in the same row
    (lower ones go first) are what make a safe card take, and a row with more room needs
    more of them: against three `easy`, a `medium` seat won 34.4% and 32.9% of 20,000 games
    each (seeds 700001 and 900001) with the room first, against 31.9% and 31.4% choosing
    the nearest card whatever the room. Among equally cheap takes, a card that fills a row
    goes before a card lower than every row, and then the lowest card: a take costs the same
    whichever card makes it, so it rids the hand of the card hardest to place later (32.5%
    against 29.6% of 2000 games, seed 1, before the room)."""
    rows, full = table.rows, table.full
    best_card = hand[0]
    best_key: tuple[float, float] = (math.inf, math.inf)
    low_cost: float | None = None
    for card in hand:
        r = target_row(rows, card)
        if r < 0:
            if low_cost is None:
                low_cost = table.take_cost(rows[table.cheapest_row()])
            key = (1.5 + low_cost, float(card))
        else:
            row = rows[r]
            if len(row) >= full[r]:
                key = (1.0 + table.take_cost(row), float(card))
            else:  # safe: before any take (those keys are 1 or more)
                key = (float(len(row) - full[r]), float(card - row[-1]))
        if key < best_key:
            best_card, best_key = card, key
    return best_card


def medium_play(table: Table, hand: Sequence[int], others: int, dealt: int) -> int:
    """`medium`'s card (and the rollouts'): in 6 nimmt! the careful fit of
    `kibitz.bots.placement` (the least expected cost, with the chance that the others' cards
    fill the row first); in X bere! the roomiest safe fit (`easy_play`), where the careful fit
    measured worse (23.1% against 25.6% wins of a `medium` seat, 2000 games against three)."""
    if table.x_rows:
        return easy_play(table, hand)
    rows = table.rows
    unseen = unseen_count(dealt, rows, hand)
    low = table.take_cost(rows[table.cheapest_row()])
    return careful_play(
        rows,
        table.full,
        hand,
        others=others,
        unseen=unseen,
        take_cost=table.take_cost,
        low_cost=low,
    )


def naive_play(table: Table, hand: Sequence[int]) -> int:
    """Closest fit, blind to row limits: the card nearest above any row end (a card lower
    than every row only when nothing else fits, the lowest)."""
    return naive_play_rows(table.rows, hand)


def naive_play_rows(rows: Sequence[Sequence[int]], hand: Sequence[int]) -> int:
    """`naive_play` on the rows alone (the search's opponent model calls it directly)."""
    best_card, best_gap = hand[0], 1 << 30
    for card in hand:
        r = target_row(rows, card)
        if r >= 0 and card - rows[r][-1] < best_gap:
            best_card, best_gap = card, card - rows[r][-1]
    return best_card


# --------------------------------------------------------------------- reading views


def _view_table(view: View) -> Table:
    options = view["options"]
    if "x_rows" in view:
        extra = 0 if options.get("take_on") == "over" else -1
        full = [limit + extra for limit in view["row_limits"]]
        value = bullheads if options.get("scoring") == "bullheads" else _one
        return Table(view["rows"], full, True, view["x_rows"][view["seat"]], value)
    return Table(view["rows"], [limit - 1 for limit in view["row_limits"]], False, [], bullheads)


def _decide(table: Table, view: View, legal: Sequence[Move], play: Any, rng: random.Random) -> Move:
    first = legal[0]
    if isinstance(first, Take):
        return Take(table.cheapest_row() + 1)
    if isinstance(first, XCard):
        return XCard(table.choose_x(_numbers(legal)))
    return Play(play(_numbers(legal)))


def _numbers(legal: Sequence[Move]) -> list[int]:
    """The card or row numbers of row-game moves."""
    return [m.number for m in cast(Sequence[Play], legal)]


class EasyBot(Bot):
    """Closest fit, blind to row limits (see the module docstring)."""

    name = "easy"

    def choose(
        self, view: View, legal: Sequence[Move], rng: random.Random, budget: Budget | None = None
    ) -> Move:
        table = _view_table(view)
        return _decide(table, view, legal, lambda hand: naive_play(table, hand), rng)


class MediumBot(Bot):
    """Careful fit in 6 nimmt!, roomiest safe fit in X bere! (see `medium_play`)."""

    name = "medium"

    def choose(
        self, view: View, legal: Sequence[Move], rng: random.Random, budget: Budget | None = None
    ) -> Move:
        table = _view_table(view)
        others, dealt = view["players"] - 1, view["dealt"]
        return _decide(
            table, view, legal, lambda hand: medium_play(table, hand, others, dealt), rng
        )


# --------------------------------------------------------------------- search tuning


class NimmtTuning(Tuning):
    """Rollouts by the `medium` rule on the sampled game (with a little noise so that the
    rollouts explore; a seat's plays by `easy`'s closest fit with its `easy_share`), which
    also models the other seats' choices in the tree (so the tree holds only the seat's own
    decisions: far less noisy statistics than letting every seat search, measured 41%
    against 34% wins against three `easy` in 60-80 games); rewards mix the win with the
    penalty margin; 6 nimmt! rollouts stop at the end of the round."""

    exploration = 0.6
    opponents_in_tree = False
    noise = 0.1
    win_weight = 0.6

    def __init__(self) -> None:
        self.easy_share: list[float] = []
        """Per seat: the chance that it plays a card by the `easy` rule (blind to row
        limits) rather than the roomiest safe fit; empty: every seat plays the safe fit."""
        self.deals: list[Deal] = []
        """X bere!: how to deal the other seats' hidden cards (`HandModel.deals`); empty:
        at random."""
        self.chances: list[float] = []
        """Per deal: the chance that its seat plays by the `easy` rule."""

    def determinize(self, game_class: type[Game[Any]], view: View, rng: random.Random) -> Game[Any]:
        deals = self.deals
        if not deals:
            return game_class.determinize(view, rng)
        # One rule per seat for the whole iteration: its hand is dealt to fit that rule.
        rules = [0 if rng.random() < chance else 1 for chance in self.chances]
        share = self.easy_share
        for deal, rule in zip(deals, rules, strict=True):
            share[deal.seat] = 1.0 if rule == 0 else 0.0
        return game_class.determinize(deal_view(view, deals, rules, rng), rng)

    def rollout_move(
        self, game: Game[Any], seat: int, legal: Sequence[Move], rng: random.Random
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        r = rng.random()
        if r < self.noise:
            return legal[rng.randrange(len(legal))]
        f: RowFeatures = game.features(seat)
        first = legal[0]
        share = self.easy_share
        if share and type(first) is Play and r < self.noise + (1 - self.noise) * share[seat]:
            return Play(naive_play_rows(f.rows, f.hand))
        if type(first) is Play and f.x_rows:
            # X bere!'s roomiest safe fit (`easy_play`), inlined (the search's inner loop).
            rows, full = f.rows, f.full
            best_card, best_room, best_gap = -1, 0, 1 << 30
            for card in f.hand:
                target, target_last = -1, 0
                for r, row in enumerate(rows):
                    last = row[-1]
                    if target_last < last < card:
                        target, target_last = r, last
                if target >= 0:
                    room = full[target] - len(rows[target])
                    gap = card - target_last
                    if room > best_room or (room == best_room > 0 and gap < best_gap):
                        best_card, best_room, best_gap = card, room, gap
            if best_card >= 0:
                return Play(best_card)
        table = Table(f.rows, f.full, f.x_rows, f.x_row, bullheads if f.bullheads else _one)
        if type(first) is Play:
            return Play(medium_play(table, f.hand, game.players - 1, f.dealt))
        if type(first) is Take:
            return Take(table.cheapest_row() + 1)
        return XCard(table.choose_x(_numbers(legal)))

    def done(self, game: Game[Any], start: int) -> bool:
        return game.is_over() or game.stage() != start

    def rewards(self, game: Game[Any]) -> Sequence[float]:
        # Over, or the round just ended (6 nimmt!): the finished rounds' totals decide.
        scores = game.stage_scores()
        best, worst = min(scores), max(scores)
        winners = frozenset(s for s, score in enumerate(scores) if score == best)
        wins = win_rewards(game, winners)
        span = worst - best
        w = self.win_weight
        return [
            w * wins[s] + (1 - w) * ((worst - scores[s]) / span if span else 0.5)
            for s in range(game.players)
        ]


def _seat_table(view: View, seat: int) -> Table:
    """The table as `seat` weighs it (its own X row)."""
    table = _view_table(view)
    table.x_row = view["x_rows"][seat]
    return table


def _easy_rule(view: View, seat: int, hand: list[int]) -> int:
    return naive_play(_seat_table(view, seat), hand)


def _medium_rule(view: View, seat: int, hand: list[int]) -> int:
    return easy_play(_seat_table(view, seat), hand)


RULES: tuple[Rule, Rule] = (_easy_rule, _medium_rule)
"""The rules `hard` fits the other X bere! seats to: `easy`'s closest fit, `medium`'s safe
fit (`NimmtTuning.easy_share` is the first one's chance). Named functions, not lambdas: the
server copies a seat's bot to and from its worker processes by pickling."""


EASY_PRIOR = (0.2, 0.8)
"""The chances of `RULES` before a seat's first play: the first turns' plays hardly tell
the rules apart (short rows fill seldom), and an even prior played `medium` seats half as
`easy` meanwhile (33.8% against 42.5% without the model, games 0-99 against three `medium`;
50.5% with this prior)."""


def unchosen(view: View) -> View:
    """`view` as if the other seats had not chosen their cards yet. A face-down card is
    unseen either way; the search then lets each of them choose by its modelled rule rather
    than deal it a random card of its sampled hand as its choice."""
    me, chosen = view["seat"], view["chosen"]
    others = [seat for seat, done in enumerate(chosen) if done and seat != me]
    if view["pending"] is not None or not others:
        return view
    fresh = dict(view)
    fresh["chosen"] = [seat == me and done for seat, done in enumerate(chosen)]
    fresh["hand_sizes"] = [n + (seat in others) for seat, n in enumerate(view["hand_sizes"])]
    fresh["to_act"] = sorted({*view["to_act"], *others})
    return fresh


class HardBot(SearchBot):
    """ISMCTS (`NimmtTuning`) from a view in which the other seats have not chosen yet
    (`unchosen`). In X bere! each other seat is played in an iteration by the `easy` rule
    with the chance that its revealed plays give it (`PlayModel`), else by the safe fit, and
    its hidden cards are dealt to fit its plays under that rule (`HandModel`)."""

    def __init__(self) -> None:
        self.tuning = NimmtTuning()
        super().__init__("hard", self.tuning, HARD_BUDGET)
        self.model = PlayModel(RULES, EASY_PRIOR)
        self.hands = HandModel(RULES)

    def choose(
        self, view: View, legal: Sequence[Move], rng: random.Random, budget: Budget | None = None
    ) -> Move:
        tuning = self.tuning
        tuning.deals = []
        choosing = isinstance(legal[0], Play)
        if "x_rows" in view:
            if choosing:
                self.model.see(view, rng)
                self.hands.see(view)
            me = view["seat"]
            tuning.easy_share = [
                0.0 if seat == me else self.model.chances(seat)[0]
                for seat in range(view["players"])
            ]
        if choosing:
            view = unchosen(view)
            if "x_rows" in view:  # each iteration then draws every seat's rule and hand
                tuning.deals = self.hands.deals(view)
                tuning.chances = [tuning.easy_share[deal.seat] for deal in tuning.deals]
        return super().choose(view, legal, rng, budget)


for _game in ("xbere", "6nimmt"):
    register_bot(_game, "easy", EasyBot, "closest fit, blind to row limits")
    register_bot(_game, "medium", MediumBot, "roomiest safe fit; cheapest row; growing X row")
    register_bot(_game, "hard", HardBot, "ISMCTS, decoupled UCT, heuristic rollouts")
