"""Kozel on 4 cards: the engine (docs/rules/kozel.md has the rules and every reading).

Seats 0 and 2 play against 1 and 3. A trick: the leader leads one to four cards of a suit;
each other seat in turn beats them one to one (face up) or discards as many (face down), or,
once per trick, takes the trick over with four cards of a suit. The seat whose cards lie on
top when everyone has answered takes the trick; then everyone draws back to four cards from
the winner on. A deal ends when the cards run out; losing points go to the team with fewer
card points, and deals follow until a team reaches the series limit.

Cards and hands are bit masks (see `cards`), moves are interned (see `moves`), and legal
moves come from small tables (see `legal`), so random play is fast. What a seat may know is
in `views` (and the rules page), how `determinize` fills in the rest in `sampling`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Final

from kibitz.core import Game, State, View
from kibitz.core.rng import below, derive
from kibitz.games.kozel.cards import CARD_TEXT, DECK_SIZE, FULL_DECK, count_of, mask_of, texts_of
from kibitz.games.kozel.legal import answers, leads
from kibitz.games.kozel.moves import Beat, Discard, Four, KozelMove, Lead, parse_move
from kibitz.games.kozel.options import KozelOptions
from kibitz.games.kozel.sampling import load_view
from kibitz.games.kozel.search import KozelFeatures
from kibitz.games.kozel.setup import Deal, deal_setups, read_deal, shuffled_deal
from kibitz.games.kozel.tricks import Trick, Undone
from kibitz.games.kozel.view_types import (
    DealResult,
    KozelSeatPart,
    KozelState,
    KozelStatePart,
    KozelView,
    TrickData,
)
from kibitz.games.kozel.views import load_state, state_data, trick_data, view_data

ALONE: Final = tuple(frozenset((seat,)) for seat in range(4))
ORDER: Final = tuple(tuple((first + i) % 4 for i in range(4)) for first in range(4))
"""`ORDER[seat]`: the four seats clockwise from `seat` (the draw order after a trick)."""
DRAWS: Final = tuple(tuple(order * rounds for rounds in range(5)) for order in ORDER)
"""`DRAWS[winner][rounds]`: who draws after a trick, in order (shared by the tricks)."""


class Kozel(Game[KozelMove]):
    """Kozel on 4 cards for four seats in two teams; see the module docstring."""

    name = "kozel"
    options_class = KozelOptions
    view_type = KozelView
    state_type = KozelState
    options: KozelOptions

    def __init__(self, players: int, options: KozelOptions) -> None:
        super().__init__(players, options)
        self._open = options.discards == "open"
        self.deal_no = 0
        self.dealer = 0
        self.trump_card = 0
        self.trump = 0
        """The trump suit (0-3, the trump card's suit)."""
        self.hands = [0, 0, 0, 0]
        """Each seat's hand as a mask of cards."""
        self.stock: list[int] = []
        """The stock, bottom first: the next card drawn is the last."""
        self.trick_no = 1
        self.first_leader = 0
        self.leader = 0
        self.top_seat = -1
        self.top_mask = 0
        self.plays: list[tuple[int, KozelMove]] = []
        self.undone: tuple[Undone, ...] = ()
        self.takeover: int | None = None
        self.takeover_open = True
        self.answered = 0
        self.tricks: list[Trick] = []
        self.tricks_won = [0, 0]
        self.points = [0, 0]
        self.returned: list[dict[int, int]] = [{}, {}, {}, {}]
        """Per seat: face-up cards that went back to its hand in a takeover, not played face
        up since -> the number of the trick in which they went back. Public knowledge."""
        self.losing = [0, 0]
        self.results: list[DealResult] = []
        self.doubled = False
        """This deal's losing points are doubled (eggs before it, with eggs=double)."""
        self._previous_last: TrickData | None = None
        self._previous_trick: Trick | None = None
        """The previous deal's last trick as the engine keeps it, until `previous_last` is
        read: most deals of random play and search end unseen."""

    @property
    def previous_last(self) -> TrickData | None:
        """The previous deal's last trick (public data) until this deal's first trick ends."""
        trick = self._previous_trick
        if trick is not None:
            data = trick_data(self, trick, -1, full=False)
            data["deal"] = self.deal_no - 1
            self._previous_last, self._previous_trick = data, None
        return self._previous_last

    @previous_last.setter
    def previous_last(self, data: TrickData | None) -> None:
        self._previous_last, self._previous_trick = data, None

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    # ----------------------------------------------------------------- dealing

    def _deal(self, seed: int, setup: Mapping[str, Any] | None) -> None:
        """The first deal; every deal a setup fixes is checked now, so a bad one fails at
        once. A seeded game draws its first dealer from the first deal's generator."""
        deals = deal_setups(setup, self.options.series)
        if not deals:
            rng = derive(seed, "deal", 1)
            dealer = below(rng, 4)
            self._start_deal(1, shuffled_deal(dealer, rng), (dealer + 1) % 4)
            return
        first = 0
        for index, data in enumerate(deals):
            deal = read_deal(data, index, None if index == 0 else (first + index) % 4)
            if index == 0:
                first = deal.dealer
        self._start_deal(1, read_deal(deals[0], 0, None), (first + 1) % 4)

    def _next_deal(self, leader: int) -> None:
        """The deal after this one (rule 10): the dealer passes clockwise; the cards come
        from the setup where it fixes this deal, else from the seed."""
        number, dealer = self.deal_no + 1, (self.dealer + 1) % 4
        deals = deal_setups(self.setup, self.options.series)
        if number <= len(deals):
            deal = read_deal(deals[number - 1], number - 1, dealer)
        else:
            assert self.seed is not None
            deal = shuffled_deal(dealer, derive(self.seed, "deal", number))
        self._start_deal(number, deal, leader)

    def _start_deal(self, number: int, deal: Deal, leader: int) -> None:
        """Put deal number `number` on the table (rule 3); `leader` leads its first trick."""
        self.deal_no = number
        self.dealer = deal.dealer
        self.trump_card = deal.trump_card
        self.trump = deal.trump_card // 9
        self.hands = deal.hands
        self.stock = deal.stock
        self.trick_no = 1
        # Reset in place (a deal's results copy what they keep): fewer objects a deal.
        self.tricks.clear()
        self.tricks_won[0] = self.tricks_won[1] = 0
        self.points[0] = self.points[1] = 0
        for returned in self.returned:
            returned.clear()
        self._new_trick(leader)

    def _new_trick(self, leader: int) -> None:
        self.first_leader = self.leader = leader
        self.top_seat = -1
        self.top_mask = 0
        self.plays = []
        self.undone = ()
        self.takeover = None
        self.takeover_open = True
        self.answered = 0
        self._to_act = ALONE[leader]

    # ----------------------------------------------------------------- moves

    def parse_move(self, text: str) -> KozelMove:
        return parse_move(text)

    def _legal_moves(self, seat: int) -> Sequence[KozelMove]:
        if not self.plays:
            return leads(self.hands[seat])
        return answers(self.hands[seat], self.top_mask, self.trump, self.takeover_open)

    def _apply(self, seat: int, move: KozelMove) -> None:
        kind = type(move)  # compiled, comparing classes beats reading the class's `kind`
        if kind is Four:
            self._take_over(seat, move)
            return
        hands = self.hands
        hands[seat] = hands[seat] ^ move.mask  # compiled, `^=` on an item is a Python call
        plays: list[Any] = self.plays  # shared tuples, see `Move.seated`
        plays.append(move.seated(seat))
        if self.returned[seat] and (kind is not Discard or self._open):
            self._seen(seat, move)
        if kind is Lead:
            self.top_seat = seat
            self.top_mask = move.mask
            self.takeover_open = move.count < 4
            self._to_act = ALONE[(seat + 1) & 3]
            return
        if kind is Beat:
            self.top_seat = seat
            self.top_mask = move.mask
        self.answered += 1
        if self.answered == 3:
            self._end_trick()
        else:
            self._to_act = ALONE[(seat + 1) & 3]

    def _seen(self, seat: int, move: KozelMove) -> None:
        """Cards of `seat` that went back to its hand are no longer only known: played."""
        returned = self.returned[seat]
        for card in move.cards:
            returned.pop(card, None)

    def _take_over(self, seat: int, move: KozelMove) -> None:
        """Rule 6: every card on the table goes back to its owner (face-up ones become known
        in that hand), and the four of a suit are the new lead; the others answer once."""
        hands, returned, number = self.hands, self.returned, self.trick_no
        undone: list[Undone] = []
        for owner, played in self.plays:
            hands[owner] = hands[owner] | played.mask
            public = played.face_up or self._open
            for card in played.cards if public else ():
                returned[owner][card] = number
            cards = played.cards if public else None
            undone.append((owner, played.keyword, cards, played.count, public))
        hands[seat] = hands[seat] ^ move.mask
        self.undone = tuple(undone)
        plays: list[Any] = [move.seated(seat)]  # shared tuples, see `Move.seated`
        self.plays = plays
        self.leader = self.top_seat = self.takeover = seat
        self.top_mask = move.mask
        self.takeover_open = False
        self.answered = 0
        if returned[seat]:
            self._seen(seat, move)
        self._to_act = ALONE[(seat + 1) & 3]

    def _end_trick(self) -> None:
        """Rules 7 and 8: the seat on top takes the trick; draws from it clockwise."""
        winner = self.top_seat
        team = winner & 1
        points = 0
        for _, played in self.plays:
            points += played.points
        self.points[team] = self.points[team] + points
        self.tricks_won[team] = self.tricks_won[team] + 1
        hands, stock = self.hands, self.stock
        rounds = min(count_of(self.top_mask), len(stock) >> 2)
        order = ORDER[winner]
        for _ in range(rounds):
            for drawer in order:
                hands[drawer] = hands[drawer] | 1 << stock.pop()
        self.tricks.append(
            Trick(
                self.trick_no,
                self.first_leader,
                self.leader,
                self.takeover,
                winner,
                self.plays,
                self.undone,
                DRAWS[winner][rounds],
            )
        )
        self._previous_last = self._previous_trick = None
        self.trick_no += 1
        if hands[winner]:
            self._new_trick(winner)
        else:
            self._end_deal(winner)

    def _end_deal(self, last_winner: int) -> None:
        """Rules 9 and 10: losing points, eggs, and the next deal or the end of the series."""
        ours, theirs = self.points
        eggs = ours == theirs
        added = [0, 0]
        if not eggs:
            loser = 0 if ours < theirs else 1
            if not self.tricks_won[loser]:
                added[loser] = 6
            elif self.points[loser] <= 30:
                added[loser] = 4
            else:
                added[loser] = 2
            if self.doubled:
                added[loser] *= 2
            self.losing[loser] += added[loser]
        self.results.append(
            {
                "deal": self.deal_no,
                "dealer": self.dealer,
                "points": list(self.points),
                "tricks": list(self.tricks_won),
                "losing": added,
                "eggs": eggs,
                "doubled": self.doubled,
            }
        )
        self.doubled = eggs and self.options.eggs == "double"
        options = self.options
        if not options.series or max(self.losing) >= options.series_limit:
            self._new_trick(last_winner)
            self._finish()
            return
        self._previous_trick = self.tricks[-1]
        self._next_deal(last_winner)

    # ----------------------------------------------------------------- scoring

    def _scores(self) -> tuple[float, ...]:
        losing = self.losing
        return (losing[0], losing[1], losing[0], losing[1])

    def _winners(self) -> frozenset[int]:
        """The team with fewer losing points: the one that did not reach the limit, or after
        a single deal the team with 61 or more; both teams (a draw) after a single eggs."""
        best = min(self.losing)
        return frozenset(seat for seat in range(4) if self.losing[seat & 1] == best)

    # ----------------------------------------------------------------- search

    def stage(self) -> int:
        """The deal being played (from 1)."""
        return self.deal_no

    def stage_scores(self) -> tuple[float, ...]:
        """The card points of the last finished deal, each seat its team's (zeros before)."""
        if not self.results:
            return (0, 0, 0, 0)
        ours, theirs = self.results[-1]["points"]
        return (ours, theirs, ours, theirs)

    def observe(self, seat: int, move: KozelMove, by: int) -> Hashable:
        """Another seat's discard shows only its size, unless discards lie open."""
        if seat != by and type(move) is Discard and not self._open:
            return ("discard", move.count)
        return move

    def features(self, seat: int) -> KozelFeatures:
        plays = self.plays
        return KozelFeatures(
            self.trump, plays, self.top_seat if plays else -1, self.answered, self.hands[seat]
        )

    def invariants(self) -> list[str]:
        problems: list[str] = []
        seen = 0
        count = 0
        groups: list[tuple[str, int]] = [(f"hand {s}", h) for s, h in enumerate(self.hands)]
        groups.append(("stock", mask_of(self.stock)))
        count += len(self.stock) - mask_of(self.stock).bit_count()
        plays = [(f"trick {self.trick_no}", self.plays)]
        plays += [(f"trick {t.number}", t.plays) for t in self.tricks]
        for where, played in plays:
            groups.extend((where, move.mask) for _, move in played)
        for where, mask in groups:
            if mask & seen:
                problems.append(f"{texts_of(mask & seen)} in {where} are also elsewhere")
            seen |= mask
            count += mask.bit_count()
        if seen != FULL_DECK or count != DECK_SIZE:
            problems.append(f"{count} cards in play; missing {texts_of(FULL_DECK & ~seen)}")
        if self.trump != self.trump_card // 9:
            problems.append("the trump suit is not the trump card's suit")
        if len(self.stock) % 4:
            problems.append(f"the stock holds {len(self.stock)} cards, not a multiple of 4")
        held = [h.bit_count() for h in self.hands]
        for seat, move in self.plays:
            held[seat] += move.count
        if len(set(held)) != 1 or held[0] > 4:
            problems.append(f"seats hold {held} cards at the start of the trick")
        points, won = [0, 0], [0, 0]
        for trick in self.tricks:
            won[trick.winner & 1] += 1
            points[trick.winner & 1] += sum(move.points for _, move in trick.plays)
        if points != self.points or won != self.tricks_won:
            problems.append(f"points {self.points} / tricks {self.tricks_won} do not add up")
        if self.losing != [sum(r["losing"][t] for r in self.results) for t in (0, 1)]:
            problems.append("losing points do not add up to the deals' results")
        for seat, returned in enumerate(self.returned):
            faced = self._face_down_tricks(seat)
            for card, since in returned.items():
                in_hand = bool(self.hands[seat] >> card & 1)
                faced_since = [m for t, m in faced if t >= since]
                if not in_hand and not any(m >> card & 1 for m in faced_since):
                    problems.append(f"{CARD_TEXT[card]} went back to seat {seat}, now lost")
        if not self._over:
            expected = self.leader if not self.plays else (self.plays[-1][0] + 1) & 3
            if self._to_act != ALONE[expected]:
                problems.append(f"seat {expected} should act, not {sorted(self._to_act)}")
        elif self._to_act:
            problems.append("seats to act after the end")
        return problems

    def _face_down_tricks(self, seat: int) -> list[tuple[int, int]]:
        """(trick number, mask) of every face-down play of `seat` this deal."""
        out: list[tuple[int, int]] = []
        if self._open:
            return out
        tables = [(trick.number, trick.plays) for trick in self.tricks]
        tables.append((self.trick_no, self.plays))
        for number, plays in tables:
            out.extend((number, m.mask) for s, m in plays if s == seat and not m.face_up)
        return out

    # ----------------------------------------------------------------- views and state

    def _view(self, seat: int | None) -> KozelSeatPart:
        return view_data(self, seat)

    def _state(self) -> KozelStatePart:
        return state_data(self)

    def _load_state(self, state: State) -> None:
        load_state(self, state)

    def _load_view(self, view: View, rng: random.Random) -> None:
        load_view(self, view, rng)
