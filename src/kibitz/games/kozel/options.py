"""Kozel's rule options (docs/rules/kozel.md explains each reading)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kibitz.core import OptionError
from kibitz.core.options import option


@dataclass(frozen=True)
class KozelOptions:
    """How a table plays Kozel; the defaults are the project's reading of the source text."""

    series: bool = option(
        True,
        "On: deals follow until a team has the series limit in losing points (the source "
        "text); off: play one deal.",
    )
    series_limit: int = option(
        12, "The losing points that end the series; the team that reaches them loses."
    )
    eggs: Literal["none", "double"] = option(
        "none",
        "What a 60-60 deal (eggs) does. none: nobody gets losing points (the source text); "
        "double: the losing points of the next deal are doubled (not cumulatively: eggs "
        "again still doubles only once), as some tables play.",
    )
    discards: Literal["hidden", "open"] = option(
        "hidden",
        "hidden: discarded cards lie face down and nobody else ever sees them (the source "
        "text); open: they lie face up, for teaching and analysis.",
    )

    def check(self, players: int) -> None:
        if players != 4:
            raise OptionError(f"Kozel is for exactly 4 players (2 against 2), not {players}")
        if not 1 <= self.series_limit <= 1000:
            raise OptionError(f"series_limit must be 1 to 1000, not {self.series_limit}")
