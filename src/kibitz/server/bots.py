"""Bots play their seats server-side, off the event loop: searches run in worker processes
(or threads), so no table waits for another table's bot.

A decision is a call `decide(bot, view, legal, seed, seconds)`: the worker gets the seat's
own bot instance with the view and returns it with the move. A bot that remembers (Goxeso)
so keeps the memory of its one table seat, whichever worker makes the next decision; no
worker holds bots between calls.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import multiprocessing
import random
from collections.abc import Sequence
from typing import Any

from kibitz.bots import Bot, Budget
from kibitz.core import Move, View


def decide(
    bot: Bot, view: View, legal: Sequence[Move], seed: int, seconds: float
) -> tuple[str, Bot]:
    """The notation of the move `bot` chooses from `view`, and the bot after choosing (runs
    in a worker)."""
    move = bot.choose(view, legal, random.Random(seed), Budget(seconds=seconds))
    return str(move), bot


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
        self, bot: Bot, view: View, legal: Sequence[Move], seed: int
    ) -> tuple[str, Bot]:
        """The move `bot` chooses, and the bot as it is after choosing (in a process pool a
        copy: keep it for the seat's next decision)."""
        loop = asyncio.get_running_loop()
        call: Any = functools.partial(decide, bot, view, list(legal), seed, self.seconds)
        result: tuple[str, Bot] = await loop.run_in_executor(self._pool, call)
        return result

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
