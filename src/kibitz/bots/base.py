"""The bot interface: a bot sees only its seat's view, never the true state."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from kibitz.core import Move, View


@dataclass(frozen=True)
class Budget:
    """How much thinking a bot may do for one move: iterations, seconds, or both (the
    first reached ends the search). Bots that do not search ignore it."""

    iterations: int | None = None
    seconds: float | None = None


class Bot(ABC):
    """A player program. `choose` gets the seat's view, the legal moves, a random generator
    (the only source of randomness a bot may use) and a budget, and returns one of `legal`."""

    name: str = "bot"

    wants_views: bool = False
    """True for bots that keep a memory (Goxeso): a host that can should then call
    `observe` with every view of the bot's seat as the game goes, not only at its turns."""

    def observe(self, view: View) -> None:
        """See the seat's view after any move (default: nothing to remember)."""
        return None

    @abstractmethod
    def choose(
        self, view: View, legal: Sequence[Move], rng: random.Random, budget: Budget | None = None
    ) -> Move: ...
