"""Bots play their seats server-side, off the event loop: searches run in worker processes
(or threads), so no table waits for another table's bot."""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import multiprocessing
import random
from collections.abc import Sequence
from typing import Any

from kibitz.bots import Bot, Budget, make_bot
from kibitz.core import Move, View


@functools.cache
def _bot(game: str, name: str) -> Bot:
    return make_bot(game, name)


def choose(
    game: str, name: str, view: View, legal: Sequence[Move], *, seed: int, seconds: float
) -> str:
    """The notation of the move bot `name` chooses from `view` (runs in a worker)."""
    bot = _bot(game, name)
    move = bot.choose(view, legal, random.Random(seed), Budget(seconds=seconds))
    return str(move)


class BotRunner:
    """Runs bot decisions in a pool of `workers` processes, or in threads when 0."""

    def __init__(self, workers: int = 1, seconds: float = 2.0) -> None:
        self.seconds = seconds
        self._pool: concurrent.futures.Executor
        if workers > 0:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                workers, mp_context=multiprocessing.get_context("spawn")
            )
        else:
            self._pool = concurrent.futures.ThreadPoolExecutor(4, thread_name_prefix="bot")

    async def choose(
        self, game: str, name: str, view: View, legal: Sequence[Move], seed: int
    ) -> str:
        loop = asyncio.get_running_loop()
        call: Any = functools.partial(
            choose, game, name, view, list(legal), seed=seed, seconds=self.seconds
        )
        result: str = await loop.run_in_executor(self._pool, call)
        return result

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
