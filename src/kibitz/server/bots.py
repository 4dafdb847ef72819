"""Bots play their seats server-side, off the event loop: searches run in worker processes
(or threads), so no table waits for another table's bot.

A decision is a call `decide(bot, view, legal, seed, seconds)`: the worker gets the seat's
own bot instance with the view and returns it with the move. A bot that remembers (Goxeso)
so keeps the memory of its one table seat, whichever worker makes the next decision; no
worker holds bots between calls.

Every table's bots share the workers, so the runner hands them out itself (one decision per
worker at a time) in two lanes: decisions at tables where a person plays (a bot opponent,
or the stand-in of an away player) go before those of all-bot tables, which nobody waits on
to play, and one worker is kept for the former. Within a lane the workers go round the
owners in turn (an all-bot table's owner is
the address that created it; every other table is its own), so a few busy tables of one
address cannot starve the others; and an all-bot table's bot thinks at most
`bot_table_seconds` a move, so all-bot tables finish their turns quickly.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import multiprocessing
import os
import random
import threading
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, Literal

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


Lane = Literal["people", "bots"]
"""`people`: a table where a person plays; `bots`: an all-bot table."""


class BotRunner:
    """Runs bot decisions in a pool of `workers` processes and one more kept for people's
    tables (all-bot tables use at most `workers` at once), or in 4 threads when 0 (all-bot
    tables: 3); a bot thinks `seconds` a move, at an all-bot table at most
    `bot_table_seconds`."""

    def __init__(
        self, workers: int = 1, seconds: float = 2.0, bot_table_seconds: float = 0.5
    ) -> None:
        self.seconds = seconds
        self.bot_table_seconds = min(seconds, bot_table_seconds)
        self._pool: concurrent.futures.Executor
        if workers > 0:
            self.size = workers + 1
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.size, mp_context=multiprocessing.get_context("spawn"), initializer=watch_parent
            )
        else:
            self.size = 4
            self._pool = concurrent.futures.ThreadPoolExecutor(4, thread_name_prefix="bot")
        self._running: dict[Lane, int] = {"people": 0, "bots": 0}
        """Decisions handed to a worker, by lane."""
        self._waiting: dict[Lane, OrderedDict[str, deque[asyncio.Future[None]]]] = {
            "people": OrderedDict(),
            "bots": OrderedDict(),
        }
        """The decisions waiting for a worker, by lane and owner (the owner first in line
        is served next, then goes to the back)."""

    async def choose(
        self,
        bot: Bot,
        view: View,
        legal: Sequence[Move],
        seed: int,
        *,
        lane: Lane = "people",
        owner: str = "",
    ) -> tuple[str, Bot]:
        """The move `bot` chooses, and the bot as it is after choosing (in a process pool a
        copy: keep it for the seat's next decision). It waits for a worker in `lane`, in
        turn with the other decisions of its `owner`."""
        seconds = self.seconds if lane == "people" else self.bot_table_seconds
        loop = asyncio.get_running_loop()
        call: Any = functools.partial(decide, bot, view, list(legal), seed, seconds)
        async with self._worker(lane, owner):
            result: tuple[str, Bot] = await loop.run_in_executor(self._pool, call)
        return result

    def _may_start(self, lane: Lane) -> bool:
        """A worker is free for `lane` (one is always left to people's tables)."""
        if sum(self._running.values()) >= self.size:
            return False
        return lane == "people" or self._running["bots"] < self.size - 1

    @asynccontextmanager
    async def _worker(self, lane: Lane, owner: str) -> AsyncIterator[None]:
        """Hold a worker for one decision: at once if one is free for the lane and nobody
        waits before it, else when `_hand_on` gives it."""
        ahead = self._waiting["people"] or (lane == "bots" and self._waiting["bots"])
        if self._may_start(lane) and not ahead:
            self._running[lane] += 1
        else:
            turn = asyncio.get_running_loop().create_future()
            self._waiting[lane].setdefault(owner, deque()).append(turn)
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._running[lane] -= 1  # given a worker it will not use
                    self._hand_on()
                else:
                    self._forget(lane, owner, turn)
                raise
        try:
            yield
        finally:
            self._running[lane] -= 1
            self._hand_on()

    def _forget(self, lane: Lane, owner: str, turn: asyncio.Future[None]) -> None:
        queue = self._waiting[lane].get(owner)
        if queue is not None and turn in queue:
            queue.remove(turn)
            if not queue:
                del self._waiting[lane][owner]

    def _hand_on(self) -> None:
        """Workers are free: give them to the next decisions waiting, people's lane first,
        the owners of a lane in turn."""
        for lane, queues in self._waiting.items():
            while queues and self._may_start(lane):
                owner, queue = next(iter(queues.items()))
                turn = queue.popleft()
                if queue:
                    queues.move_to_end(owner)
                else:
                    del queues[owner]
                if not turn.done():  # a cancelled one not yet forgotten
                    self._running[lane] += 1
                    turn.set_result(None)

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
