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

from collections.abc import Mapping
from typing import Any

from kibitz.core import Game, Move, View
from kibitz.games.kozel.cards import DECK_SIZE, RANK_POINTS, parse_card
from kibitz.games.kozel.moves import KINDS, KozelMove
from kibitz.rl.adapters.base import Adapter, Trace, seat_view
from kibitz.rl.layout import Field, Layout, Vector

_KIND_NAMES = ("lead", "beat", "discard", "four")
_KIND_CLASSES = tuple(KINDS[name] for name in _KIND_NAMES)
MAX_HAND = 4
MAX_DEALS = 200
"""Deals counted into OpenSpiel's bound on a series' length (a series of drawn "eggs" deals
could in principle go on for ever; 200 deals have never been seen)."""


def _hand(game: Game[Any], seat: int) -> list[int]:
    return sorted(parse_card(text) for text in seat_view(game, seat)["hand"])


class KozelAdapter(Adapter):
    game_name = "kozel"
    lower_is_better = True

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, options)
        self.num_actions = len(_KIND_NAMES) * 15
        self.series_limit: int = self.options["series_limit"]
        self.observation = self._layout()

    # ----------------------------------------------------------------- actions

    @staticmethod
    def _encode(hand: list[int], move: KozelMove) -> int:
        bits = 0
        for card in move.cards:
            bits |= 1 << hand.index(card)
        return _KIND_NAMES.index(move.keyword) * 15 + bits - 1

    def move_to_action(self, game: Game[Any], seat: int, move: Move) -> int:
        assert isinstance(move, KozelMove)
        return self._encode(_hand(game, seat), move)

    def legal_actions(self, game: Game[Any], seat: int) -> list[int]:
        hand = _hand(game, seat)
        encode = self._encode
        return sorted(encode(hand, move) for move in game.legal_moves(seat))

    def action_to_move(self, game: Game[Any], seat: int, action: int) -> Move:
        if not 0 <= action < self.num_actions:
            raise ValueError(f"no action {action} in kozel (0 to {self.num_actions - 1})")
        kind, bits = divmod(action, 15)
        bits += 1
        hand = _hand(game, seat)
        if bits >> len(hand):
            raise ValueError(f"action {action} names a card beyond the hand of {len(hand)}")
        mask = 0
        for i, card in enumerate(hand):
            if bits >> i & 1:
                mask |= 1 << card
        return _KIND_CLASSES[kind](mask)

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

    def encode(self, view: View, out: Vector) -> None:
        layout, d, p = self.observation, DECK_SIZE, self.players
        me: int = view["seat"]
        mine, theirs = me % 2, 1 - me % 2

        def rel(seat: int) -> int:
            return (seat - me) % p

        def block(name: str) -> Vector:
            return layout.block(out, name)

        hand = block("hand")
        for text in view["hand"]:
            hand[parse_card(text)] = 1.0
        block("trump_card")[parse_card(view["trump"])] = 1.0
        block("trump_suit")["SHDC".index(view["trump_suit"])] = 1.0
        trick = view["trick"]
        if trick is not None:
            up, down, own_down = block("trick_up"), block("trick_down"), block("my_trick_down")
            for play in trick["plays"]:
                k = rel(play["seat"])
                if play["face_up"]:
                    for text in play["cards"]:
                        up[k * d + parse_card(text)] = 1.0
                else:
                    down[k] += play["count"] / 4
                    if play["seat"] == me and play["cards"]:
                        for text in play["cards"]:
                            own_down[parse_card(text)] = 1.0
            if trick.get("top") is not None:
                block("top")[rel(trick["top"])] = 1.0
            if trick.get("leader") is not None:
                block("leader")[rel(trick["leader"])] = 1.0
            block("trick_count")[0] = (trick.get("count") or 0) / 4
            block("takeover_open")[0] = 1.0 if trick.get("takeover_open") else 0.0
        seen = block("seen")
        for done in view["tricks"]:
            if done.get("deal") != view["deal"]:
                continue
            for play in done["plays"]:
                if play["face_up"] and play["cards"]:
                    for text in play["cards"]:
                        seen[parse_card(text)] = 1.0
        discards = block("my_discards")
        for text in view["discards"]:
            discards[parse_card(text)] = 1.0
        known = block("known")
        for seat, cards in enumerate(view["known"]):
            for text in cards:
                known[rel(seat) * d + parse_card(text)] = 1.0
        sizes, to_act = block("hand_sizes"), block("to_act")
        for seat, size in enumerate(view["hand_sizes"]):
            sizes[rel(seat)] = size / MAX_HAND
        for seat in view["to_act"]:
            to_act[rel(seat)] = 1.0
        block("stock")[0] = view["stock_size"] / 20
        won, points, losing = block("tricks_won"), block("points_seen"), block("losing_points")
        for i, team in enumerate((mine, theirs)):
            won[i] = view["tricks_won"][team] / 9
            points[i] = view["points_seen"][team] / sum(RANK_POINTS * 4)
            losing[i] = view["losing_points"][team] / self.series_limit
        progress = block("progress")
        progress[0] = view["deal"] / 10
        progress[1] = 1.0 if view["over"] else 0.0

    def new_trace(self, seat: int, text: bool = True) -> Trace:
        return KozelTrace(seat, text)

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
        self.hand: list[str] = []

    def _update(self, game: Game[Any]) -> None:
        if not self.keeps_text:
            return  # the log is all this memory holds
        view = seat_view(game, self.seat)
        hand = sorted(view["hand"])
        if hand != self.hand:
            self.hand = hand
            self.log.append(f"deal {view['deal']} hand {' '.join(hand)}")

    def start(self, game: Game[Any]) -> None:
        self._update(game)

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        self._update(game)

    def write(self, out: Vector) -> None:
        pass

    def _text(self) -> str:
        return "\n".join(self.log)
