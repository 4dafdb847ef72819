"""The table cache and the table locks: which tables this process holds in memory, and the
lock under which every change to one table is made.

The truth is the database; a `LiveTable` is a table's stored rows plus its game replayed from
the stored moves. `TableCache.load` reads a table back whenever it is not in memory (it was
never loaded, it was forgotten to keep memory bounded, or it was dropped because another
process stored a move first), so dropping an entry is always safe.

Every module that changes a table (seating, moves, chat, rematch, the scheduler, and the
fan-out when it follows another process's change) does it inside `TableCache.hold(table_id)`,
and nothing else in the server holds a table lock. The lock only orders the changes made by
this process; several processes are kept honest by the database (conditional writes, the
moves' primary key) and kept up to date by the fan-out (`events.py`). The per-table leases
(which process drives a table's bots and clock) sit in the scheduler, not here.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from kibitz.bots import Bot
from kibitz.core import Game, KibitzError, Record, start
from kibitz.core.gamelog import GameLog
from kibitz.server import logs
from kibitz.server.config import Limits
from kibitz.server.errors import ServiceError
from kibitz.server.ratelimit import TokenBucket
from kibitz.server.store import (
    RECENT_CHAT,
    ChatRow,
    MoveRow,
    SeatRow,
    Store,
    StoredTable,
    TableRow,
)

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


@dataclass(eq=False)
class LiveTable:
    """One table in the cache: its rows as stored, and its game replayed from the record."""

    row: TableRow
    seats: list[SeatRow]
    game: Game[Any]
    turn_since: dict[int, float] = field(default_factory=dict)
    """When each seat to act began to wait (for the turn clock)."""
    chat: deque[ChatRow] = field(default_factory=lambda: deque(maxlen=RECENT_CHAT))
    """The newest chat lines, for the players who (re)connect without a database read."""
    turn_version: dict[int, int] = field(default_factory=dict)
    """The state version at which each seat that may act began to wait: a client's version
    is current from there on (others' hidden simultaneous choices, and its own changes of a
    hidden choice, do not make it stale)."""
    chat_limits: dict[int | str, TokenBucket] = field(default_factory=dict)
    """How often each seat, or spectating player (by id), may still chat (forgotten with the
    table)."""
    bots: dict[tuple[int, str], Bot] = field(default_factory=dict)
    """The bot playing each (seat, bot name) here: one instance per table seat, so a bot
    that remembers (Goxeso) remembers only this table. The scheduler sends it with each
    decision to the worker that makes it and keeps the instance that comes back."""
    touched: float = field(default_factory=time.monotonic)
    """When the service last used the table (for `Limits.idle_kept`)."""
    log: GameLog | None = None
    """The game's log, built when a message first needs it (`gamelogs.table_log`)."""
    stale: bool = False
    """The cached state may be behind the database (another process stored a change first):
    the next `TableCache.load` reads it again, into this same object."""

    @property
    def id(self) -> str:
        return self.row.id

    def track_turns(self, now: float) -> None:
        """Note when each seat now to act began to wait, and at which version; forget the
        seats that no longer act (a seat that may still change its choice keeps its version,
        not its clock)."""
        game = self.game
        to_act = game.to_act()
        for seat in list(self.turn_since):
            if seat not in to_act:
                del self.turn_since[seat]
        for seat in list(self.turn_version):
            if not game.may_act(seat):
                del self.turn_version[seat]
        for seat in to_act:
            if seat not in self.turn_since:  # its turn begins (a reveal ends a change's)
                self.turn_since[seat] = now
                self.turn_version[seat] = game.version

    def stands_in(self, seat: int) -> bool:
        """A stand-in bot plays this seat now: its player is away, or (on a table with a turn
        clock) nobody holds it."""
        s = self.seats[seat]
        return s.kind != "bot" and (s.away or (self.row.clock is not None and s.kind != "player"))

    def patience_ends(self) -> dict[int, float]:
        """When the table's patience runs out for each seat it waits on (`life.py`): the
        seats to act that a person should play (not a bot, not an away player's stand-in),
        at a playing table without a turn clock (a clock has its own way: the stand-in).
        A seat's patience runs from when it began to wait, or from the last `wait`."""
        patience = self.row.patience
        if self.row.status != "playing" or self.row.clock is not None or patience is None:
            return {}
        return {
            seat: since + patience
            for seat, since in self.turn_since.items()
            if self.seats[seat].kind != "bot" and not self.seats[seat].away
        }

    def follow(self, row: MoveRow) -> None:
        """Apply the table's next move as another process stored it; the game checks it as
        it checks any move."""
        self.game.apply(row.seat, row.text)
        self.row.updated_at = row.at
        result = result_of(self.game)
        if result is not None:
            self.row.status = "over"
            self.row.result = result
        self.track_turns(row.at)

    def facts(self) -> tuple[Any, ...]:
        """What a connection sees of the table besides chat: a refresh that changes these
        must send the connections a new state."""
        row = self.row
        return (self.game.version, row.status, row.rematch_id, list(self.seats))

    def take(self, fresh: LiveTable) -> None:
        """Become `fresh` (the table as just read from the database), keeping what only this
        process knows: each seat's bot (its memory) and the chat rate limits."""
        self.row, self.seats, self.game = fresh.row, fresh.seats, fresh.game
        self.turn_since, self.turn_version = fresh.turn_since, fresh.turn_version
        self.chat = fresh.chat
        self.stale = False


def result_of(game: Game[Any]) -> dict[str, Any] | None:
    """A finished game's result as the table stores it (None while it goes on)."""
    outcome = game.outcome()
    if outcome is None:
        return None
    return {
        "scores": list(outcome.scores),
        "winners": sorted(outcome.winners),
        "teams": [list(side) for side in game.teams()],
    }


def record_of(stored: StoredTable) -> Record:
    """The game record of a stored table (its game replays from it)."""
    row = stored.row
    moves = tuple((m.seat, m.text) for m in stored.moves)
    return Record(row.game, row.players, row.options, row.seed, row.setup, moves)


class TableLocks:
    """One lock per table, kept only while someone holds it or waits for it: a server that
    has seen a million tables holds locks only for the few being changed right now."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    def held(self, table_id: str) -> bool:
        """Someone holds or waits for this table's lock."""
        return table_id in self._locks

    @asynccontextmanager
    async def hold(self, table_id: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(table_id) or (asyncio.Lock(), 0)
        self._locks[table_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[table_id]
            if users == 1:
                del self._locks[table_id]
            else:
                self._locks[table_id] = (lock, users - 1)


class TableCache:
    """The live tables of this process, read from the store on demand and forgotten when
    memory must stay bounded. `busy()` names the tables whose bots or clocks are running
    (the scheduler's): those are never forgotten while idle. `refreshed(table)` is called
    under the table's lock when a stale table read again has changed (the service tells the
    connections and schedules its bots)."""

    def __init__(
        self, store: Store, limits: Limits, busy: Callable[[], Collection[str]] = frozenset
    ) -> None:
        self.store = store
        self.limits = limits
        self.busy = busy
        self.refreshed: Callable[[LiveTable], None] = lambda table: None
        self.shared = False
        """Other processes store changes to these tables too (the site runs on Redis)."""
        self.live: dict[str, LiveTable] = {}
        self.locks = TableLocks()

    def hold(self, table_id: str) -> Any:
        """The table's lock (an async context manager)."""
        return self.locks.hold(table_id)

    def get(self, table_id: str) -> LiveTable | None:
        """The table if it is in memory (no database read)."""
        return self.live.get(table_id)

    def add(self, table: LiveTable) -> None:
        """Keep a table just created (call `forget` once its bots are scheduled)."""
        self.live[table.id] = table

    def drop(self, table_id: str) -> None:
        """The table's cached state may be behind the database: read it again at the next
        `load`."""
        table = self.live.get(table_id)
        if table is not None:
            table.stale = True

    async def load(self, table_id: str) -> LiveTable:
        """The table `table_id`, from memory or replayed from the store; call it with the
        table's lock held. `no_such_table` for an id that is not stored."""
        table = self.live.get(table_id)
        if table is not None:
            table.touched = time.monotonic()
            if table.stale and await self.refresh(table):
                self.refreshed(table)
            return table
        table = await self._read(table_id)
        self.live[table_id] = table
        self.forget()
        return table

    async def load_current(self, table_id: str) -> LiveTable:
        """`load`, but when other processes share the tables a cached one is first compared
        with the database (its row, seats and newer moves; no replay): a process that died
        between storing a change and publishing it leaves the others' caches behind, and
        its clients, reconnecting to another process, say hello through this."""
        table = self.live.get(table_id)
        if not self.shared or table is None or table.stale:
            return await self.load(table_id)
        before = table.facts()
        waiting = table.row.status == "waiting"
        await self.refresh_seats(table)
        if table.facts() != before:
            if waiting and table.row.status == "playing":  # the turns begin at the start
                table.turn_since.clear()
                table.turn_version.clear()
            table.track_turns(table.row.updated_at)
            self.refreshed(table)
        return table

    async def refresh(self, table: LiveTable) -> bool:
        """Read the cached `table` again from the database, in place (with its lock held);
        True if what its connections see has changed."""
        before = table.facts()
        table.take(await self._read(table.id))
        return table.facts() != before

    async def refresh_seats(self, table: LiveTable) -> None:
        """Read the cached `table`'s row and seats again, and the moves stored after its
        game's (with its lock held): after another process changed its seats, status or
        rematch. The game is not replayed from the start, as `refresh` does."""
        stored = await self.store.load(table.id, after=table.game.version)
        if stored is None:
            raise ServiceError("no_such_table")
        table.row, table.seats = stored.row, stored.seats
        try:
            for move in stored.moves:
                table.follow(move)
        except KibitzError:  # the cached game was not the stored one: read it all
            table.take(await self._read(table.id))

    async def catch_up(self, table: LiveTable) -> None:
        """After this process applied a move to the cached game that it could not store
        (another process stored a move of that number first): the game again from the moves
        before it and those stored since (one query, where `refresh` reads everything)."""
        record = Record.of(table.game)
        kept = record.moves[:-1]
        newer = await self.store.moves_after(table.id, len(kept))
        try:
            game = start(record)
            for seat, text in kept:
                game.apply(seat, text)
        except KibitzError:
            logs.error("table.replay_failed", table=table.id)
            raise ServiceError("internal") from None
        table.game = game
        for move in newer:
            table.follow(move)

    async def _read(self, table_id: str) -> LiveTable:
        if not isinstance(table_id, str) or not TABLE_ID.match(table_id):
            raise ServiceError("no_such_table")
        stored = await self.store.load(table_id)
        if stored is None:
            raise ServiceError("no_such_table")
        moves = stored.moves
        try:
            table = LiveTable(stored.row, stored.seats, start(record_of(stored)))
            table.track_turns(moves[0].at if moves else stored.row.updated_at)
            for move in moves:  # step by step: when (and since which version) seats wait
                table.game.apply(move.seat, move.text)
                table.track_turns(move.at)
        except KibitzError:
            logs.error("table.replay_failed", table=table_id)
            raise ServiceError("internal") from None
        table.chat.extend(stored.chat)
        return table

    def forget(self) -> None:
        """Keep memory bounded: drop the oldest ended tables beyond
        `Limits.finished_kept`, and unfinished tables idle for `Limits.idle_kept` seconds with
        no bot, stand-in or clock running and nobody changing them. The database has all of
        them; `load` reads one back when someone asks for it."""
        idle_since = time.monotonic() - self.limits.idle_kept
        busy = self.busy()
        finished = []
        for table in list(self.live.values()):
            if table.row.ended:
                finished.append(table)
            elif (
                table.touched < idle_since
                and table.id not in busy
                and not self.locks.held(table.id)
            ):
                del self.live[table.id]
        extra = len(finished) - self.limits.finished_kept
        if extra > 0:
            for table in sorted(finished, key=lambda t: t.row.updated_at)[:extra]:
                del self.live[table.id]
