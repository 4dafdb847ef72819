"""Game rule options on the command line: `--size 6 --variant cross --classic`, read, checked
against the game, described for `--help`, and named as flags in every error."""

from __future__ import annotations

import re
from typing import Any

from kibitz.core import GameSpec, OptionError, spec
from kibitz.core.options import build_options


def flag(name: str) -> str:
    """An option's flag: `deck_size` is `--deck-size`."""
    return "--" + name.replace("_", "-")


def parse_option_args(args: list[str]) -> dict[str, Any]:
    """`--name value` pairs, bare `--flag` (true) and `--no-flag` (false), as option values.

    Dashes in names become underscores; values stay text and the game's options class reads
    them (so `--row-limits 3,4,5` and `--rounds 2` work).
    """
    options: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--") or len(arg) < 3:
            raise OptionError(f"unexpected argument {arg!r}; options are written --name value")
        name, eq, value = arg[2:].partition("=")
        name = name.replace("-", "_")
        if eq:
            options[name] = value
        elif i + 1 < len(args) and not args[i + 1].startswith("--"):
            options[name] = args[i + 1]
            i += 1
        elif name.startswith("no_"):
            options[name[3:]] = False
        else:
            options[name] = True
        i += 1
    return options


def game_options(game: str, args: list[str], players: int | None) -> dict[str, Any]:
    """The rule options `args` give for `game` (see `parse_option_args`), checked for that many
    players (None: the game's default) before anything is played; an `OptionError` names the
    options as the flags the user typed (`--deck-size`, not `deck_size`)."""
    game_spec = spec(game)
    given = parse_option_args(args)
    try:
        build_options(game_spec.game.options_class, players or game_spec.default_players, given)
    except OptionError as error:
        names = [name for name, _, _ in game_spec.options()] + list(given)
        raise OptionError(as_flags(str(error), names)) from None
    return given


def as_flags(message: str, names: list[str]) -> str:
    """`message` with the option names in it written as flags: every quoted name, every name
    with an underscore, a name that starts the message ("rounds must be ..."), and the names
    listed after "option(s)" and "has:"."""
    message = re.sub(
        r"(option\(s\) |has: )([\w, -]+)",
        lambda m: m[1] + ", ".join(flag(n) if n != "none" else n for n in m[2].split(", ")),
        message,
    )
    for name in sorted(set(names), key=len, reverse=True):
        word = re.escape(name)
        message = re.sub(rf"'{word}'", flag(name), message)
        if "_" in name:
            message = re.sub(rf"(?<![\w-]){word}(?![\w-])", flag(name), message)
        else:
            message = re.sub(rf"^{word}(?= )", flag(name), message)
    return message


def option_lines(game_spec: GameSpec) -> list[str]:
    """The game's rule options as `--help` lists them: the flag (and its choices), the
    default, what it does."""
    schema = game_spec.option_schema()["properties"]
    lines = []
    for name, default, doc in game_spec.options():
        choices = schema[name].get("enum")
        if isinstance(default, bool):
            shown = f"{flag(name)} / --no-{name.replace('_', '-')}"
        elif choices:
            shown = f"{flag(name)} {{{','.join(str(c) for c in choices)}}}"
        else:
            shown = f"{flag(name)} VALUE"
        if isinstance(default, tuple):
            value = ",".join(str(v) for v in default)
        else:
            value = "none" if default is None else str(default).lower()
        lines.append(f"{shown} (default {value}): {doc}")
    return lines
