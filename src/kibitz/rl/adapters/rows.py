"""X bere! and 6 nimmt! as RL environments.

Actions (D = deck size, R = number of rows):

    0 .. D-1            play card a+1
    D .. D+R-1          take row a-D+1
    D+R .. 2D+R-1       x card a-D-R+1      (X bere! only)

Seats in the vectors are relative: block k is the seat k places after the observer
(block 0 is the observer), so one policy fits every seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from kibitz.core import Game, Move
from kibitz.core.options import build_options
from kibitz.core.registry import spec
from kibitz.games.nimmt.cards import bullheads
from kibitz.games.nimmt.game import RowGame
from kibitz.games.nimmt.moves import Play, Take, XCard
from kibitz.games.nimmt.options import Rules
from kibitz.rl.adapters.base import FixedActionAdapter, Trace
from kibitz.rl.adapters.gather import Gather
from kibitz.rl.adapters.rows_tracker import gather_view, public_scores
from kibitz.rl.layout import Field, Layout
from kibitz.rl.numbering import RowNumbering

if TYPE_CHECKING:
    from kibitz.rl.adapters.tracker import Tracker
    from kibitz.rl.layout import Rows


class RowAdapter(FixedActionAdapter):
    """The shared adapter of the row games; `XBereAdapter` and `SixNimmtAdapter` name them."""

    lower_is_better = True
    x_rows: ClassVar[bool]

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, options)
        opts = build_options(spec(self.game_name).game.options_class, players, options)
        self.rules: Rules = opts.rules()
        deck, rows = self.rules.deck_size, len(self.rules.row_limits)
        self.deck: int = deck
        self.nrows: int = rows
        self.num_actions = 2 * deck + rows if self.x_rows else deck + rows
        self.numbering = self.fixed = RowNumbering(self.game_name, deck, rows, self.x_rows)
        if self.rules.rounds is not None:
            self.score_scale = float(self.rules.rounds * self.rules.hand_size * 2)
        else:
            assert self.rules.target is not None
            self.score_scale = float(self.rules.target)
        self.observation = self._layout()
        self.ones_blocks = ((self.observation.start["unseen"], deck),)
        self.limits = list(self.rules.row_limits)
        self._scores_memo: tuple[RowGame | None, int, list[float] | None] = (None, -1, None)
        self.pile_value = (
            [bullheads(card) for card in range(deck + 1)] if self.rules.bullheads else None
        )
        """Each card's penalty (by number) when bullheads count, else None (every card 1)."""
        self.memory_layout = Layout(
            [
                Field(
                    "played",
                    players * deck,
                    "memory, seat by seat: the cards the seat has played this round "
                    "(revealed plays only)",
                )
            ]
        )
        """The memory part of the vector (`RowTrace`), made once."""

    # ----------------------------------------------------------------- actions

    def _move(self, action: int) -> Move:
        deck, rows = self.deck, self.nrows
        if 0 <= action < deck:
            return Play(action + 1)
        if deck <= action < deck + rows:
            return Take(action - deck + 1)
        if self.x_rows and deck + rows <= action < 2 * deck + rows:
            return XCard(action - deck - rows + 1)
        raise ValueError(f"no action {action} in {self.game_name} (0 to {self.num_actions - 1})")

    def action_name(self, action: int) -> str:
        return str(self._move(action))

    # ----------------------------------------------------------------- observations

    def _layout(self) -> Layout:
        d, r, p = self.deck, self.nrows, self.players
        pile = "X pile" if self.x_rows else "penalty pile"
        fields = [
            Field("hand", d, "1 for each card c (index c-1) in the observer's hand"),
            Field("choice", d, "1 at the card the observer chose face down this turn"),
            Field("rows", r * d, "row by row (setup order): 1 for each card lying in the row"),
            Field("row_last", r, "each row's last card / D"),
            Field("row_fill", r, "each row's number of cards / its limit"),
            Field("hand_sizes", p, "each seat's number of hand cards / hand_size"),
            Field("chosen", p, "1 if the seat has chosen its card face down this turn"),
            Field("to_act", p, "1 if the seat must act now"),
            Field("known", p * d, "seat by seat: cards seen going back to the seat's hand"),
        ]
        if self.x_rows:
            fields.append(Field("x_rows", p * d, "seat by seat: the cards of the seat's X row"))
            fields.append(Field("x_row_last", p, "each seat's last X-row card / D (0: empty)"))
        fields += [
            Field("piles", p * d, f"seat by seat: the cards of the seat's {pile}"),
            Field(
                "revealed",
                p * d,
                "seat by seat: the seat's revealed card of this turn that is not placed yet",
            ),
            Field(
                "pending", 2, "the decision the placement waits for: [take a row, choose an X card]"
            ),
            Field("pending_seat", p, "1 at the seat that must decide"),
            Field(
                "pending_card",
                d,
                "1 at the card that waits to be placed (take) or that took a row (x)",
            ),
            Field("pending_cards", d, "the taken cards waiting for the X choice"),
            Field("unseen", d, "cards the observer cannot place: in other hands or out of play"),
            Field(
                "scores",
                p,
                "public scores so far / S (0 when hidden); S = "
                + ("2 x hand_size x rounds" if self.x_rows else "target, or 2 x 10 x rounds"),
            ),
            Field("round_totals", p, "totals of the finished rounds / S"),
            Field(
                "progress",
                2,
                "[round / rounds (or / 10 when played to a target), turn / hand_size]",
            ),
            Field("over", 1, "1 once the game is over"),
        ]
        return Layout(fields)

    def gather(self, game: Game[Any], seat: int, base: int, into: Gather) -> None:
        assert isinstance(game, RowGame)
        gather_view(self, game, seat, base, into)

    def public_scores(self, game: RowGame) -> list[float] | None:
        """`game.public_scores()`, worked out once per game version: the scores are the
        same for every seat, and trackers gather every seat's vector at once."""
        memo = self._scores_memo
        if memo[0] is not game or memo[1] != game.version:
            memo = self._scores_memo = (game, game.version, self._public_scores(game))
        return memo[2]

    def _public_scores(self, game: RowGame) -> list[float] | None:
        return public_scores(game, self.x_rows, self.pile_value)

    def new_trace(self, seat: int, text: bool = True) -> Trace:
        return RowTrace(self, seat, text)

    def new_tracker(self, seats: Sequence[int], rows: Rows | None = None) -> Tracker:
        from kibitz.rl.adapters.rows_tracker import RowTracker

        return RowTracker(self, seats, rows)

    # ----------------------------------------------------------------- game length

    def max_decisions(self) -> int:
        rules, p = self.rules, self.players
        dealt = len(rules.row_limits) + p * rules.hand_size
        # Every take puts at least one card out of play for good (an X card or a penalty
        # pile), and between two takes the rows absorb at most sum(full) cards.
        takes = dealt
        turns = (takes + 1) * (sum(rules.full) // p + 2)
        per_round = turns * p + 2 * takes
        if rules.rounds is not None:
            rounds = rules.rounds
        else:
            # Every round of 6 nimmt! gives someone a point: the rows cannot absorb 2 hands.
            assert rules.target is not None
            rounds = p * (rules.target - 1) + 1
        return rounds * per_round


class RowTrace(Trace):
    """A seat's memory in a row game: which card each seat has played this round (revealed
    plays only), and the text log of the round starts and the moves as the seat saw them."""

    def __init__(self, adapter: RowAdapter, seat: int, text: bool = True) -> None:
        super().__init__(seat, text)
        self.players = adapter.players
        self.deck = adapter.deck
        self.layout = adapter.memory_layout
        self.played: list[set[int]] = [set() for _ in range(adapter.players)]
        self.hidden: list[tuple[int, int]] = []
        """This turn's plays not revealed yet: (seat, card)."""
        self.log: list[str] = []
        self.round = -1

    def _round_start(self, game: Game[Any]) -> None:
        assert isinstance(game, RowGame)
        self.round = game.round + 1
        self.played = [set() for _ in range(self.players)]
        self.hidden = []
        if self.keeps_text:
            rows, hand = [list(row) for row in game.rows], game.hands[self.seat]
            self.log.append(f"round {self.round} rows {rows} hand {hand}")

    def start(self, game: Game[Any]) -> None:
        self._round_start(game)
        assert isinstance(game, RowGame)  # taken over midway in a turn: who has chosen
        self.hidden = [
            (seat, card if seat == self.seat else 0)
            for seat, card in enumerate(game.chosen)
            if card is not None
        ]

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        assert isinstance(game, RowGame)
        if type(move) is Play:
            # Only the seat's own choice is known before the reveal; the others' cards are
            # read from the revealed cards (public) once the last seat has chosen.
            self.hidden.append((mover, move.number if mover == self.seat else 0))
            if len(self.hidden) == self.players:
                revealed = sorted((seat, card) for card, seat in game.queue)
                for seat, card in revealed:
                    self.played[seat].add(card)
                if self.keeps_text:
                    self.log.append("turn " + " ".join(f"{s}:{c}" for s, c in revealed))
                self.hidden = []
        elif self.keeps_text:
            self.log.append(f"{mover}:{move}")
        if game.round + 1 != self.round and not game.is_over():
            self._round_start(game)

    def share(self, other: Trace) -> None:
        """The cards each seat played this round (revealed to all); `other` keeps its own
        choice of the turn and its log, which starts from its hand in the sampled game."""
        assert isinstance(other, RowTrace)
        other.played = [set(cards) for cards in self.played]

    def gather(self, base: int, ones: list[int]) -> None:
        p, d = self.players, self.deck
        for seat, cards in enumerate(self.played):
            if cards:
                b = base + ((seat - self.seat) % p) * d - 1
                ones += [b + card for card in cards]

    def _text(self) -> str:
        waiting = " ".join(
            f"{seat}:{card if seat == self.seat else '?'}" for seat, card in self.hidden
        )
        return "\n".join([*self.log, f"chosen {waiting}"])


class XBereAdapter(RowAdapter):
    game_name = "xbere"
    x_rows = True


class SixNimmtAdapter(RowAdapter):
    game_name = "6nimmt"
    x_rows = False
