"""A toy fifth game, defined here to prove that a game is added by declaring it alone: High
card, two players, five cards (or seven).

Each player gets (deck - 1) / 2 cards; the last lies aside face down and is never shown. The
leader plays a card, the other answers with one; the higher card takes the trick and its
player leads the next. Most tricks wins (a tie: both win). Moves: `play N`.

`registered()` adds the game to the registry for the length of a `with` block only, so that
it never leaks into other tests. Its spec names no hooks but its bot module: every other
layer (the terminal, the RL adapters, the browser's board) falls back to its generic part.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NotRequired, TypedDict

from kibitz.core import (
    GameSpec,
    Hooks,
    InternedMove,
    NotationError,
    OptionError,
    SetupError,
    ViewError,
    register,
    unregister,
)
from kibitz.core.game import Game, State, View
from kibitz.core.options import option
from kibitz.core.rng import derive
from kibitz.core.views import StateBase, ViewBase

NAME = "highcard"


@dataclass(frozen=True)
class HighCardOptions:
    """High card's rule options."""

    deck: Literal[5, 7] = option(5, "Cards numbered 1 to deck: 2 each with 5, 3 each with 7.")

    def check(self, players: int) -> None:
        if players != 2:
            raise OptionError(f"High card is for 2 players, not {players}")


class Play(InternedMove):
    """Play card `card` from one's hand."""

    __slots__ = ("card",)
    card: int

    def _setup(self, key: int) -> None:
        self._set(card=key)

    def __str__(self) -> str:
        return f"play {self.card}"


_PATTERN = re.compile(r"play ([1-9])")


def parse_move(text: str) -> Play:
    match = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(f"cannot read move {text!r}: write play N")
    return Play(int(match[1]))


class PlayRecord(TypedDict):
    """A card played, in the open."""

    seat: int
    card: int


class HighCardView(ViewBase):
    """What one High card seat (or a spectator) sees."""

    hand: Annotated[list[int], "This seat's cards, ascending; empty for a spectator."]
    hand_sizes: Annotated[list[int], "The number of cards in each hand."]
    plays: Annotated[list[PlayRecord], "Every card played so far, in order."]
    tricks: Annotated[list[int], "Tricks won by each seat."]
    leader: Annotated[int, "The seat that leads the trick being played."]
    scores: NotRequired[Annotated[list[float], "Once over: tricks won by each seat."]]


class HighCardState(StateBase):
    """The whole true state of a High card game."""

    hands: list[list[int]]
    aside: Annotated[int, "The card that lies aside face down."]
    plays: list[PlayRecord]
    tricks: list[int]
    leader: int


class HighCard(Game[Play]):
    """The engine of High card."""

    name = NAME
    options_class = HighCardOptions
    view_type = HighCardView
    state_type = HighCardState
    options: HighCardOptions
    hands: list[list[int]]
    aside: int
    plays: list[PlayRecord]
    tricks: list[int]
    leader: int

    def _deal(self, seed: int, setup: Mapping[str, Any] | None) -> None:
        deck = list(range(1, self.options.deck + 1))
        if setup is None:
            derive(seed, "deal").shuffle(deck)
            size = len(deck) // 2
            self.hands = [sorted(deck[:size]), sorted(deck[size : 2 * size])]
            self.aside = deck[-1]
        else:
            self.hands = [sorted(hand) for hand in setup["hands"]]
            self.aside = setup["aside"]
            if sorted([*self.hands[0], *self.hands[1], self.aside]) != deck:
                raise SetupError(f"a setup must deal the cards 1 to {len(deck)} once each")
        self.plays = []
        self.tricks = [0, 0]
        self.leader = 0
        self._to_act = frozenset({0})

    def _legal_moves(self, seat: int) -> Sequence[Play]:
        return [Play(card) for card in self.hands[seat]]

    def _apply(self, seat: int, move: Play) -> None:
        self.hands[seat].remove(move.card)
        self.plays.append({"seat": seat, "card": move.card})
        if len(self.plays) % 2:
            self._to_act = frozenset({1 - seat})
            return
        lead, answer = self.plays[-2:]
        self.leader = lead["seat"] if lead["card"] > answer["card"] else answer["seat"]
        self.tricks[self.leader] += 1
        if self.hands[self.leader]:
            self._to_act = frozenset({self.leader})
        else:
            self._finish()

    def parse_move(self, text: str) -> Play:
        return parse_move(text)

    def features(self, seat: int) -> tuple[list[int], int | None]:
        """The seat's hand, and the card led in the trick being played (None: none yet)."""
        led = self.plays[-1]["card"] if len(self.plays) % 2 else None
        return self.hands[seat], led

    def _scores(self) -> tuple[float, ...]:
        return (float(self.tricks[0]), float(self.tricks[1]))

    def _winners(self) -> frozenset[int]:
        best = max(self.tricks)
        return frozenset(seat for seat in (0, 1) if self.tricks[seat] == best)

    def invariants(self) -> list[str]:
        cards = [*self.hands[0], *self.hands[1], self.aside, *(p["card"] for p in self.plays)]
        if sorted(cards) != list(range(1, self.options.deck + 1)):
            return [f"cards lost or doubled: {sorted(cards)}"]
        return []

    def _view(self, seat: int | None) -> Mapping[str, Any]:
        return {
            "hand": [] if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "plays": [dict(play) for play in self.plays],
            "tricks": list(self.tricks),
            "leader": self.leader,
        }

    def _state(self) -> Mapping[str, Any]:
        return {
            "hands": [list(hand) for hand in self.hands],
            "aside": self.aside,
            "plays": [dict(play) for play in self.plays],
            "tricks": list(self.tricks),
            "leader": self.leader,
        }

    def _load_state(self, state: State) -> None:
        self.hands = [list(hand) for hand in state["hands"]]
        self.aside = state["aside"]
        self._load_table(state)

    def _load_view(self, view: View, rng: random.Random) -> None:
        self._load_table(view)
        me = view["seat"]
        seen = {play["card"] for play in self.plays} | set(view["hand"])
        unseen = [card for card in range(1, self.options.deck + 1) if card not in seen]
        rng.shuffle(unseen)
        self.hands = [[], []]
        for seat in (0, 1):
            size = view["hand_sizes"][seat]
            self.hands[seat] = sorted(view["hand"] if seat == me else unseen[:size])
            if seat != me:
                del unseen[:size]
        if len(unseen) != 1:
            raise ViewError("the hands of this view do not fit the deck")
        self.aside = unseen[0]

    def _load_table(self, data: Mapping[str, Any]) -> None:
        self.plays = [{"seat": p["seat"], "card": p["card"]} for p in data["plays"]]
        self.tricks = list(data["tricks"])
        self.leader = data["leader"]
        if len(self.plays) == self.options.deck // 2 * 2:
            self._finish()
        elif len(self.plays) % 2:
            self._to_act = frozenset({1 - self.plays[-1]["seat"]})
        else:
            self._to_act = frozenset({self.leader})


SPEC = GameSpec(
    name=NAME,
    title="High card",
    summary="A toy for two: five cards, the higher card takes the trick, most tricks win.",
    game=HighCard,
    min_players=2,
    max_players=2,
    default_players=2,
    dynamics="sequential",
    teams="none",
    lowest_wins=False,
    hooks=Hooks(bots=f"{__name__}.bots"),
)


@contextmanager
def registered() -> Iterator[GameSpec]:
    """High card is a registered game inside the block, and is not after it."""
    register(SPEC)
    try:
        yield SPEC
    finally:
        unregister(NAME)
