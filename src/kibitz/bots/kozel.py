"""Bots for Kozel: team heuristics (`easy`, `medium`) and search (`hard`).

One scoring rule serves both heuristics and the search's rollouts; it reads only what the
seat knows (its hand, the trick on the table, the trump) and plays as a team:

- answering: when the partner's cards are on top, do not beat them and put point cards on
  the partner's trick (`medium`: only when nobody is left to answer); when an opponent
  is on top, beat with the cheapest cards if the trick is worth it (points on the table, or
  the last word; `medium` discounts a beat that a later seat may beat again, by counting
  the cards seen), keeping trumps and aces; otherwise discard the cards worth least;
- the four-of-a-suit takeover when an opponent is on top and the trick carries points;
- leading (`medium`): from strength, several aces and tens of one suit together, else the
  lowest plain card; keep trumps (`easy` leads its lowest single card).

`hard` is ISMCTS (`kibitz.bots.ismcts`): every iteration samples the hands, the stock and
the hidden discards from the seat's view (`determinize` never puts a card where the view
rules it out, discards the seat made itself included), the tree branches on what the seat
sees (another seat's discard is only "a discard of N cards"), the other seats play by the
`medium` rule in the tree and in the rollouts, which run to the end of the deal, and the
reward is the deal won (61 or more) mixed with the card points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from kibitz.bots.base import Bot, Budget
from kibitz.bots.ismcts import SearchBot, Tuning
from kibitz.bots.registry import register_bot
from kibitz.core import Game, Move, View
from kibitz.games.kozel.cards import CARD_POINTS, SUITS, parse_card
from kibitz.games.kozel.moves import BEAT, DISCARD, FOUR, KozelMove
from kibitz.games.kozel.search import KozelFeatures

HARD_BUDGET = Budget(iterations=1200)
"""The default search budget: about 0.3 s per move here. Measured over 400 deals against a
`random` team: 90.2% at 200 iterations, 91.9% at 400, 96.1% at 1200 (docs/bots.md)."""


def _card_cost(card: int, trump: int) -> float:
    """How much a card is worth keeping: points, rank, and trumps above all."""
    rank = card % 9
    cost = CARD_POINTS[card] * 0.6 + rank * 0.5
    if card // 9 == trump:
        cost += 8.0 + rank
    return cost


def masters(gone: int, trump: int) -> int:
    """The mask of cards no card still in play can beat within their suit (`gone`: cards
    the seat knows are out of others' reach: its own, played face up, its discards)."""
    out = 0
    for card in range(36):
        rank, suit = card % 9, card // 9
        higher = (((1 << 9) - 1) << (9 * suit)) & ~((1 << (rank + 1 + 9 * suit)) - 1)
        if higher & ~gone == 0:
            out |= 1 << card
    return out


def score_move(
    move: KozelMove,
    seat: int,
    *,
    sure: int = 0,
    hand: Sequence[int],
    trump: int,
    top_seat: int,
    top_cards: Sequence[int],
    table_points: int,
    left_to_answer: int,
    careful: bool,
) -> float:
    """The heuristic value of `move` for `seat` (higher is better); see the module doc."""
    cards = move.cards
    cost = sum(_card_cost(c, trump) for c in cards)
    kind = move.kind
    if top_seat < 0:  # leading
        if not careful:
            return -cost + (2.0 if len(cards) == 1 else 0.0)
        strong = sum(1 for c in cards if (sure >> c & 1 and CARD_POINTS[c]) and c // 9 != trump)
        trumps = sum(1 for c in cards if c // 9 == trump)
        if strong == len(cards) and trumps == 0:
            return 10.0 + 4.0 * len(cards) + sum(CARD_POINTS[c] for c in cards) * 0.2
        if len(cards) == 4:
            return 12.0
        return -cost - 3.0 * (len(cards) - 1)
    partner_top = (top_seat & 1) == (seat & 1)
    if kind == FOUR:
        return -cost * 0.2 + (table_points + move.points) * (0.2 if partner_top else 1.0) + 5
    if kind == BEAT:
        if partner_top:
            return -50.0 - cost
        worth = table_points + move.points
        last = left_to_answer == 0
        gain = worth * 1.5 + (8.0 if last else 2.0)
        # A beat that later seats can easily beat again is worth less.
        if not last and careful:
            held = sum(1 for c in cards if c // 9 == trump or sure >> c & 1)
            gain *= 0.5 + 0.5 * held / len(cards)
        return gain - cost
    # discard
    points = move.points
    if partner_top:
        # `easy` feeds the partner's trick whatever follows; `medium` only when nobody is
        # left to answer (feeding a trick that may still be lost measured worse).
        safe = left_to_answer == 0 or not careful
        return -cost * 0.3 + (points * 1.0 if safe else -points * 0.3)
    return -cost - points * 2.0


def _choose(
    legal: Sequence[Move],
    seat: int,
    *,
    hand: Sequence[int],
    trump: int,
    top_seat: int,
    top_cards: Sequence[int],
    table_points: int,
    left: int,
    careful: bool,
    sure: int = 0,
) -> Move:
    best, best_score = legal[0], -1e18
    for move in cast(Sequence[KozelMove], legal):
        score = score_move(
            move,
            seat,
            hand=hand,
            trump=trump,
            top_seat=top_seat,
            top_cards=top_cards,
            table_points=table_points,
            left_to_answer=left,
            careful=careful,
            sure=sure,
        )
        if score > best_score:
            best, best_score = move, score
    return best


def _view_choose(view: View, legal: Sequence[Move], careful: bool) -> Move:
    trump = SUITS.index(view["trump_suit"])
    hand = [parse_card(c) for c in view["hand"]]
    trick = view["trick"]
    plays = trick["plays"] if trick else []
    top_seat, top_cards, points = -1, [], 0
    for play in plays:
        cards = play["cards"]
        if play["face_up"] and cards:
            parsed = [parse_card(c) for c in cards]
            points += sum(CARD_POINTS[c] for c in parsed)
            if play["move"] in ("lead", "beat", "four"):
                top_seat, top_cards = play["seat"], parsed
    left = 3 - (len(plays) - 1) - 1 if plays else 3
    gone = 0
    for text in view["hand"] + view.get("discards", []):
        gone |= 1 << parse_card(text)
    for past in [*view.get("tricks", []), trick or {"plays": []}]:
        for play in past["plays"]:
            if play["face_up"] and play["cards"]:
                for text in play["cards"]:
                    gone |= 1 << parse_card(text)
    return _choose(
        legal,
        view["seat"],
        hand=hand,
        trump=trump,
        top_seat=top_seat,
        top_cards=top_cards,
        table_points=points,
        left=left,
        careful=careful,
        sure=masters(gone, trump) if careful else 0,
    )


class EasyBot(Bot):
    """The team rule without care: leads its lowest card (see the module docstring)."""

    name = "easy"
    careful = False

    def choose(
        self, view: View, legal: Sequence[Move], rng: random.Random, budget: Budget | None = None
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        return _view_choose(view, legal, self.careful)


class MediumBot(EasyBot):
    """The team rule with care: leads from strength, watches who is left to answer."""

    name = "medium"
    careful = True


class KozelTuning(Tuning):
    """Search tuning: observations hide others' discards (`Kozel.observe`); the other three
    seats play the `medium` rule in the tree and in the rollouts (with a little noise) to the
    end of the deal; reward = deal won and card points. (Letting the opponents search as well
    measured worse over 400 deals: 58% against `easy`, 55% against `medium`; see
    docs/bots.md.)"""

    exploration = 0.7
    opponents_in_tree = False
    noise = 0.1

    def rollout_move(
        self, game: Game[Any], seat: int, legal: Sequence[Move], rng: random.Random
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.noise:
            return legal[rng.randrange(len(legal))]
        f: KozelFeatures = game.features(seat)
        plays = f.plays
        points = 0
        for _, played in plays:
            if played.face_up:
                points += played.points
        top_seat = f.top_seat
        top_cards: Sequence[int] = ()
        if top_seat >= 0:
            for s, played in reversed(plays):
                if s == top_seat and played.kind != DISCARD:
                    top_cards = played.cards
                    break
        left = 3 - f.answered - 1 if plays else 3
        return _choose(
            legal,
            seat,
            hand=(),
            trump=f.trump,
            top_seat=top_seat,
            top_cards=top_cards,
            table_points=points,
            left=left,
            careful=True,
        )

    def done(self, game: Game[Any], start: int) -> bool:
        return game.is_over() or game.stage() != start

    def rewards(self, game: Game[Any]) -> Sequence[float]:
        ours, theirs = game.stage_scores()[:2]
        win0 = 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0
        r0 = 0.6 * win0 + 0.4 * ours / 120
        r1 = 0.6 * (1 - win0) + 0.4 * theirs / 120
        return [r0, r1, r0, r1]


def _hard() -> Bot:
    return SearchBot("hard", KozelTuning(), HARD_BUDGET)


register_bot("kozel", "easy", EasyBot, "team rule: no beating the partner, lowest leads")
register_bot("kozel", "medium", MediumBot, "team rule with care: leads from strength")
register_bot("kozel", "hard", _hard, "ISMCTS over hidden hands and discards")
