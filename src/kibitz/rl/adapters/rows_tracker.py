"""X bere!'s and 6 nimmt!'s observation vectors, updated from the move just made.

A choice face down changes a few values (the chooser's hand size, its chosen flag, its own
hand and choice). The last choice of a turn reveals the cards: they are written as revealed
(and into the `played` memory, and out of `unseen`), then the engine's public events of the
turn (`game.events`, which the views show: a card placed on a row, a row taken, an X card
chosen) are replayed onto the vectors one by one, each exactly once. A new round or the end
of the game writes the view fields anew, as `start` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kibitz.core import Game, Move
from kibitz.games.nimmt.game import RowGame
from kibitz.games.nimmt.moves import Play
from kibitz.rl.adapters.rows import RowAdapter
from kibitz.rl.adapters.tracker import Rows, Tracker


class RowTracker(Tracker):
    """The vectors of some seats of one X bere! or 6 nimmt! game (see the module)."""

    def __init__(self, adapter: RowAdapter, seats: Sequence[int], rows: Rows | None = None) -> None:
        super().__init__(adapter, seats, rows)
        rules = adapter.rules
        self.deck, self.players = adapter.deck, adapter.players
        self.hand_size = rules.hand_size
        self.limits = list(rules.row_limits)
        self.x_rows = adapter.x_rows
        self.score_scale = adapter.score_scale
        # Card c of a card field is at (field offset - 1 + c): the offsets below are so.
        at = adapter.observation.start
        self.at = {name: start - 1 for name, start in at.items()}
        self.played = self.view_size - 1
        p = self.players
        self.observers = [
            (base, [(s - seat) % p for s in range(p)], seat)
            for base, seat in zip(self.bases, self.seats, strict=True)
        ]
        """(row offset, relative block of each seat, seat) of each tracked seat."""
        self.own = dict(zip(self.seats, self.bases, strict=True))
        """The row offset of each tracked seat, for its own cards."""

        def per_seat(name: str) -> list[list[int]]:
            """For each seat s: the offset of s's value of field `name` in every row."""
            return [[b + at[name] + rel[s] for b, rel, _ in self.observers] for s in range(p)]

        self.hand_sizes = per_seat("hand_sizes")
        self.chosen = per_seat("chosen")
        self.to_act = per_seat("to_act")
        self.x_row_last = per_seat("x_row_last") if self.x_rows else []
        self.scores = per_seat("scores")
        self.progress = at["progress"] + 1  # the turn's value
        self.pending_ones: list[int] = []
        """The offsets set to 1 for the pending decision now written."""
        self._sync_nothing()

    def _sync_nothing(self) -> None:
        self.queue: list[tuple[int, int]] = []
        self.events: list[dict[str, Any]] = []
        self.done = 0
        self.pending: Any = None
        self.acting: frozenset[int] = frozenset()
        self.turn = self.round = -1

    def _start(self, game: Game[Any]) -> None:
        self.rewrite_view(game)
        self._sync(game)

    def _sync(self, game: Game[Any]) -> None:
        """Note what the view fields now show, as written by `rewrite_view`."""
        assert isinstance(game, RowGame)
        self.queue, self.events, self.done = game.queue, game.events, len(game.events)
        self.pending, self.acting = game.pending, game.to_act()
        self.turn, self.round = game.turn, game.round
        self.pending_ones = self._pending_ones(game) if game.pending is not None else []

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        assert isinstance(game, RowGame)
        mv, at = self.mv, self.at
        if game.round != self.round:  # a new round is dealt; memories start anew
            self.rows[:, self.view_size :] = 0.0
            self._start(game)
            return
        revealed = game.queue is not self.queue
        if type(move) is Play:
            card = move.number
            own = self.own.get(mover)
            if own is not None:
                mv[own + at["hand"] + card] = 0.0
                mv[own + at["choice"] + card] = 0.0 if revealed else 1.0
            size = len(game.hands[mover]) / self.hand_size
            for offset in self.hand_sizes[mover]:
                mv[offset] = size
            if not revealed:  # chosen face down: no score changes (the card still counts)
                for offset in self.chosen[mover]:
                    mv[offset] = 1.0
                for offset in self.to_act[mover]:
                    mv[offset] = 0.0
                self.acting = game.to_act()
                return
        if revealed:
            self._reveal(game)
        if game.is_over():
            self.rewrite_view(game)
            self._sync(game)
            return
        if self._replay_events(game) or revealed:
            self._write_scores(game)
        self._rest(game)

    def _reveal(self, game: RowGame) -> None:
        """The turn's choices are revealed: clear every choice and chosen flag; each card is
        revealed, seen (not `unseen`), played (memory), no longer only known in its hand."""
        mv, d, at = self.mv, self.deck, self.at
        queue = self.queue = game.queue
        self.events, self.done = game.events, 0
        revealed, played, known = at["revealed"], self.played, at["known"]
        unseen, choice, chosen = at["unseen"], at["choice"], at["chosen"] + 1
        for base, rel, seat in self.observers:
            for s in range(self.players):
                mv[base + chosen + s] = 0.0
            for card, s in queue:
                j = base + rel[s] * d + card
                mv[j + revealed] = 1.0
                mv[j + played] = 1.0
                mv[j + known] = 0.0
                mv[base + unseen + card] = 0.0
                if s == seat:
                    mv[base + choice + card] = 0.0

    def _replay_events(self, game: RowGame) -> bool:
        """Write the turn's events not written yet (cards placed, rows taken, X cards);
        False when there were none."""
        events = game.events
        if events is not self.events:
            self.events, self.done = events, 0
        if self.done == len(events):
            return False
        mv, d, at = self.mv, self.deck, self.at
        rows, revealed, piles = at["rows"], at["revealed"], at["piles"]
        touched = set()
        for event in events[self.done :]:
            kind, seat = event["type"], event["seat"]
            if kind == "x":
                self._x_card(game, seat, event["back"])
                continue
            r, card = event["row"] - 1, event["card"]
            touched.add(r)
            for base, rel, _ in self.observers:
                row = base + rows + r * d
                if kind == "take":
                    for c in event["cards"]:
                        mv[row + c] = 0.0
                    if not self.x_rows:  # 6 nimmt!: the taken cards go to the pile
                        pile = base + piles + rel[seat] * d
                        for c in event["cards"]:
                            mv[pile + c] = 1.0
                mv[row + card] = 1.0
                mv[base + revealed + rel[seat] * d + card] = 0.0
        self.done = len(events)
        last, fill = at["row_last"] + 1, at["row_fill"] + 1
        for r in touched:
            cards = game.rows[r]
            top, count = cards[-1] / d, len(cards) / self.limits[r]
            for base, _, _ in self.observers:
                mv[base + last + r] = top
                mv[base + fill + r] = count
        return True

    def _x_card(self, game: RowGame, seat: int, back: list[int]) -> None:
        """`seat` chose its X card: its X row and pile are written anew (a lower card packs
        the row onto the pile), the other taken cards go back to its hand, known to all."""
        mv, d, at, flat = self.mv, self.deck, self.at, self.flat
        x_row, pile = game.x_rows[seat], game.piles[seat]
        size = len(game.hands[seat]) / self.hand_size
        own = self.own.get(seat)
        for base, rel, _ in self.observers:
            k = rel[seat] * d
            for field, cards in ((at["x_rows"], x_row), (at["piles"], pile)):
                start = base + field + 1 + k
                flat[start : start + d] = 0.0
                for c in cards:
                    mv[start - 1 + c] = 1.0
            known = base + at["known"] + k
            for c in back:
                mv[known + c] = 1.0
        for offset in self.x_row_last[seat]:
            mv[offset] = x_row[-1] / d
        for offset in self.hand_sizes[seat]:
            mv[offset] = size
        if own is not None:
            for c in back:
                mv[own + at["hand"] + c] = 1.0

    def _rest(self, game: RowGame) -> None:
        """The pending decision, the seats to act and the turn, where they changed."""
        mv = self.mv
        if game.pending is not self.pending:
            self.pending = game.pending
            for offset in self.pending_ones:
                mv[offset] = 0.0
            ones = self.pending_ones = self._pending_ones(game) if game.pending else []
            for offset in ones:
                mv[offset] = 1.0
        acting = game.to_act()
        if acting != self.acting:
            self.acting = acting
            for s, offsets in enumerate(self.to_act):
                value = 1.0 if s in acting else 0.0
                for offset in offsets:
                    mv[offset] = value
        if game.turn != self.turn:
            self.turn = game.turn
            value = (game.turn + 1) / self.hand_size
            for base in self.bases:
                mv[base + self.progress] = value

    def _pending_ones(self, game: RowGame) -> list[int]:
        """The offsets of the 1s of the pending decision in every row."""
        assert game.pending is not None
        decision, seat, cards = game.pending
        at, queue, placed = self.at, game.queue, game.placed
        card = queue[placed][0] if decision == "take" else queue[placed - 1][0]
        ones: list[int] = []
        for base, rel, _ in self.observers:
            ones += (
                base + at["pending"] + 1 + (0 if decision == "take" else 1),
                base + at["pending_seat"] + 1 + rel[seat],
                base + at["pending_card"] + card,
            )
            ones += [base + at["pending_cards"] + c for c in cards]
        return ones

    def _write_scores(self, game: RowGame) -> None:
        scores = game.public_scores()
        if scores is None:
            return
        mv, scale = self.mv, self.score_scale
        for s, score in enumerate(scores):
            value = score / scale
            for offset in self.scores[s]:
                mv[offset] = value
