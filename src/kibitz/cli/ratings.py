"""`kibitz ratings rebuild`: rate every finished table of the server's database again (needs
the `server` extra)."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from kibitz.core import KibitzError


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "ratings",
        help="the server's player ratings (rebuild them from the stored games)",
        description="Player ratings of the kibitz server's database.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    rebuild = actions.add_parser(
        "rebuild",
        help="forget every rating and rate every finished table again from its record",
        description="Forget every rating and rate every finished table again from its stored "
        "record, in the order the tables finished: the same ratings the live server gives. "
        "Without --database-url it uses the database `kibitz serve` uses by default.",
    )
    rebuild.add_argument("--database-url", help="SQLite file, sqlite:/// or postgresql:// URL")
    rebuild.set_defaults(run=run)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    if extra:
        raise KibitzError(f"unknown arguments: {' '.join(extra)}")
    from kibitz.cli.serve import database_url, missing_extra

    try:
        from kibitz.server.db import migrate, open_database
        from kibitz.server.rater import rebuild
    except ImportError as error:
        raise missing_extra(error) from None
    url, _ = database_url(args.database_url)

    async def main() -> tuple[int, int]:
        database = open_database(url)
        try:
            await migrate(database)
            return await rebuild(database)
        finally:
            await database.dispose()

    rated, finished = asyncio.run(main())
    print(f"rated {rated} of {finished} finished tables")
    return 0
