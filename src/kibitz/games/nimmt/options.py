"""Rule options of X bere! and 6 nimmt!, and the rules both reduce to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kibitz.core import OptionError
from kibitz.core.options import option
from kibitz.games.nimmt.rules import Rules

__all__ = ["MAX_DECK", "Rules", "SixNimmtOptions", "XBereOptions"]

MAX_DECK = 1000


def _check_deck(deck_size: int, hand_size: int, rows: int, players: int) -> None:
    if not 1 <= hand_size <= 100:
        raise OptionError(f"hand_size must be 1 to 100, not {hand_size}")
    if not 1 <= deck_size <= MAX_DECK:
        raise OptionError(f"deck_size must be 1 to {MAX_DECK}, not {deck_size}")
    needed = players * hand_size + rows
    if deck_size < needed:
        raise OptionError(
            f"{players} players with {hand_size} cards and {rows} rows need {needed} cards, "
            f"deck_size is {deck_size}"
        )


@dataclass(frozen=True)
class XBereOptions:
    """X bere!'s rule options (docs/rules/xbere.md explains each reading)."""

    deck_size: int = option(100, "Cards numbered 1 to the deck size, all different.")
    hand_size: int = option(8, "Cards dealt to each player.")
    row_limits: tuple[int, ...] = option(
        (3, 4, 5), "The limit of each row on the table, in row order (rows are numbered from 1)."
    )
    take_on: Literal["limit", "over"] = option(
        "limit",
        "limit: the card that brings a row to its limit takes the row's earlier cards "
        "(the source text); over: the card after the limit takes, as in 6 nimmt!.",
    )
    end: Literal["played-last", "empty-hand"] = option(
        "played-last",
        "played-last: the game ends after the turn in which a player played the last card of "
        "their hand (the source text); empty-hand: only if a hand is empty after the turn "
        "(the publisher's reading).",
    )
    scoring: Literal["cards", "bullheads"] = option(
        "cards",
        "cards: 1 penalty per card in hand, 2 per card in the X pile; bullheads: each card's "
        "bullheads instead of 1, doubled in the X pile.",
    )
    rounds: int = option(
        1, "Rounds with fresh deals, scores added up (the published game plays 2)."
    )

    def check(self, players: int) -> None:
        if not 2 <= players <= 4:
            raise OptionError(f"X bere! is for 2 to 4 players, not {players}")
        if not 1 <= len(self.row_limits) <= 10:
            raise OptionError("row_limits must name 1 to 10 rows")
        if any(limit < 2 or limit > 50 for limit in self.row_limits):
            raise OptionError(f"row limits must be 2 to 50, not {list(self.row_limits)}")
        if not 1 <= self.rounds <= 100:
            raise OptionError(f"rounds must be 1 to 100, not {self.rounds}")
        _check_deck(self.deck_size, self.hand_size, len(self.row_limits), players)

    def rules(self) -> Rules:
        extra = 0 if self.take_on == "over" else -1
        return Rules(
            deck_size=self.deck_size,
            hand_size=self.hand_size,
            row_limits=self.row_limits,
            full=tuple(limit + extra for limit in self.row_limits),
            x_rows=True,
            bullheads=self.scoring == "bullheads",
            end=self.end,
            rounds=self.rounds,
            target=None,
        )


@dataclass(frozen=True)
class SixNimmtOptions:
    """Classic 6 nimmt!'s options (docs/rules/6nimmt.md)."""

    rounds: int | None = option(
        None,
        "Left empty, rounds are dealt until someone has the target score at the end of a "
        "round; a number: play exactly that many rounds (1 for a single round).",
    )
    target: int = option(66, "The score that ends the game at the end of a round.")

    def check(self, players: int) -> None:
        if not 2 <= players <= 10:
            raise OptionError(f"6 nimmt! is for 2 to 10 players, not {players}")
        if self.rounds is not None and not 1 <= self.rounds <= 100:
            raise OptionError(f"rounds must be 1 to 100 or None, not {self.rounds}")
        if not 1 <= self.target <= 10_000:
            raise OptionError(f"target must be 1 to 10000, not {self.target}")

    def rules(self) -> Rules:
        return Rules(
            deck_size=104,
            hand_size=10,
            row_limits=(6, 6, 6, 6),
            full=(5, 5, 5, 5),
            x_rows=False,
            bullheads=True,
            end="empty-hand",
            rounds=self.rounds,
            target=None if self.rounds is not None else self.target,
        )
