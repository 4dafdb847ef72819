"""Kozel's observation vectors, updated from the move just made.

A lead, a beat or a discard writes the mover's cards on the trick (face up for all, or as a
count with the cards in the mover's own vector only), the top of the trick, the mover's hand
size and the seats to act. The last answer of a trick moves the trick's face-up cards from
the table to `seen`, the mover's own face-down ones to its discards, and writes the draws
(each tracked seat's own new cards), sizes, stock and tricks won. A takeover, a new deal and
the end of the series write the view fields anew, as `start` does; while a seat holds cards
returned by a takeover, every move writes the `known` field anew (rule 6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from kibitz.core import Game, Move
from kibitz.core.native import mypyc_attr
from kibitz.games.kozel.cards import DECK_SIZE, cards_of, count_of
from kibitz.games.kozel.game import Kozel
from kibitz.games.kozel.moves import Discard, Four, KozelMove, Lead
from kibitz.rl.adapters.base import Trace
from kibitz.rl.adapters.gather import Gather
from kibitz.rl.adapters.kozel import ALL_POINTS, MAX_HAND, KozelAdapter
from kibitz.rl.adapters.tracker import Tracker

if TYPE_CHECKING:
    from kibitz.rl.layout import Rows


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: `Tracker.copy` copies it
class KozelTracker(Tracker):
    """The vectors of some seats of one Kozel game (see the module)."""

    def __init__(
        self, adapter: KozelAdapter, seats: Sequence[int], rows: Rows | None = None
    ) -> None:
        super().__init__(adapter, seats, rows)
        self.kozel = adapter
        at = adapter.observation.start
        p = adapter.players
        bases = self.bases
        rels = [adapter.rel[seat] for seat in self.seats]
        pairs = list(zip(bases, rels, strict=True))

        def per_seat(name: str, width: int = 1) -> list[list[int]]:
            return [[b + at[name] + rel[s] * width for b, rel in pairs] for s in range(p)]

        self.trick_up = per_seat("trick_up", 36)
        self.trick_down, self.top, self.leader = map(per_seat, ("trick_down", "top", "leader"))
        self.hand_sizes, self.to_act = per_seat("hand_sizes"), per_seat("to_act")
        self.trick_count = [b + at["trick_count"] for b in bases]
        self.takeover_open = [b + at["takeover_open"] for b in bases]
        self.seen = [b + at["seen"] for b in bases]
        self.stock = [b + at["stock"] for b in bases]
        self.team_values = [
            (b + at["tricks_won"], b + at["points_seen"], seat & 1)
            for b, seat in zip(bases, self.seats, strict=True)
        ]
        self.ends = [(b + at["losing_points"], b + at["progress"] + 1) for b in bases]
        """Per row: the offsets of the losing points and of the over flag."""
        self.own = {
            seat: (b + at["hand"], b + at["my_trick_down"], b + at["my_discards"])
            for b, seat in zip(bases, self.seats, strict=True)
        }
        """Per tracked seat: the offsets of its hand, own face-down cards of the trick and
        own discards of the deal (card c at + c)."""
        self.known_at = [(b + at["known"], rel) for b, rel in pairs]
        """Per row: the offset of the `known` field and the relative seat table."""
        self._cut_views()
        self.shown = adapter.options["discards"] == "open"
        self.deal = self.tricks = -1
        self.down = [0, 0, 0, 0]
        """Each seat's face-down cards in this trick."""
        self.top_seat = self.leader_seat = -1
        self.hands: list[int] = []
        """Each tracked seat's hand as written."""
        self.points = [0, 0]
        """Card points seen taken face up this deal, per team."""
        self.acting: frozenset[int] = frozenset()
        self.returned = False
        """Whether a seat held cards returned by a takeover when last written."""

    def _cut_views(self) -> None:
        at = self.adapter.observation.start
        self.blank_known = self.blank_view[at["known"] : at["known"] + 4 * DECK_SIZE]
        """The `known` field blank (all 0), copied over a row's at once."""

    def gather_seat(self, game: Game[Any], seat: int, base: int, into: Gather) -> None:
        gather_view(self.kozel, cast(Kozel, game), seat, base, into)

    def _memories(self, game: Game[Any], given: Mapping[int, Trace] | None) -> list[Trace]:
        return []  # Kozel's memory has no vector (`KozelTrace`), and this tracker keeps none

    def _start(self, game: Game[Any], memories: list[Trace]) -> None:
        assert isinstance(game, Kozel)
        self.rewrite_view(game)
        self.deal, self.tricks = game.deal_no, len(game.tricks)
        self.down = [0, 0, 0, 0]
        for s, move in game.plays:
            if type(move) is Discard and not self.shown:
                self.down[s] += move.count
        self.top_seat = game.top_seat if game.plays else -1
        self.leader_seat = game.leader
        self.hands = [game.hands[seat] for seat in self.seats]
        self.points = list(finished(self.kozel, game).points)
        self.acting = game.to_act()
        self.returned = returned(game)

    def _copy_state(self) -> None:
        self.hands, self.down, self.points = list(self.hands), list(self.down), list(self.points)

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        assert isinstance(game, Kozel) and isinstance(move, KozelMove)
        if type(move) is Four or game.deal_no != self.deal:
            self._start(game, [])
            return
        mv = self.mv
        box, one, zero = self.box, self.one, self.zero
        if len(game.tricks) == self.tricks:
            self._play(game, mover, move)
        else:
            self._trick(game)
            if game.is_over():  # the last trick ended the series: its losing points
                limit = self.kozel.series_limit
                for (_, _, mine), (losing, over) in zip(self.team_values, self.ends, strict=True):
                    mv[box[losing]] = game.losing[mine] / limit
                    mv[box[losing + 1]] = game.losing[1 - mine] / limit
                    mv[box[over]] = one
        if self.returned or returned(game):
            self._known(game)
        acting = game.to_act()
        if acting != self.acting:
            for s in self.acting:
                self.fill(mv, self.to_act[s], zero)
            for s in acting:
                self.fill(mv, self.to_act[s], one)
            self.acting = acting

    def _known(self, game: Kozel) -> None:
        """Write the `known` field of every row anew: the cards a takeover sent back to a
        hand face up (rule 6), known until played or until their holder has put cards face
        down since (`known_cards`, as `gather_view`). Written whole while any seat
        holds such cards, and once more when the last is gone."""
        mv, box, one, blank = self.mv, self.box, self.one, self.blank_known
        width = len(blank)
        for base, _ in self.known_at:
            mv[base : base + width] = blank
        self.returned = returned(game)
        if not self.returned:
            return
        last_down: list[int] | None = None
        if not self.shown:  # each seat's last trick with cards of its put face down
            done: list[int] = finished(self.kozel, game).last_down
            number, down = game.trick_no, self.down
            last_down = [max(done[s], number if down[s] else 0) for s in range(4)]
        ones: list[int] = []
        for base, rel in self.known_at:
            known_cards(game, base, rel, last_down, ones)
        for offset in ones:
            mv[box[offset]] = one

    def _play(self, game: Kozel, mover: int, move: KozelMove) -> None:
        """A lead, beat or discard that leaves the trick open."""
        mv, cards, fill = self.mv, move.cards, self.fill
        one, zero = self.one, self.zero
        public = type(move) is not Discard or self.shown
        own = self.own.get(mover)
        if own is not None:
            self.hands[self.index[mover]] = game.hands[mover]
            hand, mine, discards = own
            self.fill_shifted(mv, cards, hand, zero)
            if not public:
                self.fill_shifted(mv, cards, mine, one)
                self.fill_shifted(mv, cards, discards, one)
        if public:
            self.fill_grid(mv, self.trick_up[mover], cards, one)
        else:
            self.down[mover] += move.count
            fill(mv, self.trick_down[mover], self.down[mover] / 4)
        if type(move) is not Discard:
            if self.top_seat >= 0:
                fill(mv, self.top[self.top_seat], zero)
            self.top_seat = mover
            fill(mv, self.top[mover], one)
            fill(mv, self.trick_count, count_of(game.top_mask) / 4)
        if type(move) is Lead and not game.takeover_open:
            fill(mv, self.takeover_open, zero)
        fill(mv, self.hand_sizes[mover], count_of(game.hands[mover]) / MAX_HAND)

    def _trick(self, game: Kozel) -> None:
        """The trick just ended (and a new one begins): its cards leave the table."""
        mv, shown, fill, fill_grid = self.mv, self.shown, self.fill, self.fill_grid
        box, one, zero = self.box, self.one, self.zero
        trick = game.tricks[-1]
        self.tricks = len(game.tricks)
        team = trick.winner & 1
        for s, move in trick.plays:
            if type(move) is not Discard or shown:
                self.points[team] += move.points
                fill_grid(mv, self.trick_up[s], move.cards, zero)
                fill_grid(mv, self.seen, move.cards, one)
            else:
                own = self.own.get(s)
                if own is not None:
                    self.fill_shifted(mv, move.cards, own[1], zero)
                    self.fill_shifted(mv, move.cards, own[2], one)
        for s, count in enumerate(self.down):
            if count:
                fill(mv, self.trick_down[s], zero)
        self.down = [0, 0, 0, 0]
        fill(mv, self.top[self.top_seat], zero)
        self.top_seat = -1
        fill(mv, self.trick_count, zero)
        fill(mv, self.takeover_open, one)
        fill(mv, self.leader[self.leader_seat], zero)
        self.leader_seat = game.leader
        fill(mv, self.leader[game.leader], one)
        for i, seat in enumerate(self.seats):  # the last card played, the cards drawn
            hand, before = game.hands[seat], self.hands[i]
            offset = self.own[seat][0] - 1  # card c is bit c: at offset + (bit length)
            gone, drawn = before & ~hand, hand & ~before
            while gone:
                low = gone & -gone
                mv[box[offset + low.bit_length()]] = zero
                gone ^= low
            while drawn:
                low = drawn & -drawn
                mv[box[offset + low.bit_length()]] = one
                drawn ^= low
            self.hands[i] = hand
        for s, hand in enumerate(game.hands):
            fill(mv, self.hand_sizes[s], count_of(hand) / MAX_HAND)
        fill(mv, self.stock, len(game.stock) / 20)
        won, points = game.tricks_won, self.points
        for tricks_at, points_at, mine in self.team_values:
            mv[box[tricks_at]] = won[mine] / 9
            mv[box[tricks_at + 1]] = won[1 - mine] / 9
            mv[box[points_at]] = points[mine] / ALL_POINTS
            mv[box[points_at + 1]] = points[1 - mine] / ALL_POINTS


def returned(game: Kozel) -> bool:
    """Whether a seat holds cards returned by a takeover (a generator, which mypyc compiles
    into a loop, not `any` of the list, which iterates through the interpreter's protocol)."""
    return any(cards for cards in game.returned)


def known_cards(
    game: Kozel, known: int, rel: list[int], last_down: list[int] | None, ones: list[int]
) -> None:
    """Append the 1s of the `known` field at offset `known` (seat blocks by `rel`): the
    cards a takeover sent back face up to each seat's hand (rule 6), known until played or,
    with hidden discards, until the seat has put cards face down in a later trick
    (`last_down`: each seat's last trick with a face-down play; None with open discards)."""
    for s in range(4):
        returned = game.returned[s]
        if returned:
            k, last = known + rel[s] * DECK_SIZE, 0 if last_down is None else last_down[s]
            for card, since in returned.items():
                if since > last:
                    ones.append(k + card)


_CACHED_GAMES: Final = 8
"""Games whose finished tricks `finished` follows at once, the oldest dropped first. A few:
a tracker asks twice in a row when it starts, and a deal's finished tricks are read again in
a few microseconds. It held 1024 games once, more than any vector of them, but the games it
kept alive (and freed a thousand at a time) cost a vector of 256 Kozel games a seventh of
its speed."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: so that pickle can make it
class Finished:
    """What everyone saw in a deal's finished tricks, and each seat's own face-down cards."""

    def __init__(self, deal: int) -> None:
        self.deal = deal
        self.tricks = 0
        """The finished tricks read so far."""
        self.seen: list[int] = []
        """The cards shown face up."""
        self.points = [0, 0]
        """Card points shown face up, per team that took them."""
        self.last_down = [0, 0, 0, 0]
        """Per seat: the last trick in which it put cards face down (0: none)."""
        self.discards = [0, 0, 0, 0]
        """Per seat: the mask of its face-down cards (only its own view shows them)."""


def finished(adapter: KozelAdapter, game: Kozel) -> Finished:
    """What the deal's finished tricks show, followed trick by trick as they end (kept in
    `adapter.finished_tricks`). Compiled: a new game's tracker asks five times, where the
    interpreter took a third of its `start`."""
    shown = game.options.discards == "open"
    cache = adapter.finished_tricks
    cached = cache.get(id(game))
    found: Finished | None = None
    if cached is not None and cached[0] is game:
        found = cached[1]
    tricks = game.tricks
    if found is None or found.deal != game.deal_no or found.tricks > len(tricks):
        if len(cache) >= _CACHED_GAMES:
            del cache[next(iter(cache))]
        found = Finished(game.deal_no)
        cache[id(game)] = (game, found)
    for k in range(found.tricks, len(tricks)):
        trick = tricks[k]
        team = trick.winner & 1
        for s, move in trick.plays:
            if move.face_up or shown:
                found.seen += move.cards
                found.points[team] += move.points
            else:
                found.last_down[s] = trick.number
                found.discards[s] |= move.mask
    found.tricks = len(tricks)
    return found


def gather_view(adapter: KozelAdapter, game: Kozel, seat: int, base: int, into: Gather) -> None:
    """`KozelAdapter.gather`: what `views.view_data` shows `seat` (the trump, the trick on
    the table with another seat's face-down cards only as a count, this deal's finished
    tricks' face-up cards, the cards known back in hands, sizes, scores; and the seat's own
    hand and own face-down cards). Compiled here, beside the trackers: every new game's
    tracker `start` gathers it, where the interpreter took about as long as dealing the
    game."""
    at = adapter.observation.start
    d, me = DECK_SIZE, seat
    rel: list[int] = adapter.rel[me]
    ones, spots, values = into.ones, into.spots, into.values
    b = base + at["hand"]
    for card in cards_of(game.hands[me]):
        ones.append(b + card)
    ones.append(base + at["trump_card"] + game.trump_card)
    ones.append(base + at["trump_suit"] + game.trump)
    shown = game.options.discards == "open"
    up, own_down = base + at["trick_up"], base + at["my_trick_down"]
    down = [0, 0, 0, 0]
    last_down = [0, 0, 0, 0]  # the last trick in which each seat put cards face down
    discards = 0
    number = game.trick_no
    for s, move in game.plays:
        if type(move) is not Discard or shown:
            k = up + rel[s] * d
            for card in move.cards:
                ones.append(k + card)
        else:
            down[s] += move.count
            last_down[s] = number
            if s == me:
                discards |= move.mask
                for card in move.cards:
                    ones.append(own_down + card)
    b = base + at["trick_down"]
    for s in range(4):
        if down[s]:
            spots.append(b + rel[s])
            values.append(down[s] / 4)
    if game.plays:
        ones.append(base + at["top"] + rel[game.top_seat])
        spots.append(base + at["trick_count"])
        values.append(count_of(game.top_mask) / 4)
    ones.append(base + at["leader"] + rel[game.leader])
    if game.takeover_open:
        ones.append(base + at["takeover_open"])
    done = finished(adapter, game)
    b = base + at["seen"]
    for card in done.seen:
        ones.append(b + card)
    points: list[int] = done.points
    done_down: list[int] = done.last_down
    for s in range(4):
        last_down[s] = max(last_down[s], done_down[s])
    discards |= done.discards[me]
    b = base + at["my_discards"]
    for card in cards_of(discards):
        ones.append(b + card)
    known_cards(game, base + at["known"], rel, None if shown else last_down, ones)
    sizes, to_act = base + at["hand_sizes"], base + at["to_act"]
    for s in range(4):
        spots.append(sizes + rel[s])
        values.append(count_of(game.hands[s]) / MAX_HAND)
    for s in game.to_act():
        ones.append(to_act + rel[s])
    mine = me & 1
    won, seen_points, losing = (
        base + at["tricks_won"],
        base + at["points_seen"],
        base + at["losing_points"],
    )
    limit: int = adapter.series_limit
    spots.extend((base + at["stock"], won, won + 1, seen_points, seen_points + 1))
    spots.extend((losing, losing + 1, base + at["progress"]))
    values.extend(
        (
            len(game.stock) / 20,
            game.tricks_won[mine] / 9,
            game.tricks_won[1 - mine] / 9,
            points[mine] / ALL_POINTS,
            points[1 - mine] / ALL_POINTS,
        )
    )
    values.extend((game.losing[mine] / limit, game.losing[1 - mine] / limit, game.deal_no / 10))
    if game.is_over():
        ones.append(base + at["progress"] + 1)
