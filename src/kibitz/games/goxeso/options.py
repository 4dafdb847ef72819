"""Rule options of Goxeso and of classic Pexeso (`classic=True`); docs/rules/goxeso.md
explains every reading."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kibitz.core import OptionError
from kibitz.core.options import option

MAX_IDLE_TURNS = 1_000_000


@dataclass(frozen=True)
class GoxesoOptions:
    """Goxeso's rule options."""

    size: Literal[4, 6, 8] = option(
        6, "Board size N: N x N cards, N*N/2 pairs (4: 8 pairs, 6: 18, 8: 32)."
    )
    variant: Literal["none", "bridge", "cross"] = option(
        "none",
        "Team variants for exactly 4 players, seats 0 and 2 against 1 and 3, one holding and "
        "one score per team. bridge: every player takes a full turn in seat order; cross: "
        "each turn belongs to a team, one partner turns the first card, the other the second.",
    )
    classic: bool = option(
        False,
        "Classic Pexeso (Memory): no joker, a miss turns the cards back without a swap, no "
        "line captures, a match gives another turn; 1-4 players, no team variants.",
    )
    exchange: Literal["offer", "none"] = option(
        "offer",
        "offer: when the board is empty and two players block each other on two pairs or "
        "more, they may offer and accept exchanges of blocked halves; none: no exchange phase.",
    )
    idle_turns: int | None = option(
        None,
        "The game ends (and is scored) after this many turns in a row in which no card left "
        "the board; left empty, after 4 x N x N such turns (N: the board size).",
    )

    def check(self, players: int) -> None:
        if self.classic:
            if not 1 <= players <= 4:
                raise OptionError(f"classic Pexeso is for 1 to 4 players, not {players}")
            if self.variant != "none":
                raise OptionError("classic Pexeso has no team variants: use variant none")
        elif not 2 <= players <= 4:
            raise OptionError(f"Goxeso is for 2 to 4 players, not {players}")
        if self.variant != "none" and players != 4:
            raise OptionError(f"the {self.variant} variant is for exactly 4 players")
        if self.idle_turns is not None and not 1 <= self.idle_turns <= MAX_IDLE_TURNS:
            raise OptionError(
                f"idle_turns must be 1 to {MAX_IDLE_TURNS} or None, not {self.idle_turns}"
            )

    @property
    def cap(self) -> int:
        """The idle-turn cap in force: `idle_turns`, or 4 * N * N by default."""
        return 4 * self.size * self.size if self.idle_turns is None else self.idle_turns
