"""Kozel as an RL environment.

A move is a kind (lead, beat, discard, four) and a set of one to four of the mover's hand
cards; a hand never holds more than four. The action names the cards by their positions in
the hand sorted by card number (spades, hearts, diamonds, clubs; 6 7 8 9 J Q K 10 A within a
suit), as the bits of a 4-bit set:

    a = kind * 15 + (bits - 1)      kind: 0 lead, 1 beat, 2 discard, 3 four;
                                    bits: bit i set = the i-th card of the sorted hand

so 60 actions. Card vectors use the card number 0..35 in that same order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kibitz.core import Game, Move
from kibitz.games.kozel.cards import DECK_SIZE, RANK_POINTS, texts_of
from kibitz.games.kozel.game import Kozel
from kibitz.games.kozel.moves import KINDS, KozelMove
from kibitz.rl.adapters.base import Adapter, Trace
from kibitz.rl.adapters.gather import Gather
from kibitz.rl.layout import Field, Layout
from kibitz.rl.numbering import KozelNumbering, kozel_action, kozel_mask

if TYPE_CHECKING:
    from kibitz.rl.adapters.tracker import Tracker
    from kibitz.rl.layout import Rows

_KIND_NAMES = ("lead", "beat", "discard", "four")
_KIND_CLASSES = tuple(KINDS[name] for name in _KIND_NAMES)
MAX_HAND = 4
MAX_DEALS = 200
"""Deals counted into OpenSpiel's bound on a series' length (a series of drawn "eggs" deals
could in principle go on for ever; 200 deals have never been seen)."""


ALL_POINTS = sum(RANK_POINTS) * 4


class KozelAdapter(Adapter):
    game_name = "kozel"
    lower_is_better = True

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, options)
        self.num_actions = len(_KIND_NAMES) * 15
        self.numbering = KozelNumbering()
        self.series_limit: int = self.options["series_limit"]
        self.observation = self._layout()
        self.finished_tricks: dict[int, tuple[Kozel, Any]] = {}
        """By id(game): the game itself (held, so its id is not reused while cached) and what
        its finished tricks show (`kozel_tracker.finished`). Not weak references: a compiled
        game frees itself without clearing them (docs/engines.md)."""

    # ----------------------------------------------------------------- actions

    def move_to_action(self, game: Game[Any], seat: int, move: Move) -> int:
        assert isinstance(move, KozelMove) and isinstance(game, Kozel)
        return kozel_action(game.hands[seat], move)

    def legal_actions(self, game: Game[Any], seat: int) -> list[int]:
        return sorted(self.actions(game, seat))

    def moves_actions(self, game: Game[Any], seat: int, moves: Sequence[Move]) -> list[int]:
        return self.numbering.actions(game, seat, moves)

    def action_to_move(self, game: Game[Any], seat: int, action: int) -> Move:
        if not 0 <= action < self.num_actions:
            raise ValueError(f"no action {action} in kozel (0 to {self.num_actions - 1})")
        assert isinstance(game, Kozel)
        kind, bits = divmod(action, 15)
        bits += 1
        hand = game.hands[seat]
        size = hand.bit_count()
        if bits >> size:
            raise ValueError(f"action {action} names a card beyond the hand of {size}")
        return _KIND_CLASSES[kind](kozel_mask(hand, bits))

    def action_name(self, action: int) -> str:
        kind, bits = divmod(action, 15)
        positions = [str(i + 1) for i in range(MAX_HAND) if (bits + 1) >> i & 1]
        return f"{_KIND_NAMES[kind]} hand card {'+'.join(positions)}"

    # ----------------------------------------------------------------- observations

    def _layout(self) -> Layout:
        d, p = DECK_SIZE, self.players
        return Layout(
            [
                Field("hand", d, "1 for each card (card number) in the observer's hand"),
                Field("trump_card", d, "the trump card shown at the deal"),
                Field("trump_suit", 4, "one-hot trump suit (S H D C)"),
                Field(
                    "trick_up", p * d, "seat by seat: cards the seat played face up in this trick"
                ),
                Field("trick_down", p, "seat by seat: face-down cards in this trick / 4"),
                Field("my_trick_down", d, "the observer's own face-down cards in this trick"),
                Field("top", p, "one-hot seat whose cards are on top of this trick"),
                Field("leader", p, "one-hot seat that leads this trick"),
                Field("trick_count", 1, "cards per play in this trick / 4 (0 before the lead)"),
                Field("takeover_open", 1, "1 while four of a suit may still take the trick over"),
                Field("seen", d, "cards seen face up in the earlier tricks of this deal"),
                Field("my_discards", d, "the observer's own face-down cards of this deal"),
                Field(
                    "known",
                    p * d,
                    "seat by seat: cards known to be in the seat's hand "
                    "(face-up cards returned by a takeover)",
                ),
                Field("hand_sizes", p, "each seat's number of cards / 4"),
                Field("to_act", p, "1 if the seat must act now"),
                Field("stock", 1, "cards in the stock / 20"),
                Field(
                    "tricks_won", 2, "[the observer's team, the other team] tricks this deal / 9"
                ),
                Field("points_seen", 2, "[own team, other team] card points seen taken / 120"),
                Field("losing_points", 2, "[own team, other team] losing points / series_limit"),
                Field("progress", 2, "[deal number / 10, 1 when over]"),
            ]
        )

    def gather(self, game: Game[Any], seat: int, base: int, into: Gather) -> None:
        from kibitz.rl.adapters.kozel_tracker import gather_view  # it imports this module

        assert isinstance(game, Kozel)
        gather_view(self, game, seat, base, into)

    def new_trace(self, seat: int, text: bool = True) -> Trace:
        return KozelTrace(seat, text)

    def new_tracker(self, seats: Sequence[int], rows: Rows | None = None) -> Tracker:
        from kibitz.rl.adapters.kozel_tracker import KozelTracker

        return KozelTracker(self, seats, rows)

    def max_decisions(self) -> int:
        deals = MAX_DEALS if self.options["series"] else 1
        # At most 9 tricks a deal (each takes 4 cards or more); a trick is a lead, three
        # answers, and at most one takeover with three answers again.
        return deals * 9 * 8


class KozelTrace(Trace):
    """A seat's memory in Kozel: the view already lists every trick of the deal with what the
    seat saw of it, so the memory is the log of its own hands, drawn cards included."""

    layout = Layout([])

    def __init__(self, seat: int, text: bool = True) -> None:
        super().__init__(seat, text)
        self.log: list[str] = []
        self.hand = -1
        """The hand (a mask of cards) last logged."""

    def _update(self, game: Game[Any]) -> None:
        if not self.keeps_text:
            return  # the log is all this memory holds
        assert isinstance(game, Kozel)
        hand = game.hands[self.seat]
        if hand != self.hand:
            self.hand = hand
            self.log.append(f"deal {game.deal_no} hand {' '.join(sorted(texts_of(hand)))}")

    def start(self, game: Game[Any]) -> None:
        self._update(game)

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        self._update(game)

    def gather(self, base: int, ones: list[int]) -> None:
        pass

    def _text(self) -> str:
        return "\n".join(self.log)
