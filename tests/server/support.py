"""Helpers shared by the server tests."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from kibitz.server.bots import BotRunner
from kibitz.server.config import Limits
from kibitz.server.db import migrate, open_database
from kibitz.server.service import MatchService
from kibitz.server.store import Store


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


def slow_bots(service: MatchService, seconds: float, seat: int | None = None) -> None:
    """Let the service's bots (only the one playing `seat`, when given) think `seconds`
    longer, so a test can act while a bot or stand-in is still thinking."""
    choose = service.bots.choose

    async def slow(bot: Any, view: Any, *rest: Any) -> Any:
        if seat is None or view["seat"] == seat:
            await asyncio.sleep(seconds)
        return await choose(bot, view, *rest)

    service.bots.choose = slow  # type: ignore[method-assign]


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
