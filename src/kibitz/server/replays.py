"""Finished tables' replays, built once: a replay is every view of every move of a game (a
long table's is megabytes of JSON and seconds of work), and a finished table's never
changes, so each (table, seat) is built once (by the caller: in a thread, off the event
loop) and its JSON kept while the cache holds `budget` bytes. Requests for a replay being
built wait for that one build."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable


class ReplayCache:
    def __init__(self, budget: int = 64 * 1024 * 1024) -> None:
        self.budget = budget
        self._kept: OrderedDict[tuple[str, int | None], bytes] = OrderedDict()
        self._size = 0
        self._building: dict[tuple[str, int | None], asyncio.Task[bytes]] = {}

    async def get(
        self, key: tuple[str, int | None], build: Callable[[], Awaitable[bytes]]
    ) -> bytes:
        """The JSON of the replay `key` (table, seat); `await build()` makes it when not
        kept (an error it raises reaches every request waiting and is not kept)."""
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        task = self._building.get(key)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._build(key, build))
            self._building[key] = task
        return await asyncio.shield(task)

    async def _build(
        self, key: tuple[str, int | None], build: Callable[[], Awaitable[bytes]]
    ) -> bytes:
        try:
            data = await build()
        finally:
            del self._building[key]
        if len(data) <= self.budget:
            self._kept[key] = data
            self._size += len(data)
            while self._size > self.budget:
                _, old = self._kept.popitem(last=False)
                self._size -= len(old)
        return data
