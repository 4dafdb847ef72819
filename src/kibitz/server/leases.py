"""Leases: which server process drives each table's bots and turn clock.

One process alone (no Redis) drives every table it holds: `Leases` grants everything. When
several processes share one PostgreSQL database (`DatabaseLeases`), a table with a bot seat,
an away seat (a stand-in plays it) or a turn clock is driven by the one process that holds
its lease: a row in `kibitz_leases` naming the holder and when the lease ends, by the
database's clock (the processes' clocks may disagree). The holder renews all its leases in
one statement every quarter of the lease's length; a process that stops renewing (killed,
frozen, cut off from the database) stops driving its tables a quarter of the length before
its leases end; once they have ended, the next process to look (each looks every quarter of
the length) takes them over: after a SIGKILL, within the length plus a quarter. The
scheduler asks `holds(table)` before each bot move and clock expiry; should two processes
ever both think they drive a table, the moves' primary key still stores only one move of
each number.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert

from kibitz.server import db, logs
from kibitz.server.store import ENDED, LIVE, Store, plays_on

Gained = Callable[[list[str]], Awaitable[None]]
"""Called with the tables a process has just begun to drive."""
Lost = Callable[[set[str]], None]
"""Called with the tables a process no longer drives (another process took them over)."""


class Leases:
    """One process drives every table: at start, every unfinished table that plays on by
    itself (a bot seat or a turn clock)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def holds(self, table_id: str) -> bool:
        return True

    async def claim(self, table_id: str) -> bool:
        """Drive a new table (True if this process now holds its lease)."""
        return True

    async def start(self, gained: Gained, lost: Lost) -> None:
        await gained(await self.store.running())

    async def close(self) -> None:
        """Give up every lease, so another process takes the tables over at once."""


NOW = sa.func.extract("epoch", sa.func.clock_timestamp())
"""The database's clock, in seconds since the epoch."""


class DatabaseLeases(Leases):
    """Per-table leases in PostgreSQL, `seconds` long."""

    def __init__(self, store: Store, seconds: float = 4.0) -> None:
        super().__init__(store)
        self.seconds = seconds
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.held: set[str] = set()
        self.valid_until = 0.0
        """Until when (this process's monotonic clock) the leases in `held` are surely
        still ours: a quarter of their length before the database lets anyone else take
        them."""
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        """A claim waits for a renewal under way (it would not be among the renewed)."""

    def holds(self, table_id: str) -> bool:
        return table_id in self.held and time.monotonic() < self.valid_until

    async def claim(self, table_id: str) -> bool:
        leases = db.leases
        until = NOW + self.seconds
        statement = (
            insert(leases)
            .values(table_id=table_id, holder=self.holder, expires_at=until)
            .on_conflict_do_update(
                index_elements=[leases.c.table_id],
                set_={"holder": self.holder, "expires_at": until},
                where=sa.or_(leases.c.expires_at < NOW, leases.c.holder == self.holder),
            )
            .returning(leases.c.table_id)
        )
        async with self._lock:
            claimed = await self.store.database.run(
                lambda conn: conn.execute(statement).first() is not None
            )
            if claimed:
                self.held.add(table_id)
        return claimed

    async def start(self, gained: Gained, lost: Lost) -> None:
        await self._tick(gained, lost)
        self._task = asyncio.get_running_loop().create_task(self._run(gained, lost))

    async def _run(self, gained: Gained, lost: Lost) -> None:
        while True:
            await asyncio.sleep(self.seconds / 4)
            try:
                await self._tick(gained, lost)
            except asyncio.CancelledError:
                raise
            except Exception:
                logs.error("leases.failed", held=len(self.held))

    async def _tick(self, gained: Gained, lost: Lost) -> None:
        """Renew this process's leases, forget finished tables' leases, and take over every
        unfinished table that plays on by itself and whose lease has ended (or that has
        none: its process died before it claimed it)."""
        async with self._lock:
            started = time.monotonic()
            finished, renewed, adopted = await self.store.database.run(self._renew_and_adopt)
            self.valid_until = started + self.seconds * 3 / 4
            gone = self.held - renewed - finished
            self.held = renewed | adopted
        if gone:
            logs.event("leases.lost", tables=len(gone))
            lost(gone)
        if adopted:
            logs.event("leases.taken", tables=len(adopted))
            await gained(sorted(adopted))

    def _renew_and_adopt(self, conn: sa.Connection) -> tuple[set[str], set[str], set[str]]:
        """(finished tables whose leases are gone, leases renewed, tables taken over)"""
        leases, tables = db.leases, db.tables
        until = NOW + self.seconds
        finished = conn.execute(
            sa.delete(leases)
            .where(leases.c.table_id == tables.c.id, tables.c.status.in_(ENDED))
            .returning(leases.c.table_id)
        )
        over = {row.table_id for row in finished}
        renewed = conn.execute(
            sa.update(leases)
            .where(leases.c.holder == self.holder)
            .values(expires_at=until)
            .returning(leases.c.table_id)
        )
        mine = {row.table_id for row in renewed}
        running = (
            sa.select(tables.c.id, sa.literal(self.holder), until)
            .where(tables.c.status.in_(LIVE), plays_on())
            .order_by(tables.c.id)
        )
        statement = insert(leases).from_select(["table_id", "holder", "expires_at"], running)
        adopted = conn.execute(
            statement.on_conflict_do_update(
                index_elements=[leases.c.table_id],
                set_={"holder": statement.excluded.holder, "expires_at": until},
                where=leases.c.expires_at < NOW,
            ).returning(leases.c.table_id)
        )
        return over, mine, {row.table_id for row in adopted}

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        statement = sa.delete(db.leases).where(db.leases.c.holder == self.holder)
        try:
            await self.store.database.run(lambda conn: conn.execute(statement))
        except Exception:
            logs.error("leases.release_failed")
        self.held.clear()
