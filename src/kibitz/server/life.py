"""Table life: no table hangs on a player who does not come back.

A table without a turn clock has a patience (`TableRow.patience`, 3 minutes unless chosen
otherwise): once a seat it waits on (to act, played by a person, not away) has been silent
that long, the table's other players may `decide` what happens to it:

- `wait`: the patience starts again for it;
- `stand_in`: the seat is marked away and the table's stand-in bot plays it until its
  player returns (`hello`, `back`, a move or a chat line of theirs);
- `end`: the table is abandoned: it keeps its record, is not rated, and nothing more is
  played there.

The first decision made counts (any seated player who is not among those waited on may make
it). The scheduler's patience timer only sends a fresh state when the patience runs out; the
decision itself is checked against the time, so it needs no timer and works in any process.

Unfinished tables with no move and no player connected for `Limits.abandon_after` (a day)
are abandoned too: every process notes the tables its players are connected at
(`TableRow.seen_at`) and then abandons the idle ones every `Limits.sweep_every` seconds.
Each abandonment is one conditional UPDATE, so with several processes each table is
abandoned, and announced, once.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Collection

from kibitz.server import logs
from kibitz.server.errors import ServiceError
from kibitz.server.seating import Seating, seat_of
from kibitz.server.tables import LiveTable, TableCache

OVERDUE = 0.05
"""A patience with less than this left counts as run out (states show tenths of seconds)."""


def overdue(table: LiveTable, now: float) -> list[int]:
    """The seats whose patience has run out."""
    return sorted(seat for seat, end in table.patience_ends().items() if end - now < OVERDUE)


class TableLife:
    """Decisions on silent players, and the sweep of idle tables. `changed(table)` is called
    under the table's lock after each stored change; `claim(table_id)` makes this process
    drive a table where a stand-in now plays (`leases.py`); `connected()` names the tables
    where this process has players connected."""

    def __init__(
        self,
        cache: TableCache,
        seating: Seating,
        changed: Callable[[LiveTable], None],
        claim: Callable[[str], Awaitable[bool]],
        connected: Callable[[], Collection[str]],
    ) -> None:
        self.cache = cache
        self.store = cache.store
        self.seating = seating
        self.changed = changed
        self.claim = claim
        self.connected = connected
        self._task: asyncio.Task[None] | None = None

    async def decide(
        self, table_id: str, token: str | None, choice: str, player: str | None = None
    ) -> list[int]:
        """Make `choice` (`wait`, `stand_in` or `end`) for the seats whose patience has run
        out, as the player that `token` (or the signed-in `player`) names; returns those
        seats. `not_overdue` when no other seat has run out of patience."""
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            seat = seat_of(table, token, player)
            if table.row.status != "playing":
                raise ServiceError("table_over" if table.row.ended else "not_started")
            now = time.time()
            seats = [s for s in overdue(table, now) if s != seat]
            if not seats:
                raise ServiceError("not_overdue")
            await self.seating.back(table, seat)
            if choice == "wait":
                for s in seats:
                    table.turn_since[s] = now
            elif choice == "stand_in":
                for s in seats:
                    await self.seating.away(table, s)
                try:  # before `changed`, which starts the stand-in where the lease is held
                    await self.claim(table_id)
                except Exception:  # another process adopts it soon (`leases.py`)
                    logs.error("table.claim_failed", table=table_id)
            elif not await self.abandon(table, now):
                raise ServiceError("table_over")
            logs.event("table.decided", table=table_id, seat=seat, choice=choice, seats=seats)
            self.changed(table)
        return seats

    async def back(self, table_id: str, token: str | None, player: str | None = None) -> int:
        """The away player that `token` (or the signed-in `player`) names takes their seat
        back from the stand-in; returns the table's state version."""
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            seat = seat_of(table, token, player)
            if await self.seating.back(table, seat):
                self.changed(table)
            return table.game.version

    async def abandon(self, table: LiveTable, now: float) -> bool:
        """End the unfinished table as abandoned (with its lock held); False if it had
        ended already (elsewhere)."""
        if not await self.store.abandon([table.id], now):
            self.cache.drop(table.id)
            return False
        self._mark(table, now)
        return True

    @staticmethod
    def _mark(table: LiveTable, now: float) -> None:
        table.row.status = "abandoned"
        table.row.abandoned_at = now
        logs.event("table.abandoned", table=table.id)

    async def sweep(self, now: float | None = None) -> list[str]:
        """Note the tables where this process's players are connected, then abandon the
        unfinished tables idle for `Limits.abandon_after`; returns those abandoned here."""
        now = time.time() if now is None else now
        await self.store.seen(sorted(self.connected()), now)
        ended = await self.store.abandon_idle(now - self.cache.limits.abandon_after, now)
        for table_id in ended:
            async with self.cache.hold(table_id):
                try:
                    table = await self.cache.load(table_id)
                except ServiceError:
                    continue
                if not table.row.ended:  # held in memory from before: the database's news
                    self._mark(table, now)
                self.changed(table)
        return ended

    def start(self) -> None:
        """Sweep every `Limits.sweep_every` seconds until `close`."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.cache.limits.sweep_every)
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                logs.error("tables.sweep_failed")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
