"""The registry of games: `make(name, players=..., seed=..., **options)` starts one.

Each game package registers a `GameSpec` when imported (`import kibitz` imports them all),
in the manner of python-chess variants and pgx's `make`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kibitz.core.errors import KibitzError, OptionError, UnknownGameError
from kibitz.core.game import Game, State, View
from kibitz.core.options import build_options, describe
from kibitz.core.rng import fresh_seed


@dataclass(frozen=True)
class GameSpec:
    """How to make one game, and what to tell people about it."""

    name: str
    title: str
    summary: str
    game: type[Game[Any]]
    min_players: int
    max_players: int
    default_players: int

    def options(self) -> list[tuple[str, Any, str]]:
        """(name, default, documentation) for each rule option."""
        return describe(self.game.options_class)


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (game packages call this once, on import)."""
    if spec.name in _GAMES and _GAMES[spec.name] is not spec:
        raise ValueError(f"a game named {spec.name!r} is already registered")
    _GAMES[spec.name] = spec
    return spec


def games() -> list[GameSpec]:
    """Every registered game, in registration order."""
    return list(_GAMES.values())


def spec(name: str) -> GameSpec:
    """The spec of game `name`; an unknown name raises `UnknownGameError` listing the games."""
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(_GAMES) or "none"
        raise UnknownGameError(f"unknown game {name!r}; the games are: {known}") from None


def make(
    name: str,
    players: int | None = None,
    seed: int | None = None,
    setup: Mapping[str, Any] | None = None,
    **options: Any,
) -> Game[Any]:
    """A new game of `name` for `players` seats (the game's usual count when omitted).

    `seed` reproduces the deal and every later chance event; `setup` fixes the deal
    explicitly (see docs/records.md). Options are the game's documented rule options.
    """
    game_spec = spec(name)
    if seed is None:
        seed = fresh_seed()
    elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OptionError(f"seed must be a whole number 0 or more, not {seed!r}")
    if players is None:
        players = _usual_players(game_spec, options)
    if isinstance(players, bool) or not isinstance(players, int):
        raise OptionError(f"players must be a whole number, not {players!r}")
    opts = build_options(game_spec.game.options_class, players, options)
    return game_spec.game.new(players, opts, seed, setup)


def _usual_players(game_spec: GameSpec, options: Mapping[str, Any]) -> int:
    """The game's usual player count, unless these options allow exactly one other count
    (a team variant needs four)."""
    usual = game_spec.default_players
    allowed = []
    for players in range(game_spec.min_players, game_spec.max_players + 1):
        try:
            build_options(game_spec.game.options_class, players, options)
        except OptionError:
            continue
        allowed.append(players)
    return allowed[0] if len(allowed) == 1 else usual


def from_state(state: State) -> Game[Any]:
    """Restore a game from `Game.to_state()` data."""
    if not isinstance(state, Mapping):
        raise KibitzError("a state must be a JSON object")
    return spec(state.get("game", "")).game.from_state(dict(state))


def determinize(view: View, rng: random.Random) -> Game[Any]:
    """A full game consistent with `view` (see `Game.determinize`)."""
    if not isinstance(view, Mapping):
        raise KibitzError("a view must be a JSON object")
    return spec(view.get("game", "")).game.determinize(dict(view), rng)
