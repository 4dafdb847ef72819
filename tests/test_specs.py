"""Every game's spec is its one declaration: the hooks it names exist, and each layer finds
the game's parts through it."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import kibitz
from kibitz.bots.registry import available
from kibitz.cli.render import render
from kibitz.core import (
    GameSpec,
    OptionError,
    UnknownGameError,
    make,
    register,
    spec,
    unregister,
)
from kibitz.core.options import build_options

STATIC = Path(kibitz.__file__).resolve().parent / "server" / "static" / "js"
SPECS = kibitz.games()


@pytest.mark.parametrize("game_spec", SPECS, ids=[s.name for s in SPECS])
def test_the_hooks_name_parts_that_exist(game_spec: GameSpec) -> None:
    hooks, name = game_spec.hooks, game_spec.name
    assert hooks.bots and hooks.render and hooks.rl and hooks.board and hooks.cards
    assert hooks.strings and hooks.log
    importlib.import_module(hooks.bots)
    assert callable(importlib.import_module(hooks.log).entries)
    assert (STATIC / "logs" / f"{hooks.board}.js").is_file()
    assert {"easy", "medium", "hard"} <= set(available(name))
    view = make(name, seed=3).view(0)
    assert render(view) == importlib.import_module(hooks.render).render(view)
    assert not render(view).startswith("{")
    from kibitz.rl.adapters import adapter_class

    assert adapter_class(name).game_name == name
    assert (STATIC / "games" / f"{hooks.board}.js").is_file()
    assert (STATIC / "cards" / f"{hooks.cards}.js").is_file()
    texts = (STATIC / "strings" / f"{hooks.strings}.js").read_text(encoding="utf-8")
    assert f'"summary.{name}":' in texts


GAME_MODULES = (
    "cards",
    "moves",
    "options",
    "setup",
    "game",
    "views",
    "sampling",
    "search",
    "log",
)


@pytest.mark.parametrize("game_spec", SPECS, ids=[s.name for s in SPECS])
def test_every_game_package_has_the_same_shape(game_spec: GameSpec) -> None:
    game = game_spec.game
    name = game.__module__.rsplit(".", 1)[0]
    for module in GAME_MODULES:
        importlib.import_module(f"{name}.{module}")
    package = importlib.import_module(name)
    for part in (game, game.options_class, game.view_type, game.state_type):
        assert part.__name__ in package.__all__ and getattr(package, part.__name__) is part
    assert "parse_move" in package.__all__
    assert all(f"`{module}`" in (package.__doc__ or "") for module in GAME_MODULES)


@pytest.mark.parametrize("game_spec", SPECS, ids=[s.name for s in SPECS])
def test_the_option_schema_lists_every_option_with_its_choices(game_spec: GameSpec) -> None:
    schema = game_spec.option_schema()
    assert list(schema["properties"]) == [name for name, _, _ in game_spec.options()]
    for name, default, doc in game_spec.options():
        option = schema["properties"][name]
        assert option["description"] == doc
        assert option["default"] == (list(default) if isinstance(default, tuple) else default)
        for choice in option.get("enum", []):
            assert any(
                _plays(game_spec, players, {name: choice})
                for players in range(game_spec.min_players, game_spec.max_players + 1)
            ), f"{name}={choice!r}"


def _plays(game_spec: GameSpec, players: int, options: dict[str, object]) -> bool:
    try:
        build_options(game_spec.game.options_class, players, options)
    except OptionError:
        return False
    return True


def test_games_are_listed_in_their_declared_order() -> None:
    assert [s.name for s in kibitz.games()] == ["goxeso", "xbere", "kozel", "6nimmt"]
    assert [s.order for s in kibitz.games()] == sorted(s.order for s in kibitz.games())


def test_a_registered_game_can_be_unregistered() -> None:
    copy = GameSpec(**{**vars(spec("kozel")), "name": "kozel-copy", "order": 0})
    register(copy)
    try:
        assert kibitz.games()[0] is copy and spec("kozel-copy") is copy
    finally:
        unregister("kozel-copy")
    assert "kozel-copy" not in [s.name for s in kibitz.games()]
    with pytest.raises(UnknownGameError, match="kozel-copy"):
        unregister("kozel-copy")
