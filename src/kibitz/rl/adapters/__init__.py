"""Per-game adapters: `adapter(name, players, options)` gives the one for a game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kibitz.core import UnknownGameError
from kibitz.core.registry import spec
from kibitz.rl.adapters.base import (
    REWARD_MODES,
    Adapter,
    Gather,
    RewardMode,
    Trace,
    rewards,
    seat_view,
)
from kibitz.rl.adapters.goxeso import GoxesoAdapter
from kibitz.rl.adapters.kozel import KozelAdapter
from kibitz.rl.adapters.rows import SixNimmtAdapter, XBereAdapter

_ADAPTERS: dict[str, type[Adapter]] = {
    "xbere": XBereAdapter,
    "6nimmt": SixNimmtAdapter,
    "goxeso": GoxesoAdapter,
    "kozel": KozelAdapter,
}


def supported() -> list[str]:
    """The registered games that have an RL adapter, in registry order."""
    from kibitz.core import games

    return [game_spec.name for game_spec in games() if game_spec.name in _ADAPTERS]


def adapter(
    name: str, players: int | None = None, options: Mapping[str, Any] | None = None
) -> Adapter:
    """The adapter of game `name` for `players` seats (the game's usual count when omitted)."""
    game_spec = spec(name)
    cls = _ADAPTERS.get(name)
    if cls is None:
        raise UnknownGameError(
            f"game {name!r} has no RL adapter yet; these have: {', '.join(supported())}"
        )
    return cls(game_spec.default_players if players is None else players, options or {})


__all__ = [
    "REWARD_MODES",
    "Adapter",
    "Gather",
    "RewardMode",
    "Trace",
    "adapter",
    "rewards",
    "seat_view",
    "supported",
]
