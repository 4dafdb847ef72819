"""Table events: how a stored change reaches the connections that watch the table, in this
process and in every other process of the site.

The match service calls, always under the table's lock and only after the database has the
change: `moved(table, move)` (a move was stored), `state_changed(table)` (seats, status or
rematch changed: each connection then needs its own `state`), `said(table, message)` (a chat
line for everyone at the table) and `presence_changed(table)` (a seated connection came or
went: nothing stored, but the seats' `connected` flags changed). The listeners of this
process (the WebSocket hub) hear each one at once, so they see the changes of a table one at
a time and in the order they were stored.

Two implementations, chosen at start:

- `TableEvents`: one process. Its listeners are all there is.
- `RedisEvents`: several processes sharing one PostgreSQL database and one Redis server. Each
  event is also published on one Redis pub/sub channel with a per-table sequence number
  (Redis counts it: `INCR` and `PUBLISH` in one script, so the numbers of a table follow the
  order of publication). Every process applies the others' events to the tables it holds in
  memory (a move is replayed onto the cached game; any other change re-reads the table's
  row and seats, and the moves stored after those known, from the database) and tells its
  own listeners; a table whose next number is not the one
  expected has missed a message, so it is read again and every connection there gets a fresh
  `state`. Each process also says every two seconds which seats are connected to it, so the
  `connected` flags cover the whole site and a process that died is forgotten.

When Redis does not answer, every process goes on alone: moves are stored and each process's
own connections hear them; events that could not be published are counted, and once Redis
answers again each process reads back every table it holds and sends its connections fresh
states (their changes may have been made elsewhere meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import time
from collections import deque
from collections.abc import Callable, Collection, Mapping
from typing import Any, Protocol

import orjson

from kibitz.core import KibitzError
from kibitz.server import logs, protocol
from kibitz.server.errors import ServiceError
from kibitz.server.render import chat_message
from kibitz.server.store import ChatRow, MoveRow
from kibitz.server.tables import LiveTable, TableCache

Listener = Callable[[LiveTable, protocol.ChatMessage | None], None]
"""Called under the table's lock after each change: with None when the table's state
changed (each connection then needs its own view), or with a public message for everyone
at the table (a chat line)."""


class Presence(Protocol):
    """Which seats of which tables have a connection in this process (the hub)."""

    def here(self, table_id: str) -> Collection[int]: ...

    def everywhere(self) -> Mapping[str, Collection[int]]: ...


class NoPresence:
    def here(self, table_id: str) -> Collection[int]:
        return ()

    def everywhere(self) -> Mapping[str, Collection[int]]:
        return {}


class TableEvents:
    """The in-process fan-out: every listener of this process hears every table's events."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []
        self.presence: Presence = NoPresence()

    def subscribe(self, listener: Listener, presence: Presence | None = None) -> None:
        self.listeners.append(listener)
        if presence is not None:
            self.presence = presence

    def moved(self, table: LiveTable, move: MoveRow) -> None:
        self.tell(table, None)

    def state_changed(self, table: LiveTable) -> None:
        self.tell(table, None)

    def said(self, table: LiveTable, message: protocol.ChatMessage) -> None:
        self.tell(table, message)

    def presence_changed(self, table: LiveTable) -> None:
        self.tell(table, None)

    def elsewhere(self, table_id: str) -> frozenset[int]:
        """The seats of the table connected to other processes."""
        return frozenset()

    async def start(self) -> None:
        """Start listening to the other processes (nothing to do alone)."""

    async def close(self) -> None:
        """Stop; the other processes forget this one's connections."""

    async def health(self) -> str | None:
        """ "ok", "unreachable", or None when there is no fan-out between processes."""
        return None

    def tell(self, table: LiveTable, message: protocol.ChatMessage | None) -> None:
        """Tell this process's listeners only (with the table's lock held)."""
        for listener in self.listeners:
            try:
                listener(table, message)
            except Exception:
                logs.error("listener.failed", table=table.id)


SEQUENCE_SCRIPT = """
local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], 86400)
redis.call('PUBLISH', KEYS[2], n .. '|' .. ARGV[1])
return n
"""
"""Number a table's event and publish it in one step: the numbers of a table's events are
in the order they were published, whichever process published them. A counter unused for a
day expires (the next event starts again at 1, which looks like a gap: one needless
refresh)."""

UNNUMBERED = b"-"

HEARTBEAT = 2.0
"""Seconds between two of a process's presence messages; one not heard from for three of
them is taken for dead and its connections forgotten."""


class RedisEvents(TableEvents):
    """The fan-out between processes through Redis pub/sub (`redis.asyncio`).

    `url` is a redis:// URL; `prefix` starts the names of the channel and keys (several
    sites may share one Redis). `cache` holds the tables this process follows; `followed`
    is called after another process's change was applied to a table (under its lock, or
    while nothing holds or awaits it): the scheduler then starts the bots and clocks this
    process drives there.
    """

    def __init__(
        self,
        url: str,
        cache: TableCache,
        followed: Callable[[LiveTable], None],
        prefix: str = "kibitz:",
    ) -> None:
        super().__init__()
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self.url = url
        self.cache = cache
        self.followed = followed
        self.prefix = prefix
        self.channel = f"{prefix}events"
        self.origin = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        options: dict[str, Any] = {"socket_connect_timeout": 2, "health_check_interval": 5}
        self.redis = redis.Redis.from_url(
            url, socket_timeout=5, retry=Retry(NoBackoff(), 1), **options
        )
        # No retries while listening: a lost connection must surface, to catch up after it.
        self.listening = redis.Redis.from_url(url, retry=Retry(NoBackoff(), 0), **options)
        self._sha: str | None = None
        self._outbox: deque[tuple[str | None, bytes]] = deque()
        self._wake = asyncio.Event()
        self._unsent: set[str] = set()
        """Tables whose events could not be published: once Redis answers, an event that
        makes every other process read them again."""
        self._seq: dict[str, int] = {}
        """The last sequence number heard of each table held in memory."""
        self._inbox: dict[str, deque[tuple[int | None, dict[str, Any]]]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._others: dict[str, dict[str, frozenset[int]]] = {}
        """Each other process's connected seats, by table."""
        self._heard: dict[str, float] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.up = False
        """The subscription is live (events of the other processes arrive)."""

    # ------------------------------------------------------------------ publishing

    def moved(self, table: LiveTable, move: MoveRow) -> None:
        self.tell(table, None)
        move_fields = [move.seat, move.text, move.at, move.by]
        self._publish(table.id, {"k": "move", "v": table.game.version, "m": move_fields})

    def state_changed(self, table: LiveTable) -> None:
        self.tell(table, None)
        turns = {
            str(seat): [since, table.turn_version.get(seat)]
            for seat, since in table.turn_since.items()
        }
        self._publish(table.id, {"k": "table", "v": table.game.version, "turns": turns})

    def said(self, table: LiveTable, message: protocol.ChatMessage) -> None:
        self.tell(table, message)
        line = [message.seat, message.nickname, message.text, message.at]
        self._publish(table.id, {"k": "chat", "line": line})

    def presence_changed(self, table: LiveTable) -> None:
        self.tell(table, None)
        seats = sorted(self.presence.here(table.id))
        self._publish(None, {"k": "here", "t": table.id, "seats": seats})

    def elsewhere(self, table_id: str) -> frozenset[int]:
        seats: frozenset[int] = frozenset()
        for tables in self._others.values():
            seats |= tables.get(table_id, frozenset())
        return seats

    def _publish(self, table_id: str | None, body: dict[str, Any]) -> None:
        body["o"] = self.origin
        if table_id is not None:
            body["t"] = table_id
        self._outbox.append((table_id, orjson.dumps(body)))
        self._wake.set()

    async def _send(self) -> None:
        """Publish the outbox in order, many events per round trip."""
        from redis.exceptions import NoScriptError, RedisError

        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                batch = list(self._outbox)
                self._outbox.clear()
                try:
                    try:
                        await self._publish_batch(batch)
                    except NoScriptError:  # Redis restarted and forgot the script
                        self._sha = None
                        await self._publish_batch(batch)
                    if self._unsent:
                        again, self._unsent = self._unsent, set()
                        await self._publish_batch(
                            [
                                (t, orjson.dumps({"k": "table", "o": self.origin, "t": t}))
                                for t in sorted(again)
                            ]
                        )
                except (RedisError, OSError):
                    self._unsent.update(t for t, _ in batch if t is not None)
                    logs.error("redis.publish_failed", events=len(batch))
                    await asyncio.sleep(0.5)

    async def _publish_batch(self, batch: list[tuple[str | None, bytes]]) -> None:
        if self._sha is None:
            self._sha = await self.redis.script_load(SEQUENCE_SCRIPT)
        channel = self.channel
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id, data in batch:
                if table_id is None:
                    pipe.publish(channel, UNNUMBERED + b"|" + data)
                else:
                    pipe.evalsha(self._sha, 2, f"{self.prefix}seq:{table_id}", channel, data)
            await pipe.execute()

    # ------------------------------------------------------------------ listening

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._send()),
            loop.create_task(self._listen()),
            loop.create_task(self._beat()),
        ]

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.redis.publish(self.channel, self._bye()), 1)
        for task in [*self._tasks, *self._workers.values()]:
            task.cancel()
        await asyncio.gather(*self._tasks, *self._workers.values(), return_exceptions=True)
        await self.redis.aclose()
        await self.listening.aclose()

    def _bye(self) -> bytes:
        return UNNUMBERED + b"|" + orjson.dumps({"k": "bye", "o": self.origin})

    async def health(self) -> str | None:
        try:
            await asyncio.wait_for(self.redis.ping(), 2)
        except Exception:
            return "unreachable"
        return "ok"

    async def _listen(self) -> None:
        """Hear the channel; after every loss of the connection, catch up (every table held
        is read again) once it is back."""
        from redis.exceptions import RedisError

        first = True
        while True:
            pubsub = self.listening.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                await pubsub.get_message(timeout=1)  # the subscription's confirmation
                self.up = True
                self._seq.clear()
                if not first:
                    logs.event("redis.back")
                    await self._catch_up()
                first = False
                while True:
                    message = await pubsub.get_message(timeout=HEARTBEAT)
                    if message is not None:
                        self._receive(message["data"])
            except (RedisError, OSError):
                if self.up or first:
                    logs.error("redis.lost")
                self.up = first = False
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call,unused-ignore]

    async def _catch_up(self) -> None:
        """Read every table held in memory again and send its connections fresh states."""
        for table_id in list(self.cache.live):
            self._queue(table_id, None, {"k": "table", "o": ""})

    async def _beat(self) -> None:
        """Say which seats are connected here; forget the processes not heard from."""
        while True:
            tables = {t: sorted(seats) for t, seats in self.presence.everywhere().items()}
            body = orjson.dumps({"k": "alive", "o": self.origin, "tables": tables})
            with contextlib.suppress(Exception):
                await self.redis.publish(self.channel, UNNUMBERED + b"|" + body)
            now = time.monotonic()
            for origin, heard in list(self._heard.items()):
                if now - heard > 3 * HEARTBEAT:
                    self._forget_process(origin)
            for table_id in list(self._seq):
                if table_id not in self.cache.live:
                    del self._seq[table_id]
            await asyncio.sleep(HEARTBEAT)

    def _receive(self, data: bytes) -> None:
        number, _, body = data.partition(b"|")
        try:
            event: dict[str, Any] = orjson.loads(body)
            origin = event["o"]
            kind = event["k"]
        except (orjson.JSONDecodeError, KeyError, TypeError):
            logs.error("redis.bad_event")
            return
        if kind in ("alive", "bye"):
            if origin != self.origin:
                if kind == "bye":
                    self._forget_process(origin)
                else:
                    self._heard[origin] = time.monotonic()
                    tables = {t: frozenset(s) for t, s in event["tables"].items()}
                    self._set_presence(origin, tables)
            return
        table_id = event["t"]
        if kind == "here":
            if origin != self.origin:
                tables = dict(self._others.get(origin, {}))
                tables[table_id] = frozenset(event["seats"])
                self._heard.setdefault(origin, time.monotonic())
                self._set_presence(origin, tables)
            return
        self._queue(table_id, None if number == UNNUMBERED else int(number), event)

    def _set_presence(self, origin: str, tables: dict[str, frozenset[int]]) -> None:
        old = self._others.get(origin, {})
        self._others[origin] = {t: s for t, s in tables.items() if s}
        for table_id in set(old) | set(tables):
            if old.get(table_id, frozenset()) != tables.get(table_id, frozenset()):
                self._queue(table_id, None, {"k": "presence", "o": origin})

    def _forget_process(self, origin: str) -> None:
        self._heard.pop(origin, None)
        if origin in self._others:
            self._set_presence(origin, {})
            del self._others[origin]

    def _queue(self, table_id: str, number: int | None, event: dict[str, Any]) -> None:
        """Each table's events are followed in order by a task of its own, so a table whose
        lock is busy holds up no other table. A table not held here is left alone: whoever
        loads it reads the database."""
        if table_id not in self.cache.live:
            return
        inbox = self._inbox.get(table_id)
        if inbox is None and number is not None and event["o"] == self.origin:
            last = self._seq.get(table_id)  # one's own event: only its number to note
            self._seq[table_id] = number
            if last is None or number == last + 1:
                return
            number = None  # a gap: read the table again (below, in order)
            event = {"k": "table", "o": ""}
        if inbox is None:
            try:
                if self._follow_at_once(table_id, number, event):
                    return
            except Exception:  # a malformed event: as `_drain` treats one
                logs.error("redis.follow_failed", table=table_id)
                return
        if inbox is None:
            inbox = self._inbox[table_id] = deque()
        inbox.append((number, event))
        if table_id not in self._workers:
            task = asyncio.get_running_loop().create_task(self._drain(table_id))
            self._workers[table_id] = task

    async def _drain(self, table_id: str) -> None:
        inbox = self._inbox[table_id]
        try:
            while inbox:
                number, event = inbox.popleft()
                try:
                    await self._follow(table_id, number, event)
                except ServiceError:
                    pass  # the table is gone from the database, or cannot be read now
                except Exception:
                    logs.error("redis.follow_failed", table=table_id)
        finally:
            del self._workers[table_id]
            del self._inbox[table_id]

    async def _follow(self, table_id: str, number: int | None, event: dict[str, Any]) -> None:
        """Apply one event of another process (or notice a gap) to the table held here."""
        async with self.cache.hold(table_id):
            table = self.cache.get(table_id)
            if table is None:
                return
            kind = event["k"]
            mine = event["o"] == self.origin
            gap = False
            if number is not None:
                last = self._seq.get(table_id)
                self._seq[table_id] = number
                gap = last is not None and number != last + 1
            if gap or table.stale or (kind == "table" and not mine):
                covered, skipped = self._covered(table_id)
                gap = gap or skipped
                if gap or table.stale:  # the table must be read again from its first move
                    await self.cache.refresh(table)
                else:
                    await self.cache.refresh_seats(table)
                for each in (event, *covered):
                    self._set_turns(table, each)
                self.tell(table, None)
                self.followed(table)
                if kind == "chat" and not mine:  # the refresh read the line with the chat
                    self.tell(table, chat_message(table_id, _chat_row(event)))
                return
            if mine:
                return
            if kind == "presence":
                self.tell(table, None)
            elif kind == "chat":
                line = _chat_row(event)
                table.chat.append(line)
                self.tell(table, chat_message(table_id, line))
            elif kind == "move":
                await self._follow_move(table, event)

    def _covered(self, table_id: str) -> tuple[list[dict[str, Any]], bool]:
        """Take out of the table's inbox the events just behind the one being followed that
        a read of the table about to be made covers: another change of seats or status, a
        move, a presence (each published after its change was stored, so the read sees it).
        Under a burst (a rematch's four joins) one read then answers several events.
        Returns them, and whether their numbers skipped one (an event lost)."""
        inbox = self._inbox.get(table_id)
        covered: list[dict[str, Any]] = []
        skipped = False
        while inbox and inbox[0][1]["k"] in ("table", "move", "presence"):
            number, event = inbox.popleft()
            if number is not None:
                last = self._seq.get(table_id)
                self._seq[table_id] = number
                skipped |= last is not None and number != last + 1
            covered.append(event)
        return covered, skipped

    def _follow_at_once(self, table_id: str, number: int | None, event: dict[str, Any]) -> bool:
        """Follow another process's move here and now, as `_follow` would, when it is the
        next move and event of a table that nothing else holds or waits for (most moves): a
        task, the lock and `_follow`'s coroutines cost more than following the move does. A
        move the game refuses marks the table stale, for `_follow` to read it again."""
        if event["k"] != "move" or number is None or event["o"] == self.origin:
            return False
        table = self.cache.live[table_id]
        last = self._seq.get(table_id)
        if (
            self.cache.locks.held(table_id)
            or table.stale
            or (last is not None and number != last + 1)
            or event["v"] != table.game.version + 1
        ):
            return False
        if not self._next_move(table, event):
            table.stale = True
            return False
        self._seq[table_id] = number
        self.tell(table, None)
        self.followed(table)
        return True

    async def _follow_move(self, table: LiveTable, event: dict[str, Any]) -> None:
        version = event["v"]
        if version <= table.game.version:
            return  # already known (read from the database after it was stored)
        if version != table.game.version + 1 or not self._next_move(table, event):
            await self.cache.refresh(table)
        self.tell(table, None)
        self.followed(table)

    @staticmethod
    def _next_move(table: LiveTable, event: dict[str, Any]) -> bool:
        """Apply the event's move, the table's next; False if the game refuses it."""
        seat, text, at, by = event["m"]
        try:
            table.follow(MoveRow(seat, text, at, by))
        except KibitzError:
            logs.error("redis.move_refused", table=table.id, version=event["v"])
            return False
        return True

    @staticmethod
    def _set_turns(table: LiveTable, event: dict[str, Any]) -> None:
        """The turn clocks' starts as the process that made the change knew them (a player
        who came back got a whole clock again; the database keeps only move times)."""
        if event.get("v") != table.game.version:
            return
        for seat_text, (since, version) in event.get("turns", {}).items():
            seat = int(seat_text)
            if seat in table.turn_since:
                table.turn_since[seat] = since
                if version is not None:
                    table.turn_version[seat] = version


def _chat_row(event: dict[str, Any]) -> ChatRow:
    seat, nickname, text, at = event["line"]
    return ChatRow(seat, nickname, text, at)
