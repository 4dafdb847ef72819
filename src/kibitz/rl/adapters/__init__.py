"""Per-game adapters: `adapter(name, players, options)` gives the one for a game."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from kibitz.core.registry import spec
from kibitz.rl.adapters.base import (
    REWARD_MODES,
    Adapter,
    RewardMode,
    Trace,
    rewards,
    seat_view,
)
from kibitz.rl.adapters.gather import Gather
from kibitz.rl.adapters.generic import generic_adapter
from kibitz.rl.adapters.tracker import Tracker


def adapter_class(name: str) -> type[Adapter]:
    """The adapter class that game `name`'s spec names (`hooks.rl`, "module:Class"), or the
    generic one when it names none."""
    hook = spec(name).hooks.rl
    if hook is None:
        return generic_adapter(name)
    module, _, attribute = hook.partition(":")
    cls: type[Adapter] = getattr(importlib.import_module(module), attribute)
    return cls


def supported() -> list[str]:
    """The registered games, in registry order: each has an adapter (its own, or the
    generic one)."""
    from kibitz.core import games

    return [game_spec.name for game_spec in games()]


def adapter(
    name: str, players: int | None = None, options: Mapping[str, Any] | None = None
) -> Adapter:
    """The adapter of game `name` for `players` seats (the game's usual count when omitted)."""
    game_spec = spec(name)
    cls = adapter_class(name)
    return cls(game_spec.default_players if players is None else players, options or {})


__all__ = [
    "REWARD_MODES",
    "Adapter",
    "Gather",
    "RewardMode",
    "Trace",
    "Tracker",
    "adapter",
    "rewards",
    "seat_view",
    "supported",
]
