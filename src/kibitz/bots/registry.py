"""Bots by name: `random`, a level (`easy`, `medium`, `hard`) or `game/level`."""

from __future__ import annotations

from collections.abc import Callable

from kibitz.bots.base import Bot
from kibitz.bots.random_bot import RandomBot
from kibitz.core import KibitzError

BotFactory = Callable[[], Bot]

_BOTS: dict[str, BotFactory] = {"*/random": RandomBot}
"""Keys are `game/name`; the game `*` means every game."""


def register_bot(game: str, name: str, factory: BotFactory) -> None:
    """Make `factory` available as `name` for `game` (`*` for every game)."""
    _BOTS[f"{game}/{name}"] = factory


def available(game: str) -> list[str]:
    """The bot names usable in `game`."""
    return sorted({key.split("/", 1)[1] for key in _BOTS if key.split("/", 1)[0] in (game, "*")})


def make_bot(game: str, name: str) -> Bot:
    """The bot `name` (or `game/name`) for `game`; unknown names list what exists."""
    if "/" in name:
        named_game, name = name.split("/", 1)
        if named_game != game:
            raise KibitzError(f"bot {named_game}/{name} is for {named_game}, not {game}")
    factory = _BOTS.get(f"{game}/{name}") or _BOTS.get(f"*/{name}")
    if factory is None:
        raise KibitzError(
            f"unknown bot {name!r} for {game}; available: {', '.join(available(game))}"
        )
    return factory()
