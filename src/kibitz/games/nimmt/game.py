"""The row-game engine shared by X bere! and classic 6 nimmt!.

A turn: every seat chooses a hand card face down (simultaneously: all seats are to act); a
seat that has chosen may choose another card instead (a change: another `play N`, its first
card goes back to its hand) until the last seat has chosen. Then the cards are revealed and
placed from the lowest. A card that cannot be placed, or that fills a row, stops the
placement until its player decides (`take N`, then in X bere! `x N`); those decisions are
ordinary moves of that seat. What the seats see is in `views`, how `determinize` deals the
unseen cards in `sampling`.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from kibitz.core import Game, State, View
from kibitz.core.rng import derive
from kibitz.games.nimmt.cards import bullheads
from kibitz.games.nimmt.moves import Play, RowMove, Take, XCard, parse_move
from kibitz.games.nimmt.options import MAX_DECK, Rules, SixNimmtOptions, XBereOptions
from kibitz.games.nimmt.sampling import load_view
from kibitz.games.nimmt.search import RowFeatures
from kibitz.games.nimmt.setup import read_deal, round_setups, shuffled_deal
from kibitz.games.nimmt.view_types import SixNimmtState, SixNimmtView, XBereState, XBereView
from kibitz.games.nimmt.views import load_state, state_data, view_data

_PLAYS: Final = [Play(card) for card in range(MAX_DECK + 1)]
_XCARDS: Final = [XCard(card) for card in range(MAX_DECK + 1)]
_TAKES: Final = [Take(row) for row in range(1, 11)]

Event = tuple[int, int, int] | dict[str, Any]
"""A placement as (seat, card, row), the most frequent event kept small; a take or an X card
as its view's dict (`views` writes them all as dicts)."""

Pending = tuple[Literal["take", "x"], int, list[int]]
"""A decision the placement waits for: ("take", seat, []) or ("x", seat, taken cards)."""


_RULES: Final[dict[int, tuple[XBereOptions | SixNimmtOptions, Rules]]] = {}


def _rules(options: XBereOptions | SixNimmtOptions) -> Rules:
    """`options.rules()`, worked out once per options object (`make` shares them): by identity,
    since hashing the options takes longer than building the rules."""
    known = _RULES.get(id(options))
    if known is None or known[0] is not options:
        if len(_RULES) >= 256:
            _RULES.clear()
        known = _RULES[id(options)] = (options, options.rules())
    return known[1]


_SEAT_SETS: Final[dict[int, list[frozenset[int]]]] = {}


def _seat_sets(players: int) -> list[frozenset[int]]:
    """Every set of seats of a game of `players` as one shared frozenset, by the mask of its
    seats: the seats still to choose shrink by a lookup, not a set difference (one a move)."""
    sets = _SEAT_SETS.get(players)
    if sets is None:
        sets = _SEAT_SETS[players] = [
            frozenset(seat for seat in range(players) if mask >> seat & 1)
            for mask in range(1 << players)
        ]
    return sets


class RowGame(Game[RowMove]):
    """X bere! and 6 nimmt!: `rules` (from the options) says which."""

    options: XBereOptions | SixNimmtOptions

    def __init__(self, players: int, options: XBereOptions | SixNimmtOptions) -> None:
        super().__init__(players, options)
        self.rules: Rules = _rules(options)
        self._sets = _seat_sets(players)
        self._everyone = self._sets[-1]
        self._alone = [self._sets[1 << seat] for seat in range(players)]
        self._waiting = 0
        """The mask of the seats in `_to_act` while it is `_sets[_waiting]`."""
        self.round = 0
        self.turn = 0
        self.rows: list[list[int]] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.known: list[set[int]] = [set() for _ in range(players)]
        """Cards seen going back to each hand (public until played)."""
        self.chosen: list[int | None] = [None] * players
        self.queue: list[tuple[int, int]] = []
        """This turn's revealed (card, seat), lowest first."""
        self.placed = 0
        """How many cards of `queue` are placed."""
        self.pending: Pending | None = None
        self.x_rows: list[list[int]] = [[] for _ in range(players)]
        self.piles: list[list[int]] = [[] for _ in range(players)]
        """X piles in X bere!, penalty piles in 6 nimmt!."""
        self.emptied = False
        """Someone played the last card of their hand this turn."""
        self.events: list[Event] = []
        """This turn's placements, takes and X cards, in order (for the views)."""
        self.round_scores: list[list[int]] = []
        self.dealt = 0
        """Cards dealt into play this round; the rest of the deck is out of play, unseen."""

    # ----------------------------------------------------------------- dealing

    def _deal(self, seed: int, setup: Mapping[str, Any] | None) -> None:
        deals = round_setups(setup, self.rules)
        for index, deal in enumerate(deals):
            read_deal(deal, self.rules, self.players, index)
        self._deal_round()

    def _deal_round(self) -> None:
        deals = round_setups(self.setup, self.rules)
        if self.round < len(deals):
            rows, hands = read_deal(deals[self.round], self.rules, self.players, self.round)
        else:
            assert self.seed is not None
            rng = derive(self.seed, "deal", self.round)
            rows, hands = shuffled_deal(self.rules, self.players, rng)
        self.rows, self.hands = rows, hands
        self.dealt = sum(map(len, rows)) + sum(map(len, hands))
        players = self.players
        self.known = [set() for _ in range(players)]
        self.chosen = [None] * players
        self.x_rows = [[] for _ in range(players)]
        self.piles = [[] for _ in range(players)]
        self.pending = None
        self.emptied = False
        self._to_act = self._everyone

    # ----------------------------------------------------------------- moves

    def parse_move(self, text: str) -> RowMove:
        return parse_move(text)

    def _legal_moves(self, seat: int) -> Sequence[RowMove]:
        pending = self.pending
        if pending is None:
            plays = _PLAYS
            return [plays[card] for card in self.hands[seat]]
        if pending[0] == "take":
            return _TAKES[: len(self.rows)]
        xcards = _XCARDS
        return [xcards[card] for card in pending[2]]

    def _apply(self, seat: int, move: RowMove) -> None:
        kind = type(move)
        if kind is Play:
            card = move.number
            hand = self.hands[seat]
            hand.remove(card)
            earlier = self.chosen[seat]
            if earlier is not None:  # a change of choice: the first card goes back
                insort(hand, earlier)
            self.chosen[seat] = card
            mask = self._waiting
            if self._sets[mask] is not self._to_act:  # a new turn, a loaded state
                mask = 0
                for other in self._to_act:
                    mask |= 1 << other
            self._waiting = mask = mask & ~(1 << seat)
            self._to_act = self._sets[mask]
            if not mask:
                self._reveal()
        elif kind is Take:
            self._take_low(seat, move.number - 1)
        else:
            self._choose_x(seat, move.number)

    def _may_change(self) -> frozenset[int]:
        """The seats that have chosen this turn's card (choices exist only until the reveal)
        and hold another card to choose instead."""
        hands = self.hands
        return frozenset(s for s, c in enumerate(self.chosen) if c is not None and hands[s])

    def _reveal(self) -> None:
        # Sorted as ints `card << 4 | seat` (seats < 16, cards unique), which compare far
        # faster than the (card, seat) tuples they give the same order as.
        keys = []
        for seat, card in enumerate(self.chosen):
            if card is not None:
                keys.append(card << 4 | seat)
        keys.sort()
        self.queue = queue = [(key >> 4, key & 15) for key in keys]
        self.chosen = [None] * self.players
        self.emptied = not all(hand for hand in self.hands)
        known = self.known
        for card, seat in queue:
            if known[seat]:
                known[seat].discard(card)
        self.placed = 0
        self.events = []
        self._resolve()

    def _resolve(self) -> None:
        """Place the revealed cards from `placed` on, until a decision or the turn's end."""
        rows, full, queue, events = self.rows, self.rules.full, self.queue, self.events
        i = self.placed
        while i < len(queue):
            card, seat = queue[i]
            best, best_last = -1, 0
            for r, row in enumerate(rows):
                last = row[-1]
                if best_last < last < card:
                    best, best_last = r, last
            if best < 0:
                self.placed = i
                self.pending = ("take", seat, [])
                self._to_act = self._alone[seat]
                return
            row = rows[best]
            i += 1
            if len(row) >= full[best]:
                rows[best] = [card]
                events.append(
                    {
                        "type": "take",
                        "seat": seat,
                        "card": card,
                        "row": best + 1,
                        "cards": row,
                        "reason": "full",
                    }
                )
                if self._taken(seat, row, i):
                    return
            else:
                row.append(card)
                events.append((seat, card, best + 1))
        self.placed = i
        self._end_turn()

    def _taken(self, seat: int, cards: list[int], placed: int) -> bool:
        """Hand the taken cards to `seat`; True when a decision (the X card) must come first."""
        self.placed = placed
        if self.rules.x_rows:
            self.pending = ("x", seat, sorted(cards))
            self._to_act = self._alone[seat]
            return True
        self.piles[seat].extend(cards)
        return False

    def _take_low(self, seat: int, row_index: int) -> None:
        card = self.queue[self.placed][0]
        taken = self.rows[row_index]
        self.rows[row_index] = [card]
        self.pending = None
        self.events.append(
            {
                "type": "take",
                "seat": seat,
                "card": card,
                "row": row_index + 1,
                "cards": taken,
                "reason": "low",
            }
        )
        if not self._taken(seat, taken, self.placed + 1):
            self._resolve()

    def _choose_x(self, seat: int, card: int) -> None:
        assert self.pending is not None
        taken = self.pending[2]
        x_row = self.x_rows[seat]
        packed = bool(x_row) and x_row[-1] > card
        if packed:
            self.piles[seat].extend(x_row)
            self.x_rows[seat] = [card]
        else:
            x_row.append(card)
        back = [c for c in taken if c != card]
        hand = self.hands[seat]
        for c in back:
            insort(hand, c)
        self.known[seat].update(back)
        self.pending = None
        self.events.append(
            {"type": "x", "seat": seat, "card": card, "packed": packed, "back": back}
        )
        self._resolve()

    def _end_turn(self) -> None:
        self.turn += 1
        ended = self.emptied if self.rules.end == "played-last" else not all(h for h in self.hands)
        if not ended:
            self._to_act = self._everyone
            return
        self.round_scores.append(self._round_penalties())
        rules = self.rules
        if rules.rounds is not None:
            more = len(self.round_scores) < rules.rounds
        else:
            assert rules.target is not None
            more = max(self._totals()) < rules.target
        if more:
            self.round += 1
            self._deal_round()
        else:
            self._finish()

    # ----------------------------------------------------------------- scoring

    def _round_penalties(self) -> list[int]:
        """This round's penalty per seat: hand cards, a face-down choice still counting as one
        (X bere! only), and piles (doubled in X bere!)."""
        rules = self.rules
        hand_weight, pile_weight = (1, 2) if rules.x_rows else (0, 1)
        # Seat by seat by index, here and below: compiled, `zip(..., strict=True)` takes the
        # interpreter's generic path, several times slower (docs/engines.md).
        penalties: list[int] = []
        for s in range(self.players):
            hand, chosen, pile = self.hands[s], self.chosen[s], self.piles[s]
            if not rules.bullheads:  # every card counts one: count them
                in_hand = len(hand) + (chosen is not None)
                in_pile = len(pile)
            else:
                in_hand = sum(bullheads(c) for c in hand) + (bullheads(chosen) if chosen else 0)
                in_pile = sum(bullheads(c) for c in pile)
            penalties.append(hand_weight * in_hand + pile_weight * in_pile)
        return penalties

    def _totals(self) -> list[int]:
        totals = [0] * self.players
        for scores in self.round_scores:
            for s in range(self.players):
                totals[s] += scores[s]
        return totals

    def _scores(self) -> tuple[float, ...]:
        totals = self._totals()
        if self._over:
            return tuple(totals)
        current = self._round_penalties()
        return tuple([totals[s] + current[s] for s in range(self.players)])

    def _winners(self) -> frozenset[int]:
        scores = self._scores()
        best = min(scores)
        return frozenset(seat for seat, score in enumerate(scores) if score == best)

    def public_scores(self) -> list[float] | None:
        """The scores so far when everyone can work them out (not when bullheads of hidden
        hand cards count)."""
        if self._over or not (self.rules.bullheads and self.rules.x_rows):
            return list(self._scores())
        return None

    # ----------------------------------------------------------------- search

    def stage(self) -> int:
        """The round being played (from 0)."""
        return self.round

    def stage_scores(self) -> tuple[float, ...]:
        """Each seat's penalty total over the finished rounds (the final scores once over)."""
        return tuple(self._totals())

    def features(self, seat: int) -> RowFeatures:
        rules = self.rules
        return RowFeatures(
            self.rows,
            rules.full,
            rules.x_rows,
            self.x_rows[seat],
            self.hands[seat],
            rules.bullheads,
            self.dealt,
        )

    def invariants(self) -> list[str]:
        problems = []
        cards: list[int] = []
        for group in (self.rows, self.hands, self.x_rows, self.piles):
            for part in group:
                cards.extend(part)
        cards.extend(card for card in self.chosen if card is not None)
        if not self._over:
            cards.extend(card for card, _ in self.queue[self.placed :])
        if self.pending is not None:
            cards.extend(self.pending[2])
        if len(set(cards)) != len(cards):
            problems.append("a card is in two places")
        if any(not 1 <= card <= self.rules.deck_size for card in cards):
            problems.append("a card outside the deck")
        if len(cards) != self.dealt:
            problems.append(f"{len(cards)} cards in play, {self.dealt} were dealt")
        for r, row in enumerate(self.rows):
            if not row or row != sorted(row) or len(row) > self.rules.full[r]:
                problems.append(f"row {r + 1} is {row}")
        for seat in range(self.players):
            if self.hands[seat] != sorted(self.hands[seat]):
                problems.append(f"hand {seat} is not sorted")
            if self.x_rows[seat] != sorted(self.x_rows[seat]):
                problems.append(f"X row {seat} is not ascending")
            held = {*self.hands[seat], self.chosen[seat]}
            if not self.known[seat] <= held:
                problems.append(f"known cards of seat {seat} are not in its hand")
        choosing = {s for s in range(self.players) if self.chosen[s] is None}
        if not self._over and self.pending is None and self._to_act != choosing:
            problems.append("the seats to act are not the seats yet to choose")
        return problems

    # ----------------------------------------------------------------- views and state

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view_data(self, seat)

    def _state(self) -> dict[str, Any]:
        return state_data(self)

    def _load_state(self, state: State) -> None:
        load_state(self, state)

    def _load_view(self, view: View, rng: random.Random) -> None:
        load_view(self, view, rng)


class XBere(RowGame):
    """X bere!: rows limited to 3, 4 and 5 cards, personal X rows and X piles."""

    name = "xbere"
    options_class = XBereOptions
    view_type = XBereView
    state_type = XBereState


class SixNimmt(RowGame):
    """Classic 6 nimmt!: four rows, the sixth card takes, bullheads are penalty."""

    name = "6nimmt"
    options_class = SixNimmtOptions
    view_type = SixNimmtView
    state_type = SixNimmtState
