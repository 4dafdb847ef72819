"""Kozel on 4 cards: the engine (docs/rules/kozel.md has the rules and every reading).

Seats 0 and 2 play against 1 and 3. A trick: the leader leads one to four cards of a suit;
each other seat in turn beats them one to one (face up) or discards as many (face down), or,
once per trick, takes the trick over with four cards of a suit. The seat whose cards lie on
top when everyone has answered takes the trick; then everyone draws back to four cards from
the winner on. A deal ends when the cards run out; losing points go to the team with fewer
card points, and deals follow until a team reaches the series limit.

Cards and hands are bit masks (see `cards`), moves are interned (see `moves`), and legal
moves come from small tables (see `legal`), so random play is fast. What a seat may know, and
how `determinize` fills in the rest, is in `sampling` and the rules page.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kibitz.core import Game, State, View, ViewError
from kibitz.core.rng import derive
from kibitz.games.kozel.cards import (
    CARD_POINTS,
    CARD_TEXT,
    DECK_SIZE,
    FULL_DECK,
    SUITS,
    cards_of,
    mask_of,
    parse_card,
    texts_of,
)
from kibitz.games.kozel.legal import answers, leads
from kibitz.games.kozel.moves import BEAT, DISCARD, FOUR, LEAD, KozelMove, move_of, parse_move
from kibitz.games.kozel.options import KozelOptions
from kibitz.games.kozel.sampling import DISCARD as DISCARD_SLOT
from kibitz.games.kozel.sampling import HAND, STOCK, Slot, fill
from kibitz.games.kozel.setup import Deal, deal_setups, read_deal, shuffled_deal

ALONE = tuple(frozenset((seat,)) for seat in range(4))
ORDER = tuple(tuple((first + i) % 4 for i in range(4)) for first in range(4))
"""`ORDER[seat]`: the four seats clockwise from `seat` (the draw order after a trick)."""

Undone = tuple[int, str, tuple[int, ...] | None, int, bool]
"""A play taken back by a takeover: (seat, keyword, cards or None when they lay face down,
count, face up)."""


@dataclass(slots=True)
class Trick:
    """A finished trick of the current deal."""

    number: int
    first_leader: int
    leader: int
    """Who led the final lead: the first leader, or the seat that took the trick over."""
    takeover: int | None
    winner: int
    plays: list[tuple[int, KozelMove]]
    undone: list[Undone]
    """The plays before a takeover, which went back to the hands."""
    draws: list[int]
    """The seats in the order they drew one card each after the trick."""


class Kozel(Game[KozelMove]):
    """Kozel on 4 cards for four seats in two teams; see the module docstring."""

    name = "kozel"
    options_class = KozelOptions
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
        self.undone: list[Undone] = []
        self.takeover: int | None = None
        self.takeover_open = True
        self.answered = 0
        self.tricks: list[Trick] = []
        self.tricks_won = [0, 0]
        self.points = [0, 0]
        self.returned: list[dict[int, int]] = [{}, {}, {}, {}]
        """Per seat: face-up cards that went back to its hand in a takeover, not played face
        up since -> the number of the trick in which they went back. Public knowledge."""
        self.first_draw: list[int | None] = [None] * 4
        """Per seat: the trick after which it first drew a card this deal."""
        self.losing = [0, 0]
        self.results: list[dict[str, Any]] = []
        self.doubled = False
        """This deal's losing points are doubled (eggs before it, with eggs=double)."""
        self.previous_last: dict[str, Any] | None = None
        """The previous deal's last trick (public data) until this deal's first trick ends."""

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    # ----------------------------------------------------------------- dealing

    def _deal(self, seed: int, setup: Mapping[str, Any] | None) -> None:
        """The first deal; every deal a setup fixes is checked now, so a bad one fails at
        once. A seeded game draws its first dealer from the first deal's generator."""
        deals = deal_setups(setup, self.options.series)
        if not deals:
            rng = derive(seed, "deal", 1)
            dealer = rng.randrange(4)
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
        self.hands = list(deal.hands)
        self.stock = list(reversed(deal.stock))
        self.trick_no = 1
        self.tricks = []
        self.tricks_won = [0, 0]
        self.points = [0, 0]
        self.returned = [{}, {}, {}, {}]
        self.first_draw = [None] * 4
        self._new_trick(leader)

    def _new_trick(self, leader: int) -> None:
        self.first_leader = self.leader = leader
        self.top_seat = -1
        self.top_mask = 0
        self.plays = []
        self.undone = []
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
        kind = move.kind
        if kind == FOUR:
            self._take_over(seat, move)
            return
        self.hands[seat] ^= move.mask
        self.plays.append((seat, move))
        if self.returned[seat] and (kind != DISCARD or self._open):
            self._seen(seat, move)
        if kind == LEAD:
            self.top_seat = seat
            self.top_mask = move.mask
            self.takeover_open = move.count < 4
            self._to_act = ALONE[(seat + 1) & 3]
            return
        if kind == BEAT:
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
            hands[owner] |= played.mask
            public = played.face_up or self._open
            for card in played.cards if public else ():
                returned[owner][card] = number
            cards = played.cards if public else None
            undone.append((owner, played.keyword, cards, played.count, public))
        hands[seat] ^= move.mask
        self.undone = undone
        self.plays = [(seat, move)]
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
        self.points[team] += points
        self.tricks_won[team] += 1
        hands, stock = self.hands, self.stock
        rounds = min(self.top_mask.bit_count(), len(stock) >> 2)
        if rounds:
            order = ORDER[winner]
            for _ in range(rounds):
                for drawer in order:
                    hands[drawer] |= 1 << stock.pop()
            draws = list(order * rounds)
            if self.trick_no == 1 or None in self.first_draw:
                first_draw = self.first_draw
                for drawer in order:
                    if first_draw[drawer] is None:
                        first_draw[drawer] = self.trick_no
        else:
            draws = []
        self.tricks.append(
            Trick(
                self.trick_no,
                self.first_leader,
                self.leader,
                self.takeover,
                winner,
                self.plays,
                self.undone,
                draws,
            )
        )
        self.previous_last = None
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
        self.previous_last = self._trick_data(self.tricks[-1], -1, full=False)
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

    def _play_data(
        self, seat: int, move: KozelMove, viewer: int | None, full: bool
    ) -> dict[str, Any]:
        public = move.face_up or self._open
        shown = public or full or seat == viewer
        return {
            "seat": seat,
            "move": move.keyword,
            "count": move.count,
            "face_up": public,
            "cards": [CARD_TEXT[c] for c in move.cards] if shown else None,
        }

    @staticmethod
    def _undone_data(undone: list[Undone]) -> list[dict[str, Any]]:
        return [
            {
                "seat": seat,
                "move": keyword,
                "count": count,
                "face_up": public,
                "cards": None if cards is None else [CARD_TEXT[c] for c in cards],
            }
            for seat, keyword, cards, count, public in undone
        ]

    def _trick_data(self, trick: Trick, viewer: int | None, full: bool) -> dict[str, Any]:
        return {
            "deal": self.deal_no,
            "number": trick.number,
            "first_leader": trick.first_leader,
            "leader": trick.leader,
            "takeover": trick.takeover,
            "winner": trick.winner,
            "plays": [self._play_data(s, m, viewer, full) for s, m in trick.plays],
            "undone": self._undone_data(trick.undone),
            "draws": list(trick.draws),
        }

    def _certain(self) -> list[list[int]]:
        """Per seat, the returned cards still surely in its hand: it has put nothing face
        down since they went back."""
        out: list[list[int]] = []
        for seat, returned in enumerate(self.returned):
            last = max((t for t, _ in self._face_down_tricks(seat)), default=0)
            out.append(sorted(card for card, since in returned.items() if since > last))
        return out

    def _public(self, viewer: int | None, full: bool) -> dict[str, Any]:
        """What `viewer` sees of the table (everything with `full`)."""
        points_seen = [0, 0]
        for trick in self.tricks:
            points_seen[trick.winner & 1] += sum(
                m.points for _, m in trick.plays if m.face_up or self._open
            )
        known = full or self._open or self._over
        last_trick = self.previous_last
        if self.tricks:
            last_trick = self._trick_data(self.tricks[-1], viewer, full)
        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "trump": CARD_TEXT[self.trump_card],
            "trump_suit": SUITS[self.trump],
            "stock_size": len(self.stock),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "returned": [
                [[CARD_TEXT[c], since] for c, since in sorted(r.items())] for r in self.returned
            ],
            "known": [[CARD_TEXT[c] for c in cards] for cards in self._certain()],
            "trick": {
                "number": self.trick_no,
                "first_leader": self.first_leader,
                "leader": self.leader,
                "top": self.top_seat if self.plays else None,
                "count": self.top_mask.bit_count() if self.plays else None,
                "takeover": self.takeover,
                "takeover_open": self.takeover_open,
                "plays": [self._play_data(s, m, viewer, full) for s, m in self.plays],
                "undone": self._undone_data(self.undone),
            },
            "tricks": [self._trick_data(t, viewer, full) for t in self.tricks],
            "last_trick": last_trick,
            "tricks_won": list(self.tricks_won),
            "points_seen": points_seen,
            "points": list(self.points) if known else None,
            "losing_points": list(self.losing),
            "doubled": self.doubled,
            "results": [dict(r, points=list(r["points"])) for r in self.results],
        }

    def _view(self, seat: int | None) -> View:
        data = self._public(seat, full=False)
        if seat is None:
            data["hand"] = data["discards"] = None
        else:
            data["hand"] = texts_of(self.hands[seat])
            mine = 0
            for _, mask in self._face_down_tricks(seat):
                mine |= mask
            data["discards"] = texts_of(mine)
        return data

    def _state(self) -> State:
        data = self._public(None, full=True)
        data["hands"] = [texts_of(hand) for hand in self.hands]
        data["stock"] = [CARD_TEXT[c] for c in reversed(self.stock)]
        data["to_act"] = sorted(self._to_act)
        data["over"] = self._over
        return data

    # ----------------------------------------------------------------- restoring

    def _load_common(self, data: Mapping[str, Any]) -> None:
        """The public part shared by states and views; plays are read by the callers."""
        self.deal_no = data["deal"]
        self.dealer = data["dealer"]
        self.trump_card = parse_card(data["trump"])
        self.trump = self.trump_card // 9
        trick = data["trick"]
        self.trick_no = trick["number"]
        self.first_leader = trick["first_leader"]
        self.leader = trick["leader"]
        self.takeover = trick["takeover"]
        self.undone = [
            (
                u["seat"],
                u["move"],
                None if u["cards"] is None else tuple(map(parse_card, u["cards"])),
                u["count"],
                u["face_up"],
            )
            for u in trick["undone"]
        ]
        self.tricks_won = list(data["tricks_won"])
        self.losing = list(data["losing_points"])
        self.doubled = data["doubled"]
        self.results = [dict(r, points=list(r["points"])) for r in data["results"]]
        self.returned = [
            {parse_card(text): since for text, since in seat_cards}
            for seat_cards in data["returned"]
        ]
        self.previous_last = None if data["tricks"] else data["last_trick"]
        self._over = data["over"]
        if len(self.returned) != 4 or len(self.tricks_won) != 2 or len(self.losing) != 2:
            raise ValueError("a Kozel state has four seats and two teams")

    def _finish_load(
        self,
        plays: list[tuple[int, KozelMove]],
        tricks: list[tuple[Mapping[str, Any], list[tuple[int, KozelMove]]]],
        to_act: Sequence[int],
    ) -> None:
        """Set the trick in progress and the finished tricks, derive what follows from them
        (what lies on top, the takeover's state, the seat to act, the points) and check it."""
        self.plays = plays
        self.top_seat, self.top_mask = -1, 0
        for seat, move in plays:
            if move.kind != DISCARD:
                self.top_seat, self.top_mask = seat, move.mask
        self.answered = max(0, len(plays) - 1)
        self.takeover_open = self.takeover is None and (not plays or plays[0][1].count < 4)
        self.tricks = []
        self.points = [0, 0]
        self.first_draw = [None] * 4
        for record, trick_plays in tricks:
            trick = Trick(
                record["number"],
                record["first_leader"],
                record["leader"],
                record["takeover"],
                record["winner"],
                trick_plays,
                [
                    (
                        u["seat"],
                        u["move"],
                        None if u["cards"] is None else tuple(map(parse_card, u["cards"])),
                        u["count"],
                        u["face_up"],
                    )
                    for u in record["undone"]
                ],
                list(record["draws"]),
            )
            self.tricks.append(trick)
            self.points[trick.winner & 1] += sum(m.points for _, m in trick_plays)
            for drawer in trick.draws:
                if self.first_draw[drawer] is None:
                    self.first_draw[drawer] = trick.number
        if self._over:
            self._to_act = frozenset()
        else:
            seat = self.leader if not plays else (plays[-1][0] + 1) & 3
            self._to_act = ALONE[seat]
        if sorted(self._to_act) != list(to_act):
            raise ValueError(f"seat {sorted(self._to_act)} acts, not {list(to_act)}")

    def _load_state(self, state: State) -> None:
        self._load_common(state)
        self.hands = [mask_of(map(parse_card, hand)) for hand in state["hands"]]
        self.stock = [parse_card(text) for text in reversed(state["stock"])]

        def plays(items: list[Mapping[str, Any]]) -> list[tuple[int, KozelMove]]:
            return [(p["seat"], move_of(p["move"], _cards(p["cards"]))) for p in items]

        self._finish_load(
            plays(state["trick"]["plays"]),
            [(record, plays(record["plays"])) for record in state["tricks"]],
            state["to_act"],
        )

    def _load_view(self, view: View, rng: random.Random) -> None:
        """Rebuild the true state from a view, sampling what the seat cannot see (see
        `sampling`): other hands but their known cards, the stock's order, others' discards."""
        self._load_common(view)
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
        tables.append((self.trick_no, -1, current))
        for number, team, trick_plays in tables:
            for play in trick_plays:
                seat, _, cards, count, face_up = play
                if not face_up:
                    last_face_down[seat] = number
                if cards is None:
                    hidden.append(play)
                    slots.extend(Slot(DISCARD_SLOT, seat, number, team) for _ in range(count))
                else:
                    located |= mask_of(cards)
        hands = [0, 0, 0, 0]
        if me is not None:
            hands[me] = mask_of(map(parse_card, view["hand"]))
        restricted_cards: list[tuple[int, int, int]] = []
        for seat in others:
            for card, since in self.returned[seat].items():
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
        if not taken >> self.trump_card & 1:

            def could_hold(slot: Slot) -> bool:
                drew = first_draw[slot.seat] if slot.seat >= 0 else None
                if slot.kind == STOCK:
                    return True
                return drew is not None and (slot.kind == HAND or slot.trick > drew)

            restricted.append(
                (self.trump_card, [i for i, slot in enumerate(slots) if could_hold(slot)])
            )
            taken |= 1 << self.trump_card
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
        self.hands = hands
        self.stock = list(reversed(cards[stock_start:]))

        def moves(items: list[list[Any]]) -> list[tuple[int, KozelMove]]:
            return [(p[0], move_of(p[1], p[2])) for p in items]

        self._finish_load(
            moves(current), [(record, moves(p)) for record, p in finished], view["to_act"]
        )


def _cards(texts: list[str]) -> list[int]:
    return [parse_card(text) for text in texts]


def _open_play(data: Mapping[str, Any]) -> list[Any]:
    """[seat, keyword, cards or None, count, face up] of a play in a view."""
    cards = None if data["cards"] is None else _cards(data["cards"])
    return [data["seat"], data["move"], cards, data["count"], data["face_up"]]
