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
import os
import random
import threading
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


def watch_parent() -> None:
    """Run in each worker process as it starts: end the worker the moment the server
    process ends, however it ended (even SIGKILL, which gives the server no chance to stop
    its workers). The worker waits on the pipe from its parent, which closes when the parent
    dies."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait() -> None:
        parent.join()
        os._exit(1)

    threading.Thread(target=wait, name="kibitz-parent-watch", daemon=True).start()


class BotRunner:
    """Runs bot decisions in a pool of `workers` processes, or in threads when 0."""

    def __init__(self, workers: int = 1, seconds: float = 2.0) -> None:
        self.seconds = seconds
        self._pool: concurrent.futures.Executor
        if workers > 0:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                workers, mp_context=multiprocessing.get_context("spawn"), initializer=watch_parent
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
        """Stop at once: queued decisions are dropped and worker processes still thinking
        are ended (a bot's search may run for seconds; nobody waits for its move now)."""
        workers = list((getattr(self._pool, "_processes", None) or {}).values())
        self._pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(1.0)
            if worker.is_alive():
                worker.kill()
