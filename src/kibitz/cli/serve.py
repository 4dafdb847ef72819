"""`kibitz serve`: run the game server (needs the `server` extra)."""

from __future__ import annotations

import argparse
import contextlib
import os
from typing import Any

from kibitz.core import KibitzError


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "serve",
        help="run the game server (tables, bots, live play in the browser)",
        description="Run the kibitz server. Without --database-url it keeps its data in a "
        "SQLite file in your data directory (the path is printed at start). PostgreSQL: "
        "--database-url postgresql://user@host/db. Several processes serve one site when "
        "they share a PostgreSQL database and a Redis server (--redis-url; docs/deploy.md).",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database-url", help="SQLite file, sqlite:/// or postgresql:// URL")
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("KIBITZ_REDIS_URL") or None,
        help="redis://host:6379/0 shared by all the site's processes (needs PostgreSQL); "
        "default: $KIBITZ_REDIS_URL, else none (one process)",
    )
    parser.add_argument(
        "--lease-seconds",
        type=float,
        default=4.0,
        help="with Redis: how long a process's hold on a table's bots and clock lasts unless "
        "renewed (another process takes over a dead one's tables within about 1.25 times it)",
    )
    parser.add_argument(
        "--bot-workers", type=int, default=1, help="processes for bot searches (0: threads)"
    )
    parser.add_argument("--bot-seconds", type=float, default=2.0, help="thinking time a move")
    parser.add_argument(
        "--bot-table-seconds",
        type=float,
        default=0.5,
        help="the most a bot thinks for a move at an all-bot table (default 0.5)",
    )
    parser.add_argument(
        "--bot-tables-per-ip",
        type=int,
        help="unfinished all-bot tables one address may have (default 3)",
    )
    parser.add_argument(
        "--max-connections-per-ip", type=int, help="open WebSockets per client address"
    )
    parser.add_argument(
        "--http-connections-per-ip",
        type=int,
        help="open HTTP connections per client address, besides WebSockets",
    )
    parser.add_argument("--connects-per-minute", type=int, help="new WebSockets per address")
    parser.add_argument("--tables-per-minute", type=int, help="new tables per address")
    parser.add_argument("--requests-per-minute", type=int, help="REST requests per address")
    parser.add_argument(
        "--expensive-per-minute",
        type=int,
        help="of those, requests to listings, records and replays per address (default 120)",
    )
    parser.add_argument(
        "--messages-per-second", type=float, help="WebSocket messages a connection may send"
    )
    parser.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another origin (https://example.org) whose pages may open WebSockets here; "
        "the server's own is always allowed (repeatable)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="",
        metavar="ADDRESSES",
        help="comma-separated addresses or networks of reverse proxies whose X-Forwarded-For "
        "and X-Forwarded-Proto are believed ('*': any); default: none (docs/protocol.md, "
        "Deployment behind a proxy)",
    )
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning"])
    parser.add_argument(
        "--log-format",
        default="text",
        choices=["text", "json"],
        help="text: one readable line per event (default); json: one JSON object per line",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    if extra:
        raise KibitzError(f"unknown arguments: {' '.join(extra)}")
    try:
        import uvicorn

        from kibitz.server import Limits, Settings, create_app, listener, logs
        from kibitz.server.db import lock_sqlite_file
    except ImportError as error:
        raise missing_extra(error) from None
    import dataclasses
    import logging

    url, where = database_url(args.database_url)
    overrides = {
        name: value
        for name in (
            "max_connections_per_ip",
            "http_connections_per_ip",
            "connects_per_minute",
            "tables_per_minute",
            "bot_tables_per_ip",
            "requests_per_minute",
            "expensive_per_minute",
            "messages_per_second",
        )
        if (value := getattr(args, name)) is not None
    }
    limits = dataclasses.replace(Limits(), **overrides)
    try:
        settings = Settings(
            database_url=url,
            limits=limits,
            bot_workers=args.bot_workers,
            bot_seconds=args.bot_seconds,
            bot_table_seconds=args.bot_table_seconds,
            allowed_origins=tuple(args.allowed_origin),
            forwarded_allow_ips=tuple(
                p.strip() for p in args.forwarded_allow_ips.split(",") if p.strip()
            ),
            redis_url=args.redis_url,
            lease_seconds=args.lease_seconds,
        )
    except ValueError as error:
        raise KibitzError(str(error)) from None
    try:
        listener.Proxies(settings.forwarded_allow_ips)
    except ValueError as error:
        raise KibitzError(f"--forwarded-allow-ips: {error}") from None
    try:
        lock = lock_sqlite_file(url)  # held until this process ends
    except ValueError as error:
        raise KibitzError(str(error)) from None
    logs.setup(getattr(logging, args.log_level.upper()), args.log_format)
    _raise_open_files_limit()
    _tune_garbage_collector()
    shown = "[::1]" if args.host == "::1" else args.host
    print(f"kibitz server: database {_hide_password(where)}", flush=True)
    if settings.redis_url:
        print(f"kibitz server: Redis {_hide_password(settings.redis_url)}", flush=True)
    print(f"kibitz server: open http://{shown}:{args.port}/ (Ctrl+C stops it)", flush=True)
    uvicorn.Server(listener.config(create_app(settings), settings, args.host, args.port)).run()
    if lock is not None:
        lock.close()
    return 0


def _tune_garbage_collector() -> None:
    """Keep the cyclic garbage collector's pauses short in a long-running server. A full
    collection walks every tracked object: with a few hundred tables and 800 connections in
    memory that took 100-300 ms here, held up every move in flight and made most of the
    benchmark's p99 (docs/deploy.md). What exists before serving (modules, classes,
    functions) lives as long as the process: `gc.freeze()` takes it out of every later walk.
    The thresholds make a full collection come after 500,000 net allocations at the
    earliest, not 70,000, and keep the middle generation small enough to walk in a few
    milliseconds."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(5_000, 5, 20)


def _raise_open_files_limit() -> None:
    """Let the server hold as many sockets as the system allows this process (often 1,024 by
    default, far below what the per-address limits let many clients open)."""
    try:
        import resource
    except ImportError:  # not on Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def missing_extra(error: ImportError) -> KibitzError:
    """The error for a command that needs the `server` extra when it is not installed."""
    return KibitzError(
        f"the server needs the 'server' extra ({error.name} is missing): "
        "pip install 'kibitz[server]'"
    )


def database_url(given: str | None) -> tuple[str, str]:
    """The server's database URL from `--database-url` (or the default SQLite file), and
    how to name it to the user."""
    from kibitz.server.config import default_database_path, normalize_database_url

    if given:
        try:
            url = normalize_database_url(given)
        except ValueError as error:
            raise KibitzError(str(error)) from None
        return url, url
    path = default_database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}", str(path)


def _hide_password(url: str) -> str:
    if "://" in url and "@" in url:
        scheme, rest = url.split("://", 1)
        credentials, host = rest.rsplit("@", 1)
        if ":" in credentials:
            credentials = credentials.split(":", 1)[0] + ":***"
        return f"{scheme}://{credentials}@{host}"
    return url
