"""The uniformly random bot: the baseline every other bot must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kibitz.bots.base import Bot, Budget
from kibitz.core import Move, View


class RandomBot(Bot):
    """Plays a legal move chosen uniformly at random."""

    name = "random"

    def choose(
        self, view: View, legal: Sequence[Move], rng: random.Random, budget: Budget | None = None
    ) -> Move:
        return legal[rng.randrange(len(legal))]
