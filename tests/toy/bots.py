"""High card's bot level, registered when the bots registry first looks one up (the spec's
`hooks.bots` names this module)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kibitz.bots.base import Bot, Budget
from kibitz.bots.registry import register_bot
from kibitz.core import Move, View

from . import NAME, Play


class HighestBot(Bot):
    """Plays its highest card."""

    name = "easy"

    def choose(
        self, view: View, legal: Sequence[Move], rng: random.Random, budget: Budget | None = None
    ) -> Move:
        return max(legal, key=lambda move: move.card if isinstance(move, Play) else 0)


register_bot(NAME, "easy", HighestBot, "plays its highest card")
