"""Helpers shared by the server tests."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from kibitz.server import create_app, listener
from kibitz.server.bots import BotRunner
from kibitz.server.config import Limits, Settings
from kibitz.server.db import migrate, open_database
from kibitz.server.service import MatchService
from kibitz.server.store import Store

from .processes import free_port


@asynccontextmanager
async def open_service(
    url: str, limits: Limits | None = None, bot_workers: int = 0
) -> AsyncIterator[MatchService]:
    """A match service on `url` (migrated), with bots in threads (or `bot_workers`
    processes); closed afterwards."""
    database = open_database(url)
    await migrate(database)
    bots = BotRunner(bot_workers)
    service = MatchService(Store(database), bots, limits)
    try:
        yield service
    finally:
        await service.close()
        bots.close()
        await database.dispose()


REDIS = "redis://127.0.0.1:6379/0"


@asynccontextmanager
async def two_services(
    url: str, **options: Any
) -> AsyncIterator[tuple[MatchService, MatchService]]:
    """Two match services on one PostgreSQL database `url` (migrated) and the machine's
    Redis, under a prefix of their own: two processes of one site, in one; both listening
    before they are handed over, closed afterwards."""
    database = open_database(url)
    await migrate(database)
    prefix = f"kibitz-test-{secrets.token_hex(4)}:"
    bots = BotRunner(0)
    a, b = (
        MatchService(Store(database), bots, redis_url=REDIS, redis_prefix=prefix, **options)
        for _ in range(2)
    )
    try:
        await a.resume()
        await b.resume()
        await wait_for(lambda: a.events.up and b.events.up)  # type: ignore[attr-defined]
        yield a, b
    finally:
        await a.close()
        await b.close()
        bots.close()
        await database.dispose()


def slow_bots(service: MatchService, seconds: float, seat: int | None = None) -> None:
    """Let the service's bots (only the one playing `seat`, when given) think `seconds`
    longer, so a test can act while a bot or stand-in is still thinking."""
    choose = service.bots.choose

    async def slow(bot: Any, view: Any, *rest: Any, **options: Any) -> Any:
        if seat is None or view["seat"] == seat:
            await asyncio.sleep(seconds)
        return await choose(bot, view, *rest, **options)

    service.bots.choose = slow  # type: ignore[method-assign]


@contextmanager
def app_client(tmp_path: Path, limits: Limits) -> Iterator[TestClient]:
    """The app on a new SQLite file with `limits` and bots in threads, through Starlette's
    test client (a bug answers 500 as it would to a real client, rather than raising)."""
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", limits=limits, bot_workers=0
    )
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        yield client


async def a_bug(*_args: object) -> Any:
    """Stands in for a service method to show how the server answers a bug."""
    raise RuntimeError("a bug")


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def wait_for(predicate: Any, timeout: float = 10.0) -> None:
    """Poll `predicate()` (sync or async) until true."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        value = predicate()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return
        if loop.time() > end:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.01)


@contextmanager
def live_server(settings: Settings, app: FastAPI | None = None) -> Iterator[LiveServer]:
    """`settings`' app (or `app`) served as `kibitz serve` serves it (`listener.config`: its
    timeouts, caps and proxy rules) on a free loopback port, in a thread; stopped
    afterwards."""
    app = app or create_app(settings)
    port = free_port()
    server = uvicorn.Server(listener.config(app, settings, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield LiveServer(app, port)
    finally:
        server.should_exit = True
        thread.join(15)


@dataclass
class LiveServer:
    app: FastAPI
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"
