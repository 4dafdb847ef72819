"""The match service: the one authority between the transports and the games.

Every change to a table goes through here, under that table's lock, in a fixed order of
checks (`act`: the table exists, it is not over, the caller holds the seat, the seat may act
now, the move is legal, the caller's state version is current), then the change is stored,
and only after the database has it are listeners (the WebSocket hub) told.

The truth is the database. `MatchService` keeps a cache of live games replayed from stored
records; the cache belongs to one service object (no module-level state), and a move that
another process stored first (the moves' primary key refuses the second) drops the cache
entry, so several server processes can share one database.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import AsyncIterator, Callable, Collection, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import kibitz.games  # noqa: F401  (registers every game)
from kibitz.bots import available
from kibitz.core import (
    Game,
    KibitzError,
    NotationError,
    Record,
    make,
    replay,
    spec,
)
from kibitz.core.options import options_to_dict
from kibitz.core.rng import derive, fresh_seed
from kibitz.server import logs
from kibitz.server.bots import BotRunner
from kibitz.server.config import Limits
from kibitz.server.errors import ServiceError
from kibitz.server.ratelimit import TokenBucket
from kibitz.server.store import RECENT_CHAT, ChatRow, MoveRow, SeatRow, Store, TableRow

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
SEAT_KINDS = ("open", "invited", "bot")


def hash_secret(secret: str) -> str:
    """Tokens and invite codes are stored only as hashes."""
    return hashlib.sha256(secret.encode()).hexdigest()


def clean_text(text: Any, limit: int, code: str) -> str:
    """Plain text: control and format characters removed, white space collapsed, 1 to
    `limit` characters; else `ServiceError(code)`."""
    if not isinstance(text, str):
        raise ServiceError(code)
    plain = unicodedata.normalize("NFC", text)
    plain = "".join(ch for ch in plain if not unicodedata.category(ch).startswith("C"))
    plain = " ".join(plain.split())
    if not 1 <= len(plain) <= limit:
        raise ServiceError(code)
    return plain


@dataclass(frozen=True)
class SeatSpec:
    """How a seat starts: `open` (anyone may sit), `invited` (only with the invite code the
    creator gets) or `bot` with a bot name or level."""

    kind: str = "open"
    bot: str | None = None


@dataclass(frozen=True)
class Created:
    table: str
    invites: dict[int, str]
    """Invite code of each invited seat (only the creator learns them)."""


@dataclass(frozen=True)
class Seated:
    table: str
    seat: int
    token: str
    nickname: str


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
    """The state version at which each seat to act began to wait: a client's version is
    current from there on (others' hidden simultaneous choices do not make it stale)."""
    chat_limits: dict[int, TokenBucket] = field(default_factory=dict)
    """How often each seat may still chat (forgotten with the table)."""
    touched: float = field(default_factory=time.monotonic)
    """When the service last used the table (for `Limits.idle_kept`)."""

    @property
    def id(self) -> str:
        return self.row.id


Listener = Callable[[LiveTable, dict[str, Any] | None], None]
"""Called under the table's lock after each stored change: with None when the table's state
changed (each connection then needs its own view), or with a public message for everyone
at the table (a chat line)."""


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


class MatchService:
    """Tables, seats, moves, bots, turn clocks, chat and rematches."""

    def __init__(self, store: Store, bots: BotRunner, limits: Limits | None = None) -> None:
        self.store = store
        self.bots = bots
        self.limits = limits or Limits()
        self.listeners: list[Listener] = []
        self._live: dict[str, LiveTable] = {}
        self._locks = TableLocks()
        self._tasks: dict[tuple[str, int], tuple[str, asyncio.Task[None]]] = {}
        self._closed = False

    # ----------------------------------------------------------------- life

    async def resume(self) -> int:
        """Load every unfinished table that plays on by itself (a bot seat or a turn clock)
        from its stored record and restart its bots and clocks; returns how many tables were
        resumed. Other tables are loaded when a player comes back to them."""
        count = 0
        for table_id in await self.store.running():
            try:
                async with self._lock(table_id):
                    table = await self._load(table_id)
                    self._schedule(table)
                count += 1
            except ServiceError:
                logs.error("table.resume_failed", table=table_id)
        logs.event("server.resumed", tables=count)
        return count

    async def close(self) -> None:
        self._closed = True
        tasks = [task for _, task in self._tasks.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()

    # ----------------------------------------------------------------- tables

    async def create_table(
        self,
        game: str,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seats: list[SeatSpec] | None = None,
        *,
        clock: float | None = None,
        stand_in: str | None = None,
        seed: int | None = None,
        setup: dict[str, Any] | None = None,
        rematch_of: str | None = None,
        invite_codes: dict[int, str] | None = None,
    ) -> Created:
        """A new table. Seats default to open; the deal is secret (the seed never leaves
        the server until the game is over)."""
        try:
            game_spec = spec(game)
        except KibitzError as error:
            raise ServiceError("unknown_game", str(error)) from None
        if players is None:
            players = len(seats) if seats else game_spec.default_players
        if seed is None:  # stored even with a setup: it draws every later chance event
            seed = fresh_seed()
        try:
            new_game = make(game, players=players, seed=seed, setup=setup, **(options or {}))
        except KibitzError as error:
            raise ServiceError("bad_options", str(error)) from None
        seat_specs = seats if seats is not None else [SeatSpec()] * players
        if len(seat_specs) != players:
            raise ServiceError("bad_options", f"{len(seat_specs)} seats for {players} players")
        bots = available(game)
        for seat_spec in seat_specs:
            if seat_spec.kind not in SEAT_KINDS:
                raise ServiceError(
                    "bad_options", f"a seat is open, invited or bot, not {seat_spec.kind!r}"
                )
            if seat_spec.kind == "bot" and (seat_spec.bot or "random") not in bots:
                raise ServiceError(
                    "unknown_bot", f"no bot {seat_spec.bot!r}; bots: {', '.join(bots)}"
                )
        if stand_in is not None and stand_in not in bots:
            raise ServiceError("unknown_bot", f"no bot {stand_in!r}; bots: {', '.join(bots)}")
        if clock is not None and not clock > 0:
            raise ServiceError("bad_options", "the turn clock must be a positive number")
        table_id = secrets.token_urlsafe(6)
        invites: dict[int, str] = {}
        seat_rows: list[SeatRow] = []
        for number, seat_spec in enumerate(seat_specs):
            if seat_spec.kind == "bot":
                seat_rows.append(SeatRow(number, "bot", bot=seat_spec.bot or "random"))
            elif seat_spec.kind == "invited":
                code = (invite_codes or {}).get(number) or secrets.token_urlsafe(9)
                invites[number] = code
                seat_rows.append(SeatRow(number, "invited", invite_hash=hash_secret(code)))
            else:
                seat_rows.append(SeatRow(number, "open"))
        now = time.time()
        status = "playing" if all(s.kind == "bot" for s in seat_rows) else "waiting"
        row = TableRow(
            id=table_id,
            game=game,
            players=players,
            options=options_to_dict(new_game.options),
            seed=seed,
            setup=setup,
            status=status,
            clock=clock,
            stand_in=stand_in,
            created_at=now,
            updated_at=now,
            rematch_of=rematch_of,
        )
        if not await self.store.create(row, seat_rows, rematch_of=rematch_of):
            raise ServiceError("no_rematch", "this table already has a rematch")
        table = LiveTable(row, seat_rows, new_game)
        self._track_turns(table, now)
        self._live[table_id] = table
        logs.event("table.created", table=table_id, game=game, players=players, status=status)
        async with self._lock(table_id):
            self._schedule(table)
            self._forget()
        return Created(table_id, invites)

    async def table(self, table_id: str) -> LiveTable:
        """The live table `table_id` (loaded from the database when not cached)."""
        async with self._lock(table_id):
            return await self._load(table_id)

    async def list_tables(
        self, status: str | None = None, limit: int = 50, offset: int = 0
    ) -> list[dict[str, Any]]:
        rows = await self.store.list_tables(status, limit, offset)
        return [_summary(row, seats, count) for row, seats, count in rows]

    async def summary(self, table_id: str) -> dict[str, Any]:
        table = await self.table(table_id)
        return _summary(table.row, table.seats, table.game.version)

    async def record(self, table_id: str) -> dict[str, Any]:
        """The finished table's record (records format); refused while it is being played,
        since the record holds the seed and every hidden choice."""
        table = await self.table(table_id)
        if table.row.status != "over":
            raise ServiceError("not_over")
        return Record.of(table.game).to_dict()

    async def chat_lines(self, table_id: str, limit: int = 1000) -> list[dict[str, Any]]:
        """The table's chat, oldest first (the last `limit` lines, read from the database)."""
        await self.table(table_id)
        return [_chat_message(table_id, line) for line in await self.store.chat(table_id, limit)]

    async def recent_chat(self, table_id: str) -> list[dict[str, Any]]:
        """The table's newest chat lines (at most `RECENT_CHAT`), from memory."""
        table = await self.table(table_id)
        return [_chat_message(table_id, line) for line in table.chat]

    # ----------------------------------------------------------------- seats

    async def seat_of(self, table_id: str, token: str) -> int:
        """The seat that `token` holds at the table; `not_seated` if none."""
        table = await self.table(table_id)
        return self._seat_of(table, token)

    async def join(
        self,
        table_id: str,
        nickname: str,
        seat: int | None = None,
        invite: str | None = None,
        token: str | None = None,
    ) -> Seated:
        """Sit down at an open seat (or the invited seat whose code is given); returns the
        seat's secret token. `token`, when given, is a seat this client already holds."""
        nickname = clean_text(nickname, self.limits.nickname_length, "bad_nickname")
        async with self._lock(table_id):
            table = await self._load(table_id)
            if table.row.status == "over":
                raise ServiceError("table_over")
            if token is not None and self._holder(table, token) is not None:
                raise ServiceError("already_seated")
            number = self._free_seat(table, seat, invite)
            old = table.seats[number]
            new_token = secrets.token_urlsafe(24)
            new = SeatRow(number, "player", nickname=nickname, token_hash=hash_secret(new_token))
            expect = {"kind": old.kind, "token_hash": old.token_hash}
            if not await self.store.update_seat(table_id, number, expect, new):
                self._live.pop(table_id, None)
                raise ServiceError("seat_taken")
            table.seats[number] = new
            logs.event("table.joined", table=table_id, seat=number)
            now = time.time()
            full = all(s.kind in ("bot", "player") for s in table.seats)
            if (
                full
                and table.row.status == "waiting"
                and await self.store.set_status(table_id, "waiting", "playing", now)
            ):
                table.row.status = "playing"
                table.turn_since.clear()
                table.turn_version.clear()
                self._track_turns(table, now)
                logs.event("table.started", table=table_id)
            self._publish(table)
            self._schedule(table)
            return Seated(table_id, number, new_token, nickname)

    async def leave(self, table_id: str, token: str) -> int:
        """Give up one's seat: it becomes open for anyone (a stand-in bot plays it meanwhile
        if the table has a turn clock). Returns the seat left."""
        async with self._lock(table_id):
            table = await self._load(table_id)
            number = self._seat_of(table, token)
            if table.row.status == "over":
                return number
            old = table.seats[number]
            new = SeatRow(number, "open")
            if not await self.store.update_seat(
                table_id, number, {"token_hash": old.token_hash}, new
            ):
                self._live.pop(table_id, None)
                raise ServiceError("not_seated")
            table.seats[number] = new
            logs.event("table.left", table=table_id, seat=number)
            self._publish(table)
            self._schedule(table)
            return number

    async def present(self, table_id: str, seat: int) -> None:
        """The seat's player is here (they came back or wrote): a stand-in bot stops."""
        async with self._lock(table_id):
            table = await self._load(table_id)
            if await self._back(table, seat):
                self._publish(table)
                self._schedule(table)

    async def _back(self, table: LiveTable, seat: int) -> bool:
        """Mark an away player back; True if they were away. If it is their turn, their clock
        starts again from now (it only ever runs while their seat is to act)."""
        old = table.seats[seat]
        if not old.away:
            return False
        new = SeatRow(seat, old.kind, old.bot, old.nickname, old.token_hash, None, False)
        if not await self.store.update_seat(table.id, seat, {"away": True}, new):
            return False
        table.seats[seat] = new
        if seat in table.game.to_act():
            table.turn_since[seat] = time.time()
        logs.event("table.back", table=table.id, seat=seat)
        return True

    async def notify(self, table_id: str) -> None:
        """Send every connection at the table its state again (after a presence change)."""
        async with self._lock(table_id):
            self._publish(await self._load(table_id))

    async def deliver(self, table_id: str, send: Callable[[LiveTable], None]) -> None:
        """Run `send(table)` under the table's lock, so it sees no half-made change and its
        message is queued in order with the table's other messages."""
        async with self._lock(table_id):
            send(await self._load(table_id))

    # ----------------------------------------------------------------- playing

    async def act(
        self, table_id: str, token: str, move: str, version: int, by: str = "player"
    ) -> int:
        """Make `move` for the seat that `token` holds; returns the new state version.

        The checks, in this order: the table exists, it is not over, the token holds a seat,
        that seat may act now, the move is legal, `version` is the current one. Then the
        move is applied, stored, and only then are the listeners told.
        """
        async with self._lock(table_id):
            table = await self._load(table_id)
            if table.row.status == "over":
                raise ServiceError("table_over")
            seat = self._seat_of(table, token)
            # A move of one's own brings an away player back: the stand-in stops.
            back = by == "player" and await self._back(table, seat)
            try:
                return await self._apply(table, seat, move, version, by)
            except ServiceError:
                if back:
                    self._publish(table)
                    self._schedule(table)
                raise

    async def _apply(
        self, table: LiveTable, seat: int, text: str, version: int | None, by: str
    ) -> int:
        game = table.game
        if table.row.status == "waiting":
            raise ServiceError("not_started")
        if seat not in game.to_act():
            raise ServiceError("not_your_turn", f"seat {seat} may not act now")
        try:
            move = game.parse_move(text)
        except NotationError as error:
            raise ServiceError("bad_notation", str(error)[:200]) from None
        legal = game.legal_moves(seat)
        if move not in legal:
            shown = ", ".join(str(m) for m in legal[:12]) + (", ..." if len(legal) > 12 else "")
            raise ServiceError("illegal_move", f"{move} is not legal now; legal: {shown}")
        if version is not None and not (
            table.turn_version.get(seat, game.version) <= version <= game.version
        ):
            raise ServiceError(
                "stale_version", f"the table is at version {game.version}, not {version}"
            )
        game.apply(seat, move)
        now = time.time()
        result = None
        outcome = game.outcome()
        if outcome is not None:
            result = {"scores": list(outcome.scores), "winners": sorted(outcome.winners)}
        try:
            stored = await self.store.add_move(
                table.id, game.version, MoveRow(seat, str(move), now, by), result
            )
        except Exception:
            self._live.pop(table.id, None)
            logs.error("table.store_failed", table=table.id)
            raise ServiceError("internal") from None
        if not stored:
            self._live.pop(table.id, None)
            raise ServiceError("stale_version", "another move was stored first")
        table.row.updated_at = now
        if result is not None:
            table.row.status = "over"
            self._forget()
            table.row.result = result
            logs.event("table.over", table=table.id, moves=game.version, result=result)
        self._track_turns(table, now)
        logs.event(
            "table.move", logging.DEBUG, table=table.id, seat=seat, by=by, version=game.version
        )
        self._publish(table)
        self._schedule(table)
        return game.version

    # ----------------------------------------------------------------- chat, rematch

    async def chat(self, table_id: str, token: str, text: str) -> dict[str, Any]:
        """Post a chat line (plain text, rate limited, kept with the table)."""
        text = clean_text(text, self.limits.chat_length, "bad_text")
        async with self._lock(table_id):
            table = await self._load(table_id)
            seat = self._seat_of(table, token)
            bucket = table.chat_limits.get(seat)
            if bucket is None:
                bucket = TokenBucket.per_minute(self.limits.chat_per_minute)
                table.chat_limits[seat] = bucket
            if not bucket.take():
                raise ServiceError("rate_limited", "too many chat lines; wait a little")
            line = ChatRow(seat, table.seats[seat].nickname or f"seat {seat}", text, time.time())
            await self.store.add_chat(table_id, line)
            table.chat.append(line)
            message = _chat_message(table_id, line)
            for listener in self.listeners:
                listener(table, message)
            return message

    async def rematch(self, table_id: str, token: str) -> Seated:
        """Sit down at the rematch of a finished table: the first player to ask creates it
        (same game, options and seats; bots stay), everyone else who asks gets their seat
        there in one step."""
        async with self._lock(table_id):
            table = await self._load(table_id)
            seat = self._seat_of(table, token)
            if table.row.status != "over":
                raise ServiceError("no_rematch", "the game is not over yet")
            if table.row.rematch_id is None:
                seats: list[SeatSpec] = []
                for s in table.seats:
                    if s.kind == "bot":
                        seats.append(SeatSpec("bot", s.bot))
                    elif s.kind == "player":
                        seats.append(SeatSpec("invited"))
                    else:
                        seats.append(SeatSpec("open"))
                codes = {
                    s.seat: _rematch_code(s.token_hash or "")
                    for s in table.seats
                    if s.kind == "player"
                }
                try:
                    created = await self.create_table(
                        table.row.game,
                        table.row.players,
                        table.row.options,
                        seats,
                        clock=table.row.clock,
                        stand_in=table.row.stand_in,
                        rematch_of=table_id,
                        invite_codes=codes,
                    )
                    table.row.rematch_id = created.table
                    logs.event("table.rematch", table=table_id, rematch=created.table)
                except ServiceError as error:
                    if error.code != "no_rematch":
                        raise
                    self._live.pop(table_id, None)
                    table = await self._load(table_id)
                self._publish(table)
            new_id = table.row.rematch_id
            assert new_id is not None
            nickname = table.seats[seat].nickname or f"seat {seat}"
            code = _rematch_code(table.seats[seat].token_hash or "")
        return await self.join(new_id, nickname, seat, code)

    # ----------------------------------------------------------------- messages

    def render_state(
        self, table: LiveTable, seat: int | None, connected: Collection[int] = ()
    ) -> dict[str, Any]:
        """The `state` message for a connection at `seat` (None: a spectator): the table's
        public facts and `game.view(seat)`, nothing else."""
        row = table.row
        clock: dict[str, Any] | None = None
        if row.clock is not None:
            now = time.time()
            clock = {
                "seconds": row.clock,
                "remaining": {
                    str(s): round(max(0.0, since + row.clock - now), 1)
                    for s, since in sorted(table.turn_since.items())
                    if table.seats[s].kind != "bot" and not table.seats[s].away
                },
            }
        return {
            "type": "state",
            "table": row.id,
            "game": row.game,
            "version": table.game.version,
            "status": row.status,
            "seat": seat,
            "seats": [_public_seat(s, s.seat in connected) for s in table.seats],
            "clock": clock,
            "rematch": row.rematch_id,
            "view": table.game.view(seat),
        }

    # ----------------------------------------------------------------- internals

    def _lock(self, table_id: str) -> AbstractAsyncContextManager[None]:
        return self._locks.hold(table_id)

    def _forget(self) -> None:
        """Keep memory bounded: drop the oldest finished tables beyond
        `Limits.finished_kept`, and unfinished tables idle for `Limits.idle_kept` seconds with
        no bot, stand-in or clock running and nobody changing them. The database has all of
        them; `_load` reads one back when someone asks for it."""
        idle_since = time.monotonic() - self.limits.idle_kept
        busy = {table_id for (table_id, _), (_, task) in self._tasks.items() if not task.done()}
        finished = []
        for table in list(self._live.values()):
            if table.row.status == "over":
                finished.append(table)
            elif (
                table.touched < idle_since
                and table.id not in busy
                and not self._locks.held(table.id)
            ):
                del self._live[table.id]
        extra = len(finished) - self.limits.finished_kept
        if extra > 0:
            for table in sorted(finished, key=lambda t: t.row.updated_at)[:extra]:
                del self._live[table.id]

    async def _load(self, table_id: str) -> LiveTable:
        table = self._live.get(table_id)
        if table is not None:
            table.touched = time.monotonic()
            return table
        if not isinstance(table_id, str) or not TABLE_ID.match(table_id):
            raise ServiceError("no_such_table")
        stored = await self.store.load(table_id)
        if stored is None:
            raise ServiceError("no_such_table")
        row = stored.row
        record = Record(
            row.game,
            row.players,
            row.options,
            row.seed,
            row.setup,
            tuple((m.seat, m.text) for m in stored.moves),
        )
        try:
            game = replay(record)
        except KibitzError:
            logs.error("table.replay_failed", table=table_id)
            raise ServiceError("internal") from None
        table = LiveTable(row, stored.seats, game)
        table.chat.extend(stored.chat)
        self._track_turns(table, stored.moves[-1].at if stored.moves else row.updated_at)
        self._live[table_id] = table
        self._forget()
        return table

    def _holder(self, table: LiveTable, token: str) -> int | None:
        if not isinstance(token, str) or not token:
            return None
        digest = hash_secret(token)
        for s in table.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def _seat_of(self, table: LiveTable, token: str) -> int:
        seat = self._holder(table, token)
        if seat is None:
            raise ServiceError("not_seated")
        return seat

    def _free_seat(self, table: LiveTable, seat: int | None, invite: str | None) -> int:
        def invited(s: SeatRow) -> bool:
            return (
                invite is not None
                and s.invite_hash is not None
                and secrets.compare_digest(s.invite_hash, hash_secret(invite))
            )

        if seat is not None:
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise ServiceError("bad_message", "seat must be a seat number")
            if not 0 <= seat < len(table.seats):
                raise ServiceError("table_full", f"no seat {seat} at this table")
            s = table.seats[seat]
            if s.kind == "open":
                return seat
            if s.kind == "invited":
                if invited(s):
                    return seat
                raise ServiceError("bad_invite")
            raise ServiceError("seat_taken")
        if invite is not None:
            for s in table.seats:
                if s.kind == "invited" and invited(s):
                    return s.seat
            raise ServiceError("bad_invite")
        for s in table.seats:
            if s.kind == "open":
                return s.seat
        raise ServiceError("table_full")

    def _track_turns(self, table: LiveTable, now: float) -> None:
        to_act = table.game.to_act()
        for seat in list(table.turn_since):
            if seat not in to_act:
                del table.turn_since[seat]
                table.turn_version.pop(seat, None)
        for seat in to_act:
            table.turn_since.setdefault(seat, now)
            table.turn_version.setdefault(seat, table.game.version)

    def _publish(self, table: LiveTable) -> None:
        for listener in self.listeners:
            try:
                listener(table, None)
            except Exception:
                logs.error("listener.failed", table=table.id)

    def _schedule(self, table: LiveTable) -> None:
        """Start the bots whose seats must act, and the turn clocks of waiting players."""
        if self._closed or table.row.status != "playing":
            return
        for seat in table.game.to_act():
            s = table.seats[seat]
            if s.kind == "bot":
                self._start(table, seat, "bot", self._bot_turn(table.id, seat, s.bot or "random"))
            elif table.row.clock is not None:
                if s.away or s.kind != "player":
                    name = table.row.stand_in or "random"
                    self._start(table, seat, "stand-in", self._bot_turn(table.id, seat, name))
                else:
                    since = table.turn_since.get(seat, time.time())
                    self._start(table, seat, f"clock {since}", self._clock(table.id, seat, since))

    def _start(self, table: LiveTable, seat: int, kind: str, work: Any) -> None:
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
            async with self._lock(table_id):
                table = await self._load(table_id)
                game = table.game
                if table.row.status != "playing" or seat not in game.to_act():
                    self._finish_task(key)
                    return
                view = game.view(seat)
                legal = list(game.legal_moves(seat))
                seed = derive(table.row.seed or 0, "bot", game.version, seat).getrandbits(63)
                game_name = table.row.game
            text = await self.bots.choose(game_name, name, view, legal, seed)
            async with self._lock(table_id):
                self._finish_task(key)
                table = await self._load(table_id)
                s = table.seats[seat]
                standing_in = table.row.clock is not None and (s.away or s.kind != "player")
                if s.kind != "bot" and not standing_in:
                    return
                try:
                    await self._apply(
                        table, seat, text, None, "bot" if s.kind == "bot" else "stand-in"
                    )
                except ServiceError as error:
                    if error.code not in ("not_your_turn", "illegal_move", "table_over"):
                        raise
                    self._schedule(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            self._finish_task(key)
            logs.error("bot.failed", table=table_id, seat=seat)

    async def _clock(self, table_id: str, seat: int, since: float) -> None:
        key = (table_id, seat)
        table = self._live.get(table_id)
        clock = table.row.clock if table is not None else None
        if clock is None:
            self._finish_task(key)
            return
        await asyncio.sleep(max(0.0, since + clock - time.time()))
        async with self._lock(table_id):
            self._finish_task(key)
            table = await self._load(table_id)
            s = table.seats[seat]
            if (
                table.row.status != "playing"
                or table.turn_since.get(seat) != since
                or s.kind != "player"
                or s.away
            ):
                return
            new = SeatRow(seat, s.kind, s.bot, s.nickname, s.token_hash, None, True)
            if await self.store.update_seat(table_id, seat, {"away": False}, new):
                table.seats[seat] = new
                logs.event("table.away", table=table_id, seat=seat)
                self._publish(table)
                self._schedule(table)


def _rematch_code(token_hash: str) -> str:
    """The invite code of a player's seat at the rematch: only that player's token makes it."""
    return hash_secret("rematch:" + token_hash)[:24]


def _public_seat(s: SeatRow, connected: bool) -> dict[str, Any]:
    return {
        "seat": s.seat,
        "kind": s.kind,
        "nickname": s.nickname,
        "bot": s.bot,
        "away": s.away,
        "connected": connected or s.kind == "bot",
    }


def _summary(row: TableRow, seats: Iterable[SeatRow], moves: int) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "version": moves,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "nickname": s.nickname, "bot": s.bot} for s in seats
        ],
        "clock": row.clock,
        "stand_in": row.stand_in,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "rematch_of": row.rematch_of,
        "rematch": row.rematch_id,
        "result": row.result,
    }


def _chat_message(table_id: str, line: ChatRow) -> dict[str, Any]:
    return {
        "type": "chat",
        "table": table_id,
        "seat": line.seat,
        "nickname": line.nickname,
        "text": line.text,
        "at": line.at,
    }
