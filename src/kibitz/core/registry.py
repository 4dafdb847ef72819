"""The registry of games: `make(name, players=..., seed=..., **options)` starts one.

Each game package registers one `GameSpec` per game when imported (`import kibitz` imports
them all), in the manner of python-chess variants and pgx's `make`. The spec is the game's
only declaration: every layer above the core (bots, the command line, the RL adapters, the
server and the browser) reads it instead of keeping its own list of games.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from kibitz.core.errors import KibitzError, OptionError, UnknownGameError
from kibitz.core.game import Game, State, View
from kibitz.core.options import build_options, describe
from kibitz.core.rng import fresh_seed
from kibitz.core.schema import Schema, options_schema

Dynamics = Literal["sequential", "simultaneous"]
"""`sequential`: one seat acts at a time; `simultaneous`: several seats may have to act at
once (`Game.to_act()` holds them all), as in OpenSpiel's simultaneous-move games."""

Teams = Literal["none", "fixed", "option"]
"""`none`: every seat plays for itself; `fixed`: seats always play in teams (`Game.teams()`);
`option`: a rule option forms teams (Goxeso's variants)."""


@dataclass(frozen=True)
class Hooks:
    """Where the layers above the core find a game's parts: named, not imported (the core
    may not import those layers, and each layer loads only the parts it uses). None gives
    that layer's generic fallback."""

    bots: str | None = None
    """A module that registers the game's bot levels (`kibitz.bots.registry.register_bot`)
    when imported, e.g. "kibitz.bots.kozel"; None: only the bots of every game (`random`)."""

    render: str | None = None
    """A module with `render(view) -> str` that draws a view in the terminal, e.g.
    "kibitz.cli.render.kozel"; None: the view as JSON."""

    rl: str | None = None
    """The RL adapter class as "module:Class", e.g. "kibitz.rl.adapters.kozel:KozelAdapter";
    None: the generic adapter (`kibitz.rl.adapters.generic`)."""

    board: str | None = None
    """The browser's board module, `server/static/js/games/<board>.js`, e.g. "kozel";
    None: a generic board that shows the view and the legal moves as buttons."""

    cards: str | None = None
    """The browser's card art module, `server/static/js/cards/<cards>.js`, which the page
    loads with the board and hands to it (`ctx.cards`), e.g. "kozel"; None: no card art."""

    log: str | None = None
    """A module with `entries(before, after)`, the game's log entries of one move from the
    spectator views before and after it (`kibitz.core.gamelog`), e.g.
    "kibitz.games.kozel.log"; None: the game logs nothing."""

    strings: str | None = None
    """The browser's texts of the game, `server/static/js/strings/<strings>.js` (its board,
    summary, option names, help and choices in English, Czech and Russian), e.g. "kozel";
    None: the page shows the spec's English summary and option documentation."""


@dataclass(frozen=True)
class GameSpec:
    """How to make one game, what to tell people about it, and where its parts are."""

    name: str
    title: str
    summary: str
    game: type[Game[Any]]
    min_players: int
    max_players: int
    default_players: int
    dynamics: Dynamics
    teams: Teams
    lowest_wins: bool
    """Whether the lowest score wins (penalty points), not the highest."""
    order: int = 100
    """Where lists of games (the lobby, `kibitz games`) put this one: lowest first, equal
    ones in registration order."""
    hooks: Hooks = field(default_factory=Hooks)

    def options(self) -> list[tuple[str, Any, str]]:
        """(name, default, documentation) for each rule option."""
        return describe(self.game.options_class)

    def option_schema(self) -> Schema:
        """The JSON Schema of the game's options object (the `enum` of an option lists its
        choices)."""
        return options_schema(self.game.options_class)


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (game packages call this once, on import)."""
    if spec.name in _GAMES and _GAMES[spec.name] is not spec:
        raise ValueError(f"a game named {spec.name!r} is already registered")
    _GAMES[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Remove game `name` from the registry (a plug-in game, or one a test defined)."""
    spec(name)
    del _GAMES[name]


def games() -> list[GameSpec]:
    """Every registered game, by `order` (equal ones in registration order)."""
    return sorted(_GAMES.values(), key=lambda game_spec: game_spec.order)


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
    *,
    options: Mapping[str, Any] | None = None,
    **more_options: Any,
) -> Game[Any]:
    """A new game of `name` for `players` seats (the game's usual count when omitted).

    `seed` reproduces the deal and every later chance event; `setup` fixes the deal
    explicitly (see docs/records.md). Rule options are the game's documented ones, given
    as keywords or as the mapping `options`: pass options that come from outside (a
    record, a request) as the mapping, where a key such as `seed` is an unknown option
    rather than a second value for `make`'s own argument.
    """
    given = {**(options or {}), **more_options}
    game_spec = spec(name)
    if seed is None:
        seed = fresh_seed()
    elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OptionError(f"seed must be a whole number 0 or more, not {seed!r}")
    if players is None:
        players = _usual_players(game_spec, given)
    if isinstance(players, bool) or not isinstance(players, int):
        raise OptionError(f"players must be a whole number, not {players!r}")
    opts = build_options(game_spec.game.options_class, players, given)
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


def determinize(view: View, rng: random.Random, memory: Any = None) -> Game[Any]:
    """A full game consistent with `view` and the seat's `memory` (see `Game.determinize`)."""
    if not isinstance(view, Mapping):
        raise KibitzError("a view must be a JSON object")
    return spec(view.get("game", "")).game.determinize(dict(view), rng, memory)
