"""Game rule options from the command line: `--size 6 --variant cross --classic`."""

from __future__ import annotations

from typing import Any

from kibitz.core import OptionError


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
