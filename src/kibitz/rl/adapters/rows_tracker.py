"""X bere!'s and 6 nimmt!'s observation vectors, updated from the move just made.

A choice face down changes a few values (the chooser's hand size, its chosen flag, its own
hand and choice). The last choice of a turn reveals the cards: they are written as revealed
(and into the `played` memory, and out of `unseen`), then the engine's public events of the
turn (`game.events`, which the views show: a card placed on a row, a row taken, an X card
chosen) are replayed onto the vectors, each exactly once. A new round or the end of the
game writes the view fields anew, as `start` does.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from kibitz.core import Game, Move
from kibitz.core.native import mypyc_attr
from kibitz.games.nimmt.game import RowGame
from kibitz.games.nimmt.moves import Play
from kibitz.rl.adapters.base import Trace
from kibitz.rl.adapters.gather import Gather
from kibitz.rl.adapters.tracker import Tracker

if TYPE_CHECKING:
    from kibitz.rl.adapters.rows import RowAdapter
    from kibitz.rl.layout import Rows


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: `Tracker.copy` copies it
class RowTracker(Tracker):
    """The vectors of some seats of one X bere! or 6 nimmt! game (see the module). Offsets
    are worked out once: for a field of one value per seat, `per_seat[s]` lists the offset
    of seat s's value in every tracked row; for a card field, card c of seat s's block is at
    `offset + c` for each offset of `cards[s]` (or of the field's list for a field without
    seat blocks)."""

    def __init__(self, adapter: RowAdapter, seats: Sequence[int], rows: Rows | None = None) -> None:
        super().__init__(adapter, seats, rows)
        self.row_adapter = adapter
        rules = adapter.rules
        d = self.deck = adapter.deck
        p = self.players = adapter.players
        self.hand_size = rules.hand_size
        self.limits = list(rules.row_limits)
        self.x_rows = adapter.x_rows
        self.score_scale = adapter.score_scale
        self.pile_value = adapter.pile_value
        at = adapter.observation.start
        rels = [adapter.rel[seat] for seat in self.seats]
        bases = self.bases
        pairs = list(zip(bases, rels, strict=True))

        def per_seat(name: str) -> list[list[int]]:
            return [[b + at[name] + rel[s] for b, rel in pairs] for s in range(p)]

        def cards(start: int) -> list[list[int]]:
            return [[b + start - 1 + rel[s] * d for b, rel in pairs] for s in range(p)]

        def field(name: str) -> list[int]:
            return [b + at[name] - 1 for b in bases]

        self.hand_sizes, self.chosen, self.to_act = map(
            per_seat, ("hand_sizes", "chosen", "to_act")
        )
        self.x_row_last = per_seat("x_row_last") if self.x_rows else []
        self.scores, self.round_totals = per_seat("scores"), per_seat("round_totals")
        self.over_at = [b + at["over"] for b in bases]
        self.revealed, self.known, self.piles = (
            cards(at[name]) for name in ("revealed", "known", "piles")
        )
        self.x_row_cards = cards(at["x_rows"]) if self.x_rows else []
        self.played = cards(self.view_size)
        self.all_chosen = [offset for offsets in self.chosen for offset in offsets]
        self.unseen, self.rows_at = field("unseen"), field("rows")
        self.row_last = [b + at["row_last"] for b in bases]
        self.row_fill = [b + at["row_fill"] for b in bases]
        self.turn_at = [b + at["progress"] + 1 for b in bases]
        self.hand_at, self.choice_at = [-1] * p, [-1] * p
        """Per seat: the offset of its hand and its choice fields (card c at + c - 1) when it
        is tracked, else -1."""
        for seat, b in zip(self.seats, bases, strict=True):
            self.hand_at[seat], self.choice_at[seat] = b + at["hand"], b + at["choice"]
        self.fractions: list[Any] = [k / self.hand_size for k in range(d + 1)]
        """A hand of k cards' value, k / hand size, as a float object (k up to the deck)."""
        self.unseen_elsewhere = [
            [offset for offset, seat in zip(self.unseen, self.seats, strict=True) if seat != s]
            for s in range(p)
        ]
        """Per seat: the `unseen` fields its card revealed clears (not its own row's: its
        hand's cards are seen there)."""
        self.known_cards: list[set[int]] = [set() for _ in range(p)]
        """Per seat: the cards written as known in its hand (taken back from an X row)."""
        self.marked = 0
        """The turn's revealed cards from this one on (in queue order) are written as
        revealed: the reveal leaves out those placed by the same move."""
        self.placements = 0
        """The turn's cards placed so far (a placement or a take: one per queue card, in
        queue order)."""
        self.pending_at = [
            (
                b + at["pending"],
                [b + at["pending_seat"] + k for k in rel],
                b + at["pending_card"] - 1,
                b + at["pending_cards"] - 1,
            )
            for b, rel in pairs
        ]
        self.queue: list[tuple[int, int]] = []
        self.events: list[Any] = []
        self.done = 0
        """The events of `events` written so far."""
        self.round = -1
        self.x_row_now: list[list[int]] = []
        """Each seat's X row as written."""
        self.scoring = 0
        """Counts the moves that may have changed the scores (nothing else changes them)."""
        self.scores_at: tuple[int, list[float] | None] = (-1, None)
        """(`scoring`, the public scores then)."""
        self.totals: tuple[int, Sequence[float]] = (-1, ())
        """(round, the totals of the rounds finished before it): asked of the engine once
        a round (`stage_scores` sums every round's scores)."""
        # What `_flush_row` last wrote in each row:
        n = len(self.seats)
        self.pending: list[Any] = [None] * n
        self.pending_ones: list[list[int]] = [[] for _ in range(n)]
        """The offsets set to 1 for the pending decision written."""
        self.acting: list[frozenset[int]] = [frozenset()] * n
        self.turn = [-1] * n
        self.scored = [0] * n

    def gather_seat(self, game: Game[Any], seat: int, base: int, into: Gather) -> None:
        gather_view(self.row_adapter, cast(RowGame, game), seat, base, into)

    def _memories(self, game: Game[Any], given: Mapping[int, Trace] | None) -> list[Trace]:
        # A fresh memory holds no card (`RowTrace.start` starts the round's plays anew), and
        # this tracker writes the memory itself: only given memories are gathered.
        return [] if given is None else super()._memories(game, given)

    def _start(self, game: Game[Any], memories: list[Trace]) -> None:
        game = cast(RowGame, game)  # not isinstance: through ABCMeta, it costs a move's time
        self.rewrite_view(game)
        self.queue, self.events, self.done = game.queue, game.events, len(game.events)
        self.round = game.round
        n = len(self.seats)
        self.pending = [game.pending] * n
        self.pending_ones = [self._pending_ones(game, i) for i in range(n)]
        self.acting, self.turn = [game.to_act()] * n, [game.turn] * n
        self.scored = [self.scoring] * n
        self.flushed = [self.changes] * n
        self.x_row_now = [list(cards) for cards in game.x_rows]
        self.known_cards = [set(cards) for cards in game.known]
        self.marked = self.placements = game.placed
        self.totals = (-1, ())

    def _copy_state(self) -> None:
        self.x_row_now = [list(cards) for cards in self.x_row_now]
        self.known_cards = [set(cards) for cards in self.known_cards]
        self.pending, self.pending_ones = list(self.pending), list(self.pending_ones)
        self.acting, self.turn, self.scored = list(self.acting), list(self.turn), list(self.scored)

    def rebind(self, game: Game[Any]) -> None:
        game = cast(RowGame, game)  # not isinstance: through ABCMeta, it costs a move's time
        self.queue, self.events = game.queue, game.events

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        game = cast(RowGame, game)  # not isinstance: through ABCMeta, it costs a move's time
        if game.round != self.round:  # a new round is dealt; memories start anew
            self.clear_memory()
            self._start(game, [])
            return
        mv = self.mv
        box, one, zero = self.box, self.one, self.zero
        revealed = game.queue is not self.queue
        if type(move) is Play:
            card = move.number
            hand = self.hand_at[mover]
            if hand >= 0:
                mv[box[hand + card - 1]] = zero
                mv[box[self.choice_at[mover] + card - 1]] = zero if revealed else one
            self.fill(mv, self.hand_sizes[mover], self.fractions[len(game.hands[mover])])
            if not revealed:  # chosen face down: no score changes (the card still counts)
                self.fill(mv, self.chosen[mover], one)
                self.changes += 1  # the seats to act
                return
            self._reveal(game)
        if self._replay_events(game) or revealed:
            self.scoring += 1
        self.changes += 1
        if game.is_over():
            self.flush(game)
            self._over(game)

    def _flush_row(self, game: Game[Any], i: int) -> None:
        """The scores (when a move may have changed them), the pending decision, the seats
        to act and the turn of row `i`, where they changed: they follow from the position."""
        game = cast(RowGame, game)  # not isinstance: through ABCMeta, it costs a move's time
        mv = self.mv
        box, one, zero = self.box, self.one, self.zero
        if self.scored[i] != self.scoring:
            self.scored[i] = self.scoring
            if self.scores_at[0] != self.scoring:  # asked once for every row
                if self.totals[0] != game.round:
                    self.totals = (game.round, game.stage_scores())
                scores = public_scores(game, self.x_rows, self.pile_value, self.totals[1])
                self.scores_at = (self.scoring, scores)
            scores = self.scores_at[1]
            if scores is not None:
                scale = self.score_scale
                for s, score in enumerate(scores):
                    mv[box[self.scores[s][i]]] = score / scale
        if game.pending is not self.pending[i]:
            self.pending[i] = game.pending
            for offset in self.pending_ones[i]:
                mv[box[offset]] = zero
            ones = self.pending_ones[i] = self._pending_ones(game, i)
            for offset in ones:
                mv[box[offset]] = one
        acting = game.to_act()
        if acting != self.acting[i]:
            for s in acting ^ self.acting[i]:
                mv[box[self.to_act[s][i]]] = one if s in acting else zero
            self.acting[i] = acting
        if game.turn != self.turn[i]:
            self.turn[i] = game.turn
            mv[box[self.turn_at[i]]] = (game.turn + 1) / self.hand_size

    def _reveal(self, game: RowGame) -> None:
        """The turn's choices are revealed: clear every choice and chosen flag; each card is
        played (memory), seen (not `unseen`), no longer known in its hand, and revealed
        unless this move placed it already (then it would be written twice for nothing)."""
        mv, fill_shifted = self.mv, self.fill_shifted
        box, one, zero = self.box, self.one, self.zero
        queue = self.queue = game.queue
        self.events, self.done = game.events, 0
        self.marked, self.placements = game.placed, 0
        self.fill(mv, self.all_chosen, zero)
        revealed, played, unseen = self.revealed, self.played, self.unseen_elsewhere
        for k in range(len(queue)):
            card, s = queue[k]
            if k >= self.marked:
                fill_shifted(mv, revealed[s], card, one)
            fill_shifted(mv, played[s], card, one)
            fill_shifted(mv, unseen[s], card, zero)
            choice = self.choice_at[s]
            if choice >= 0:
                mv[box[choice + card - 1]] = zero
            known = self.known_cards[s]
            if card in known:
                known.discard(card)
                fill_shifted(mv, self.known[s], card, zero)

    def _replay_events(self, game: RowGame) -> bool:
        """Write the turn's events not written yet (cards placed, rows taken, X cards);
        True when one may have changed the scores (a take in 6 nimmt!, an X card). A
        placement may be a dict like the others or a (seat, card, row) tuple (the engine
        may keep its most frequent event small; the views write dicts)."""
        events = game.events
        if events is not self.events:
            self.events, self.done = events, 0
        if self.done == len(events):
            return False
        mv, d, rows_at, revealed = self.mv, self.deck, self.rows_at, self.revealed
        fill_shifted, one, zero = self.fill_shifted, self.one, self.zero
        scored = False
        touched: list[int] = []
        event: Any
        # By index, with the fields cast to int: a slice of the list and untyped arithmetic
        # cost more than the writes (this runs at every reveal).
        for k in range(self.done, len(events)):
            event = events[k]
            if type(event) is tuple:  # a placement kept small: (seat, card, row)
                kind = "place"
                seat, card, row = cast(tuple[int, int, int], event)
            else:  # a dict, as the views write every event
                kind = cast(str, event["type"])
                seat, card = cast(int, event["seat"]), cast(int, event["card"])
                if kind == "x":
                    self._x_card(game, seat, card, event["packed"], event["back"])
                    scored = True
                    continue
                row = cast(int, event["row"])
            r = row - 1
            if r not in touched:
                touched.append(r)
            first = r * d
            if kind == "take":
                taken = cast(Sequence[int], event["cards"])
                for c in taken:
                    fill_shifted(mv, rows_at, first + c, zero)
                if not self.x_rows:  # 6 nimmt!: the taken cards go to the pile
                    scored = True
                    self.fill_grid(mv, self.piles[seat], taken, one)
            fill_shifted(mv, rows_at, first + card, one)
            if self.placements >= self.marked:  # written as revealed
                fill_shifted(mv, revealed[seat], card, zero)
            self.placements += 1
        self.done = len(events)
        for r in touched:
            cards = game.rows[r]
            fill_shifted(mv, self.row_last, r, cards[-1] / d)
            fill_shifted(mv, self.row_fill, r, len(cards) / self.limits[r])
        return scored

    def _x_card(self, game: RowGame, seat: int, card: int, packed: bool, back: list[int]) -> None:
        """`seat` laid X card `card` on its X row (a lower card packs the row onto the pile
        first); the other taken cards went back to its hand, known to all."""
        mv, fill_grid = self.mv, self.fill_grid
        one, zero = self.one, self.zero
        x_row = self.x_row_now[seat]
        if packed:
            fill_grid(mv, self.x_row_cards[seat], x_row, zero)
            fill_grid(mv, self.piles[seat], x_row, one)
            x_row.clear()
        x_row.append(card)
        self.fill_shifted(mv, self.x_row_cards[seat], card, one)
        fill_grid(mv, self.known[seat], back, one)
        self.known_cards[seat].update(back)
        self.fill(mv, self.x_row_last[seat], card / self.deck)
        self.fill(mv, self.hand_sizes[seat], self.fractions[len(game.hands[seat])])
        hand = self.hand_at[seat]
        if hand >= 0:
            self.fill_shifted(mv, back, hand - 1, one)

    def _over(self, game: RowGame) -> None:
        """The game ended with this move: the over flag, the final round's totals and
        scores (public now whatever the scoring)."""
        mv, scale = self.mv, self.score_scale
        box, one = self.box, self.one
        for offset in self.over_at:
            mv[box[offset]] = one
        totals = game.stage_scores()
        for s, total in enumerate(totals):
            for offset in self.round_totals[s]:
                mv[box[offset]] = total / scale
        scores = public_scores(game, self.x_rows, self.pile_value)
        assert scores is not None  # public once the game is over
        for s, score in enumerate(scores):
            for offset in self.scores[s]:
                mv[box[offset]] = score / scale

    def _pending_ones(self, game: RowGame, i: int) -> list[int]:
        """The offsets of the 1s of the pending decision in row `i` (none without one)."""
        if game.pending is None:
            return []
        decision, seat, cards = game.pending
        queue, placed = game.queue, game.placed
        take = decision == "take"
        card = queue[placed][0] if take else queue[placed - 1][0]
        kind, seats, card_at, cards_at = self.pending_at[i]
        return [kind + (0 if take else 1), seats[seat], card_at + card] + [
            cards_at + c for c in cards
        ]


def public_scores(
    game: RowGame,
    x_rows: bool,
    pile_value: list[int] | None,
    totals: Sequence[float] | None = None,
) -> list[float] | None:
    """`game.public_scores()` (the finished rounds' totals plus this round's penalties:
    hand cards and a face-down choice count 1 each in X bere!, pile cards 2 in X bere!,
    their bullheads in 6 nimmt!), summed from `pile_value` (each card's penalty, None when
    every card counts 1): the engine's generators took a few engine moves' time, once per
    turn and row read (tests/rl/test_trackers.py checks both agree). `totals` is
    `game.stage_scores()` when the caller has it."""
    if game.is_over():
        return game.public_scores()
    if totals is None:
        totals = game.stage_scores()
    if x_rows and pile_value is not None:  # X bere! with bullheads: hidden hand cards count
        return None
    # By index over the typed lists: a zip of four sequences runs through the interpreter's
    # generic iteration, about 1 µs for four seats, once a turn.
    hands, chosen, piles = game.hands, game.chosen, game.piles
    scores: list[float] = []
    for s in range(len(piles)):
        total: float = totals[s]
        pile = piles[s]
        if x_rows:
            total += len(hands[s]) + (chosen[s] is not None) + 2 * len(pile)
        elif pile_value is None:
            total += len(pile)
        else:
            for card in pile:
                total += pile_value[card]
        scores.append(total)
    return scores


def gather_view(adapter: RowAdapter, game: RowGame, seat: int, base: int, into: Gather) -> None:
    """`RowAdapter.gather`: what `views.view_data` shows `seat` (the table: rows, hand sizes,
    chosen flags, known cards, X rows, piles, revealed cards, the pending decision, public
    scores; and the seat's own hand and choice), card c at offset c - 1 of its field.
    Compiled here, beside the trackers: every new game's tracker `start` gathers it, where
    the interpreter took about as long as dealing the game."""
    at = adapter.observation.start
    d: int = adapter.deck
    rel: list[int] = adapter.rel[seat]
    ones, spots, values = into.ones, into.spots, into.values
    seen: list[int] = []  # the cards the observer can place: 0 in `unseen`
    hand = game.hands[seat]
    b = base + at["hand"] - 1
    for card in hand:
        ones.append(b + card)
    seen.extend(hand)
    choice = game.chosen[seat]
    if choice is not None:
        ones.append(base + at["choice"] - 1 + choice)
        seen.append(choice)
    rows, last, fill = base + at["rows"] - 1, base + at["row_last"], base + at["row_fill"]
    limits: list[int] = adapter.limits
    for r in range(len(game.rows)):
        row = game.rows[r]
        b = rows + r * d
        for card in row:
            ones.append(b + card)
        seen.extend(row)
        spots.append(last + r)
        spots.append(fill + r)
        values.append(row[-1] / d)
        values.append(len(row) / limits[r])
    hand_size: int = adapter.rules.hand_size
    b = base + at["hand_sizes"]
    for s in range(len(rel)):
        spots.append(b + rel[s])
        values.append(len(game.hands[s]) / hand_size)
    b = base + at["chosen"]
    for s in range(len(rel)):
        if game.chosen[s] is not None:
            ones.append(b + rel[s])
    b = base + at["to_act"]
    for s in game.to_act():
        ones.append(b + rel[s])
    _seat_cards(game.known, base + at["known"], rel, d, ones=ones, seen=seen)
    if adapter.x_rows:
        _seat_cards(game.x_rows, base + at["x_rows"], rel, d, ones=ones, seen=seen)
        x_last = base + at["x_row_last"]
        for s in range(len(rel)):
            cards = game.x_rows[s]
            if cards:
                spots.append(x_last + rel[s])
                values.append(cards[-1] / d)
    _seat_cards(game.piles, base + at["piles"], rel, d, ones=ones, seen=seen)
    queue, placed = game.queue, game.placed
    if placed < len(queue):
        revealed = base + at["revealed"] - 1
        for k in range(placed, len(queue)):
            card, s = queue[k]
            ones.append(revealed + rel[s] * d + card)
            seen.append(card)
    pending = game.pending
    if pending is not None:
        decision, s, taken = pending
        card = queue[placed][0] if decision == "take" else queue[placed - 1][0]
        ones.append(base + at["pending"] + (0 if decision == "take" else 1))
        ones.append(base + at["pending_seat"] + rel[s])
        ones.append(base + at["pending_card"] - 1 + card)
        seen.append(card)
        b = base + at["pending_cards"] - 1
        for c in taken:
            ones.append(b + c)
        seen.extend(taken)
    b = base + at["unseen"] - 1
    zeros = into.zeros
    for card in seen:
        zeros.append(b + card)
    if game.is_over():
        ones.append(base + at["over"])
    scale: float = adapter.score_scale
    scores = adapter.public_scores(game)
    if scores is not None:
        b = base + at["scores"]
        for s in range(len(scores)):
            spots.append(b + rel[s])
            values.append(scores[s] / scale)
    if game.round_scores:
        b = base + at["round_totals"]
        for s in range(len(rel)):
            total = 0.0
            for scores_of_round in game.round_scores:
                total += scores_of_round[s]
            spots.append(b + rel[s])
            values.append(total / scale)
    b = base + at["progress"]
    spots.append(b)
    spots.append(b + 1)
    values.append((game.round + 1) / (adapter.rules.rounds or 10))
    values.append((game.turn + 1) / hand_size)


def _seat_cards(
    groups: Sequence[Collection[int]],
    start: int,
    rel: list[int],
    d: int,
    *,
    ones: list[int],
    seen: list[int],
) -> None:
    """Each seat's cards of `groups` as 1s of a field of seat blocks at `start` (card c at
    c - 1 of the seat's block), and as seen."""
    for s in range(len(rel)):
        cards = groups[s]
        if cards:
            b = start - 1 + rel[s] * d
            for card in cards:
                ones.append(b + card)
            seen.extend(cards)
