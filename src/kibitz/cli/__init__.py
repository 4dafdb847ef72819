"""The `kibitz` command: play, replay, simulate, rules and more."""

from __future__ import annotations

import argparse
import importlib
import sys

from kibitz.core import KibitzError

COMMANDS = ("play", "replay", "simulate", "rules", "serve", "ratings", "arena", "bots", "schema")
"""Modules of `kibitz.cli`, each with `add_parser(subparsers)` setting `run(args, extra)`."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kibitz",
        description="Goxeso, X bere! and Kozel: play, replay and study them.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"kibitz.cli.{name}").add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; bad input prints one clear line and exits with code 2."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    try:
        code: int = args.run(args, extra)
    except KibitzError as error:
        print(f"kibitz: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (`kibitz ... | head`): nothing to report
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
