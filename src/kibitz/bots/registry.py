"""Bots by name: `random`, a level (`easy`, `medium`, `hard`) or `game/level`."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from kibitz.bots.base import Bot
from kibitz.bots.random_bot import RandomBot
from kibitz.core import KibitzError, UnknownGameError, spec

BotFactory = Callable[[], Bot]

_BOTS: dict[str, BotFactory] = {"*/random": RandomBot}
"""Keys are `game/name`; the game `*` means every game."""

_DESCRIPTIONS: dict[str, str] = {"*/random": "a legal move chosen uniformly at random"}

_loaded: set[str] = set()


def _load(game: str) -> None:
    """Import the module that registers `game`'s levels (its spec's `hooks.bots`), once: on
    the first look-up, so that `import kibitz.bots` stays light and free of import cycles."""
    try:
        module = spec(game).hooks.bots
    except UnknownGameError:
        return
    if module is not None and module not in _loaded:
        importlib.import_module(module)
        _loaded.add(module)


def register_bot(game: str, name: str, factory: BotFactory, description: str = "") -> None:
    """Make `factory` available as `name` for `game` (`*` for every game), with a one-line
    `description` for `kibitz bots`."""
    _BOTS[f"{game}/{name}"] = factory
    _DESCRIPTIONS[f"{game}/{name}"] = description


def describe(game: str, name: str) -> str:
    """The one-line description of bot `name` for `game` ("" when none was given)."""
    _load(game)
    return _DESCRIPTIONS.get(f"{game}/{name}") or _DESCRIPTIONS.get(f"*/{name}", "")


def available(game: str) -> list[str]:
    """The bot names usable in `game`, weakest first: `random`, then the game's levels in the
    order its module registers them (weakest first, by convention), which is the order every
    list of levels shows (the lobby, `kibitz bots`)."""
    _load(game)
    names = (key.split("/", 1) for key in _BOTS)
    return list(dict.fromkeys(name for owner, name in names if owner in (game, "*")))


DEFAULT_LEVEL = "medium"


def default_bot(game: str) -> str:
    """The level a table or `kibitz play` gives its bots unless told otherwise: `medium`, or
    the strongest level of a game without one."""
    levels = available(game)
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[-1]


def make_bot(game: str, name: str) -> Bot:
    """The bot `name` (or `game/name`) for `game`; unknown names list what exists."""
    _load(game)
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
