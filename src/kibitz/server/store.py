"""Storage of tables, seats, moves and chat: every statement the server runs is here.

Writes that several server processes could race on are conditional (a seat is claimed only
while it is still open, move number n is inserted only once), so the database decides.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from kibitz.server import db


@dataclass
class SeatRow:
    seat: int
    kind: str
    """`open`, `invited`, `bot` or `player`."""
    bot: str | None = None
    nickname: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None
    away: bool = False
    player_id: str | None = None
    """The player (`players.py`) whose seat this is, when a signed-in player took it."""


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int | None
    setup: dict[str, Any] | None
    status: str
    """`waiting` (seats to fill), `playing`, `over`, or `abandoned` (ended unfinished)."""
    clock: float | None
    stand_in: str | None
    created_at: float
    updated_at: float
    rematch_of: str | None = None
    rematch_id: str | None = None
    result: dict[str, Any] | None = None
    rated: bool = False
    """The ratings have taken this finished table into account (or it needed none)."""
    moves_count: int = 0
    """The moves stored, kept with each move's insert (the lobby lists it without counting
    the moves table)."""
    patience: float | None = None
    """Seconds the table waits for a silent player before the others may choose what
    happens (`life.py`); None: it waits for ever."""
    seen_at: float | None = None
    """When a process last saw a player connected at the table."""
    abandoned_at: float | None = None

    @property
    def ended(self) -> bool:
        """Nothing more is played here: the game is over, or the table was abandoned."""
        return self.status in ENDED

    spectator_chat: bool = True
    """Spectators (signed-in players without a seat) may chat at the table."""


@dataclass
class MoveRow:
    seat: int
    text: str
    at: float
    by: str


@dataclass
class StoredTable:
    row: TableRow
    seats: list[SeatRow]
    moves: list[MoveRow] = field(default_factory=list)
    chat: list[ChatRow] = field(default_factory=list)
    """The newest `RECENT_CHAT` chat lines, oldest first."""


@dataclass
class ChatRow:
    seat: int
    """The speaker's seat, or `SPECTATOR_SEAT` for a spectator."""
    nickname: str
    text: str
    at: float


LIVE = ("waiting", "playing")
"""The statuses of a table that is not ended."""
ENDED = ("over", "abandoned")
SPECTATOR_SEAT = -1
"""The seat stored with a spectator's chat line (the protocol sends `seat: null`)."""

RECENT_CHAT = 100
"""Chat lines a table keeps at hand for the players who (re)connect."""

_PendingMove = tuple[str, int, "MoveRow", dict[str, Any] | None, "asyncio.Future[bool]"]


def _table_row(r: Any) -> TableRow:
    row = TableRow(**{c.name: getattr(r, c.name) for c in db.tables.columns})
    row.rated = bool(row.rated)
    row.spectator_chat = bool(row.spectator_chat)
    return row


_TABLE_FLOATS = [c.name for c in db.tables.columns if isinstance(c.type, sa.Float)]


def _floats(row: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """`row` (read as JSON, where 30.0 is 30) with its float columns as floats."""
    return {**row, **{n: float(row[n]) for n in names if row[n] is not None}}


def _seat_row(r: Any) -> SeatRow:
    return SeatRow(
        seat=r.seat,
        kind=r.kind,
        bot=r.bot,
        nickname=r.nickname,
        token_hash=r.token_hash,
        invite_hash=r.invite_hash,
        away=bool(r.away),
        player_id=r.player_id,
    )


class Store:
    """The server's statements, each run as one transaction by the `Database`."""

    def __init__(self, database: db.Database) -> None:
        self.database = database
        self._pending: list[_PendingMove] = []
        self._writer: asyncio.Task[None] | None = None

    async def ping(self) -> None:
        await self.database.once(lambda conn: conn.execute(sa.text("SELECT 1")).scalar_one())

    # ----------------------------------------------------------------- tables

    async def create(
        self, table: TableRow, seats: list[SeatRow], rematch_of: str | None = None
    ) -> bool:
        """Store a new table and its seats. With `rematch_of`, the old table is linked to it
        in the same transaction, and nothing is stored (False) if it already has a rematch.
        On PostgreSQL one statement, one round trip; else a transaction of three."""
        if isinstance(self.database, db.AsyncDatabase):
            [(made,)] = await self.database.fetch(
                _CREATE_POSTGRESQL,
                json.dumps(_as_dict(table)),
                json.dumps([{"table_id": table.id, **_as_dict(seat)} for seat in seats]),
                rematch_of,
            )
            return bool(made)

        def work(conn: sa.Connection) -> bool:
            if rematch_of is not None:
                done = conn.execute(
                    sa.update(db.tables)
                    .where(db.tables.c.id == rematch_of, db.tables.c.rematch_id.is_(None))
                    .values(rematch_id=table.id)
                )
                if done.rowcount != 1:
                    return False
            conn.execute(sa.insert(db.tables).values(**_as_dict(table)))
            conn.execute(
                sa.insert(db.seats), [{"table_id": table.id, **_as_dict(seat)} for seat in seats]
            )
            return True

        return await self.database.run(work)

    async def load(self, table_id: str, after: int | None = None) -> StoredTable | None:
        """The table, its seats, its moves and its recent chat; with `after`, only the moves
        after move `after` and no chat (for a table whose first moves are known). On
        PostgreSQL one statement, one round trip (and one snapshot); else four."""
        if isinstance(self.database, db.AsyncDatabase):
            found = await self.database.fetch(
                _LOAD_POSTGRESQL, table_id, after or 0, after is None, RECENT_CHAT
            )
            if not found:
                return None
            [(table, seat_rows, move_rows, chat_rows)] = found
            return StoredTable(
                _table_row(SimpleNamespace(**_floats(table, _TABLE_FLOATS))),
                [_seat_row(SimpleNamespace(**s)) for s in seat_rows],
                [MoveRow(seat, text, float(at), by) for seat, text, at, by in move_rows],
                [ChatRow(seat, name, text, float(at)) for seat, name, text, at in chat_rows[::-1]],
            )

        def work(conn: sa.Connection) -> StoredTable | None:
            row = conn.execute(sa.select(db.tables).where(db.tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                sa.select(db.seats).where(db.seats.c.table_id == table_id).order_by(db.seats.c.seat)
            ).all()
            move_rows = conn.execute(
                sa.select(db.moves)
                .where(db.moves.c.table_id == table_id, db.moves.c.number > (after or 0))
                .order_by(db.moves.c.number)
            ).all()
            return StoredTable(
                _table_row(row),
                [_seat_row(s) for s in seat_rows],
                [MoveRow(m.seat, m.text, m.at, m.by) for m in move_rows],
                [] if after is not None else _chat(conn, table_id, RECENT_CHAT),
            )

        return await self.database.once(work)

    async def list_tables(
        self,
        status: str | None = None,
        limit: int = 50,
        offset: int = 0,
        *,
        active_since: float | None = None,
    ) -> list[tuple[TableRow, list[SeatRow], int]]:
        """Tables, newest change first, with their seats and number of moves (kept on the
        table row: the moves table is not read); with `active_since` only unfinished ones
        moved or seen with a player since then."""
        query = (
            sa.select(db.tables)
            .order_by(db.tables.c.updated_at.desc(), db.tables.c.id)
            .limit(limit)
            .offset(offset)
        )
        if status is not None:
            query = query.where(db.tables.c.status == status)
        if active_since is not None:
            t = db.tables.c
            query = query.where(
                t.status.in_(LIVE), sa.or_(t.updated_at >= active_since, t.seen_at >= active_since)
            )

        def work(conn: sa.Connection) -> list[tuple[TableRow, list[SeatRow], int]]:
            rows = conn.execute(query).all()
            ids = [r.id for r in rows]
            seat_rows = (
                conn.execute(
                    sa.select(db.seats)
                    .where(db.seats.c.table_id.in_(ids))
                    .order_by(db.seats.c.table_id, db.seats.c.seat)
                ).all()
                if ids
                else []
            )
            by_table: dict[str, list[SeatRow]] = {}
            for s in seat_rows:
                by_table.setdefault(s.table_id, []).append(_seat_row(s))
            return [(_table_row(r), by_table.get(r.id, []), r.moves_count) for r in rows]

        return await self.database.once(work)

    async def running(self) -> list[str]:
        """Ids of the tables that are not ended and play on without a player's message:
        those with a bot seat, an away seat (a stand-in plays it) or a turn clock."""
        query = sa.select(db.tables.c.id).where(db.tables.c.status.in_(LIVE), plays_on())

        def work(conn: sa.Connection) -> list[str]:
            return [r.id for r in conn.execute(query)]

        return await self.database.once(work)

    # ----------------------------------------------------------------- moves

    async def add_move(
        self,
        table_id: str,
        number: int,
        move: MoveRow,
        result: dict[str, Any] | None = None,
    ) -> bool:
        """Store move `number` (1-based); False if that number is already stored (another
        process got there first). With `result` the table is marked over in the same
        transaction. Returns once the move is committed.

        Moves of different tables that arrive together share one transaction (group
        commit): under load that is many moves per commit instead of one.
        """
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((table_id, number, move, result, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_moves())
        return await future

    async def moves_after(self, table_id: str, number: int) -> list[MoveRow]:
        """The table's moves after move `number`, in order (after a move conflict: on
        PostgreSQL straight on the driver, like the moves' inserts)."""
        if isinstance(self.database, db.AsyncDatabase):
            rows = await self.database.fetch(_MOVES_AFTER_POSTGRESQL, table_id, number)
            return [MoveRow(*row) for row in rows]
        query = (
            sa.select(db.moves)
            .where(db.moves.c.table_id == table_id, db.moves.c.number > number)
            .order_by(db.moves.c.number)
        )

        def work(conn: sa.Connection) -> list[MoveRow]:
            return [MoveRow(m.seat, m.text, m.at, m.by) for m in conn.execute(query)]

        return await self.database.once(work)

    async def _write_moves(self) -> None:
        """A move number another process stored first is skipped (`ON CONFLICT DO
        NOTHING`), so it costs the other moves of its batch nothing."""
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                stored = await self._insert(batch)
            except IntegrityError:
                for item in batch:  # a table that is not stored: one by one
                    try:
                        _settle(item[4], bool(await self._insert([item])))
                    except IntegrityError:
                        _settle(item[4], False)
                    except Exception as error:
                        _fail(item[4], error)
            except Exception as error:
                for item in batch:
                    _fail(item[4], error)
            else:
                for table_id, number, _, _, future in batch:
                    _settle(future, (table_id, number) in stored)

    async def _insert(self, batch: list[_PendingMove]) -> set[tuple[str, int]]:
        if isinstance(self.database, db.AsyncDatabase):
            rows = await self.database.fetch(
                _INSERT_MOVES_POSTGRESQL,
                [table_id for table_id, _, _, _, _ in batch],
                [number for _, number, _, _, _ in batch],
                [move.seat for _, _, move, _, _ in batch],
                [move.text for _, _, move, _, _ in batch],
                [move.at for _, _, move, _, _ in batch],
                [move.by for _, _, move, _, _ in batch],
                [None if result is None else json.dumps(result) for _, _, _, result, _ in batch],
            )
            return {(table_id, number) for table_id, number in rows}
        return await self.database.run(lambda conn: _insert_moves(conn, batch))

    # ----------------------------------------------------------------- seats

    async def update_seat(
        self, table_id: str, seat: int, expect: dict[str, Any], new: SeatRow
    ) -> bool:
        """Replace seat `seat` by `new` if its columns still hold `expect`."""
        statement = _seat_update(table_id, seat, expect, new)
        return await self.database.once(lambda conn: conn.execute(statement).rowcount == 1)

    async def take_seat(
        self, table_id: str, old: SeatRow, new: SeatRow, at: float
    ) -> tuple[bool, bool]:
        """Replace seat `old.seat` by `new` if it still holds `old`'s kind and token, and in
        the same transaction start the waiting table if every seat is now taken (by a player
        or a bot), as the database has them. Returns (seat replaced, table started by this
        call).

        The table's row is locked first, so joins at one table follow one another and the
        last of them sees every seat: two processes taking the last two seats at once cannot
        both miss the other's (a process's cache may not have it yet). On PostgreSQL this is
        one call of the function `kibitz_take_seat` (migration 0007), one round trip."""
        if isinstance(self.database, db.AsyncDatabase):
            [(done,)] = await self.database.fetch(
                "SELECT kibitz_take_seat($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                table_id,
                old.seat,
                old.kind,
                old.token_hash,
                new.kind,
                new.bot,
                new.nickname,
                new.token_hash,
                new.invite_hash,
                new.away,
                new.player_id,
                at,
            )
            return done > 0, done == 2
        t, seats = db.tables.c, db.seats.c
        lock = sa.select(t.id).where(t.id == table_id).with_for_update(key_share=True)
        expect = {"kind": old.kind, "token_hash": old.token_hash}
        update = _seat_update(table_id, old.seat, expect, new)
        open_seat = sa.exists().where(
            seats.table_id == table_id, seats.kind.not_in(("bot", "player"))
        )
        begin = (
            sa.update(db.tables)
            .where(t.id == table_id, t.status == "waiting", ~open_seat)
            .values(status="playing", updated_at=at)
        )

        def work(conn: sa.Connection) -> tuple[bool, bool]:
            conn.execute(lock)
            if conn.execute(update).rowcount != 1:
                return False, False
            return True, conn.execute(begin).rowcount == 1

        return await self.database.run(work)

    # ----------------------------------------------------------------- table life

    async def abandon(self, table_ids: list[str], at: float) -> list[str]:
        """Mark these tables abandoned, those still unfinished; returns those marked (a
        table is marked once, whichever process asks first)."""
        t = db.tables.c
        statement = (
            sa.update(db.tables)
            .where(t.id.in_(table_ids), t.status.in_(LIVE))
            .values(status="abandoned", abandoned_at=at)
            .returning(t.id)
        )
        return await self.database.once(lambda conn: [r.id for r in conn.execute(statement)])

    async def abandon_idle(self, before: float, at: float) -> list[str]:
        """Mark abandoned every unfinished table with no move since `before` and no player
        seen connected since then; returns them."""
        t = db.tables.c
        statement = (
            sa.update(db.tables)
            .where(
                t.status.in_(LIVE),
                t.updated_at < before,
                sa.or_(t.seen_at.is_(None), t.seen_at < before),
            )
            .values(status="abandoned", abandoned_at=at)
            .returning(t.id)
        )
        return await self.database.once(lambda conn: [r.id for r in conn.execute(statement)])

    async def seen(self, table_ids: list[str], at: float) -> None:
        """Players are connected at these tables now."""
        if not table_ids:
            return
        statement = sa.update(db.tables).where(db.tables.c.id.in_(table_ids)).values(seen_at=at)
        await self.database.once(lambda conn: conn.execute(statement))

    # ----------------------------------------------------------------- chat

    async def add_chat(self, table_id: str, line: ChatRow) -> None:
        statement = sa.insert(db.chat).values(table_id=table_id, **_as_dict(line))
        await self.database.once(lambda conn: conn.execute(statement))

    async def chat(self, table_id: str, limit: int = 1000) -> list[ChatRow]:
        """The table's chat, oldest first (the last `limit` lines)."""
        return await self.database.once(lambda conn: _chat(conn, table_id, limit))


_TOUCH_TABLE = (
    sa.update(db.tables)
    .where(db.tables.c.id == sa.bindparam("b_id"))
    .values(updated_at=sa.bindparam("b_at"), moves_count=db.tables.c.moves_count + 1)
)
"""After each stored move (in its transaction): the table's change time and move count."""


_CREATE_POSTGRESQL = """
WITH linked AS (
    UPDATE kibitz_tables SET rematch_id = ($1::json)->>'id'
    WHERE id = $3::varchar AND rematch_id IS NULL
    RETURNING id
), made AS (
    INSERT INTO kibitz_tables
    SELECT * FROM json_populate_record(NULL::kibitz_tables, $1::json)
    WHERE $3::varchar IS NULL OR EXISTS (SELECT 1 FROM linked)
    RETURNING id
), seated AS (
    INSERT INTO kibitz_seats
    SELECT seat.* FROM made, json_populate_recordset(NULL::kibitz_seats, $2::json) AS seat
)
SELECT count(*) FROM made
"""
"""`Store.create` as one PostgreSQL statement: `$1` the table row as JSON (every column),
`$2` its seats, `$3` the table it is the rematch of (linked only while it has none; else
nothing is stored)."""


_LOAD_POSTGRESQL = """
SELECT row_to_json(t),
    (SELECT coalesce(json_agg(s ORDER BY s.seat), '[]')
     FROM kibitz_seats AS s WHERE s.table_id = t.id),
    (SELECT coalesce(
        json_agg(json_build_array(m.seat, m.text, m.at, m.by) ORDER BY m.number), '[]')
     FROM kibitz_moves AS m WHERE m.table_id = t.id AND m.number > $2),
    (SELECT coalesce(
        json_agg(json_build_array(c.seat, c.nickname, c.text, c.at) ORDER BY c.id DESC), '[]')
     FROM (SELECT * FROM kibitz_chat WHERE table_id = t.id AND $3 ORDER BY id DESC LIMIT $4) AS c)
FROM kibitz_tables AS t WHERE t.id = $1
"""
"""`Store.load` as one PostgreSQL statement: the table row, its seats, its moves after `$2`
and (when `$3`) its newest `$4` chat lines, newest first, as JSON. PostgreSQL writes a
float8 in JSON with every digit it needs, so times read back exactly."""


_MOVES_AFTER_POSTGRESQL = """
SELECT seat, text, at, by FROM kibitz_moves
WHERE table_id = $1 AND number > $2 ORDER BY number
"""

_INSERT_MOVES_POSTGRESQL = """
WITH batch AS (
    SELECT * FROM unnest($1::varchar[], $2::int[], $3::int[], $4::varchar[], $5::float8[],
                         $6::varchar[], $7::text[])
        AS b(table_id, number, seat, text, at, by, result)
), inserted AS (
    INSERT INTO kibitz_moves (table_id, number, seat, text, at, by)
    SELECT table_id, number, seat, text, at, by FROM batch
    ON CONFLICT DO NOTHING
    RETURNING table_id, number
), touched AS (
    UPDATE kibitz_tables AS t
    SET updated_at = b.at,
        moves_count = t.moves_count + 1,
        status = CASE WHEN b.result IS NULL THEN t.status ELSE 'over' END,
        result = CASE WHEN b.result IS NULL THEN t.result ELSE b.result::json END
    FROM inserted JOIN batch AS b USING (table_id, number)
    WHERE t.id = inserted.table_id
)
SELECT table_id, number FROM inserted
"""
"""`_insert_moves` as one PostgreSQL statement (committed on its own, one round trip): the
arrays are the batch's columns, `result` the JSON text of a move that ends its game. A
batch holds at most one move per table (a table's moves are stored one at a time, under
its lock)."""


def _insert_moves(conn: sa.Connection, batch: list[_PendingMove]) -> set[tuple[str, int]]:
    """(SQLite) Insert the batch's moves but those whose number is stored already; touch (and end)
    the tables of those inserted. Returns the (table, number) of the moves inserted."""
    inserted = conn.execute(
        sqlite_insert(db.moves)
        .on_conflict_do_nothing()
        .returning(db.moves.c.table_id, db.moves.c.number),
        [
            {
                "table_id": table_id,
                "number": number,
                "seat": move.seat,
                "text": move.text,
                "at": move.at,
                "by": move.by,
            }
            for table_id, number, move, _, _ in batch
        ],
    )
    stored = {(row.table_id, row.number) for row in inserted}
    done = [item for item in batch if (item[0], item[1]) in stored]
    if done:
        conn.execute(
            _TOUCH_TABLE, [{"b_id": table_id, "b_at": move.at} for table_id, _, move, _, _ in done]
        )
    for table_id, _, _, result, _ in done:
        if result is not None:
            conn.execute(
                sa.update(db.tables)
                .where(db.tables.c.id == table_id)
                .values(status="over", result=result)
            )
    return stored


def _seat_update(table_id: str, seat: int, expect: dict[str, Any], new: SeatRow) -> sa.Update:
    """Replace seat `seat` by `new` if its columns still hold `expect`."""
    conditions = [db.seats.c.table_id == table_id, db.seats.c.seat == seat]
    for name, value in expect.items():
        column = db.seats.c[name]
        conditions.append(column.is_(None) if value is None else column == value)
    values = _as_dict(new)
    values.pop("seat")
    return sa.update(db.seats).where(*conditions).values(**values)


def plays_on() -> sa.ColumnElement[bool]:
    """Whether an unfinished table plays on without a player's message (a bot seat, an away
    seat or a turn clock): the tables a process must drive (`leases.py`)."""
    seats = db.seats.c
    driven = sa.exists().where(
        seats.table_id == db.tables.c.id, sa.or_(seats.kind == "bot", seats.away.is_(True))
    )
    return sa.or_(db.tables.c.clock.is_not(None), driven)


def _settle(future: asyncio.Future[bool], stored: bool) -> None:
    if not future.done():  # its caller may have been cancelled meanwhile
        future.set_result(stored)


def _fail(future: asyncio.Future[bool], error: Exception) -> None:
    if not future.done():
        future.set_exception(error)


def _chat(conn: sa.Connection, table_id: str, limit: int) -> list[ChatRow]:
    rows = conn.execute(
        sa.select(db.chat)
        .where(db.chat.c.table_id == table_id)
        .order_by(db.chat.c.id.desc())
        .limit(limit)
    ).all()
    return [ChatRow(r.seat, r.nickname, r.text, r.at) for r in reversed(rows)]


def _as_dict(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}
