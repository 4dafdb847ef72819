"""The bot and clock scheduler: what plays on at a table without a player's message.

After every change of a playing table, `schedule(table)` starts a task for each seat that
must act and is not a present player: a bot seat's bot, an away seat's stand-in (or an
empty seat's, on a table with a turn clock), the turn clock of a present player (when it
runs out the player is marked away and the stand-in plays for them), and on a table without
a clock the table's patience with a seat (when it runs out, the table's connections get a
fresh state: the other players may now choose what happens, `life.py`). One task per
(table, seat) at a time; a task that is no longer wanted is cancelled, and a task that
wakes up to a changed table does nothing.

Each table seat has its own bot instance (`LiveTable.bots`): the decision runs in a worker
(`BotRunner`), which gets the instance with the view and gives it back with the move, so a
bot's memory follows its seat whichever worker decides.

With several server processes, a process schedules only the tables it holds the lease of
(`leases.py`), and asks again just before a bot's move is stored or a clock marks a player
away; it hears the other processes' moves through the fan-out (`events.py`), which calls
`schedule` as a local change does. A bot move refused because another process stored a move
first reads the table again and schedules anew.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any

from kibitz.bots import make_bot
from kibitz.core.rng import derive
from kibitz.server import logs
from kibitz.server.bots import BotRunner
from kibitz.server.errors import ServiceError
from kibitz.server.leases import Leases
from kibitz.server.moves import Moves
from kibitz.server.seating import Seating
from kibitz.server.tables import LiveTable, TableCache


class Scheduler:
    def __init__(
        self,
        cache: TableCache,
        bots: BotRunner,
        moves: Moves,
        seating: Seating,
        changed: Callable[[LiveTable], None],
        *,
        leases: Leases,
        owner: Callable[[str], str | None] = lambda _table_id: None,
    ) -> None:
        self.cache = cache
        self.bots = bots
        self.moves = moves
        self.seating = seating
        self.changed = changed
        self.leases = leases
        self.owner = owner
        """The address that created an all-bot table (its bots take turns for the workers
        with that address's other tables: `BotRunner`)."""
        self._tasks: dict[tuple[str, int], tuple[str, asyncio.Task[None]]] = {}
        self._closed = False

    def busy(self) -> set[str]:
        """The tables with a bot, stand-in or clock running (a patience timer does not keep
        its table in memory: it reads the table back when it runs out)."""
        return {
            table_id
            for (table_id, _), (kind, task) in self._tasks.items()
            if not task.done() and not kind.startswith("patience")
        }

    async def close(self) -> None:
        self._closed = True
        loop = asyncio.get_running_loop()  # a task of a loop that ended ended with it
        tasks = [task for _, task in self._tasks.values() if task.get_loop() is loop]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()

    def drop(self, table_ids: set[str]) -> None:
        """Stop the bots and clocks of these tables (another process drives them now)."""
        for key, (_, task) in list(self._tasks.items()):
            if key[0] in table_ids:
                task.cancel()
                del self._tasks[key]

    def schedule(self, table: LiveTable) -> None:
        """Start the bots whose seats must act, and the turn clocks of waiting players (with
        the table's lock held), at the tables this process holds the lease of."""
        if self._closed or table.row.status != "playing" or not self.leases.holds(table.id):
            return
        patience = table.patience_ends()
        for seat in table.game.to_act():
            s = table.seats[seat]
            if s.kind == "bot":
                self._start(table, seat, "bot", self._bot_turn(table.id, seat, s.bot or "random"))
            elif table.stands_in(seat):
                name = table.row.stand_in or "random"
                self._start(table, seat, "stand-in", self._bot_turn(table.id, seat, name))
            elif table.row.clock is not None:
                since = table.turn_since.get(seat, time.time())
                self._start(table, seat, f"clock {since}", self._clock(table.id, seat, since))
            elif seat in patience and patience[seat] > time.time():
                end = patience[seat]
                self._start(table, seat, f"patience {end}", self._patience(table.id, seat, end))

    def _start(
        self, table: LiveTable, seat: int, kind: str, work: Coroutine[Any, Any, None]
    ) -> None:
        key = (table.id, seat)
        running = self._tasks.get(key)
        if running is not None and not running[1].done():
            if running[0] == kind:
                work.close()
                return
            running[1].cancel()
        task = asyncio.get_running_loop().create_task(work)
        self._tasks[key] = (kind, task)

    def _finish_task(self, key: tuple[str, int]) -> None:
        running = self._tasks.get(key)
        if running is not None and running[1] is asyncio.current_task():
            del self._tasks[key]

    async def _bot_turn(self, table_id: str, seat: int, name: str) -> None:
        key = (table_id, seat)
        try:
            async with self.cache.hold(table_id):
                table = await self.cache.load(table_id)
                game = table.game
                if table.row.status != "playing" or seat not in game.to_act():
                    self._finish_task(key)
                    return
                view = game.view(seat)
                legal = list(game.legal_moves(seat))
                seed = derive(table.row.seed or 0, "bot", game.version, seat).getrandbits(63)
                bot = table.bots.get((seat, name)) or make_bot(table.row.game, name)
                all_bots = all(s.kind == "bot" for s in table.seats)
            text, bot = await self.bots.choose(
                bot,
                view,
                legal,
                seed,
                lane="bots" if all_bots else "people",
                owner=(self.owner(table_id) or table_id) if all_bots else table_id,
            )
            async with self.cache.hold(table_id):
                self._finish_task(key)
                table = await self.cache.load(table_id)
                table.bots[(seat, name)] = bot
                s = table.seats[seat]
                if (s.kind != "bot" and not table.stands_in(seat)) or not self.leases.holds(
                    table_id
                ):
                    return
                if seat not in table.game.to_act():  # chosen meanwhile: no bot changes a choice
                    return
                try:
                    await self.moves.apply(
                        table, seat, text, None, "bot" if s.kind == "bot" else "stand-in"
                    )
                except ServiceError as error:
                    if error.code not in ("not_your_turn", "illegal_move", "table_over"):
                        if error.code != "stale_version":
                            raise
                        table = await self.cache.load(table_id)  # read again
                    self.schedule(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            self._finish_task(key)
            logs.error("bot.failed", table=table_id, seat=seat)

    async def _clock(self, table_id: str, seat: int, since: float) -> None:
        key = (table_id, seat)
        table = self.cache.get(table_id)
        clock = table.row.clock if table is not None else None
        if clock is None:
            self._finish_task(key)
            return
        await asyncio.sleep(max(0.0, since + clock - time.time()))
        async with self.cache.hold(table_id):
            self._finish_task(key)
            table = await self.cache.load(table_id)
            s = table.seats[seat]
            if (
                table.row.status != "playing"
                or table.turn_since.get(seat) != since
                or s.kind != "player"
                or s.away
                or not self.leases.holds(table_id)
            ):
                return
            if await self.seating.away(table, seat):
                self.changed(table)

    async def _patience(self, table_id: str, seat: int, end: float) -> None:
        """At the end of the table's patience with `seat`, send everyone a fresh state (it
        says the other players may now choose); nothing if the seat has acted meanwhile."""
        key = (table_id, seat)
        while (left := end - time.time()) > 0:
            await asyncio.sleep(left)
        async with self.cache.hold(table_id):
            self._finish_task(key)
            table = await self.cache.load(table_id)
            if table.patience_ends().get(seat) == end and self.leases.holds(table_id):
                logs.event("table.patience_over", table=table_id, seat=seat)
                self.changed(table)
