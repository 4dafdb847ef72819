"""The database schema (SQLAlchemy Core), engines for SQLite and PostgreSQL, and migrations.

Each table's truth lives here: the table row (game, options, seed), its seats, and its moves
in order; besides them the players (their sessions, ratings and rating history). The moves'
primary key (table_id, number) is what keeps several server processes
honest: two processes that try to store move number n of one table cannot both succeed.
"""

from __future__ import annotations

import asyncio
import os
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.util import greenlet_spawn

metadata = sa.MetaData()

tables = sa.Table(
    "kibitz_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=True),
    sa.Column("setup", sa.JSON, nullable=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("clock", sa.Float, nullable=True),
    sa.Column("stand_in", sa.String(64), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("rematch_of", sa.String(32), nullable=True),
    sa.Column("rematch_id", sa.String(32), nullable=True),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False, default=False, server_default=sa.false()),
    sa.Column("moves_count", sa.Integer, nullable=False, default=0, server_default="0"),
    sa.Column("patience", sa.Float, nullable=True),
    sa.Column("seen_at", sa.Float, nullable=True),
    sa.Column("abandoned_at", sa.Float, nullable=True),
    sa.Column("spectator_chat", sa.Boolean, nullable=False, default=True, server_default=sa.true()),
    sa.Index("ix_kibitz_tables_status", "status", "updated_at"),
    sa.Index("ix_kibitz_tables_updated", "updated_at"),
)
"""`status` is `waiting`, `playing`, `over` or `abandoned` (ended unfinished: `life.py`);
`patience` the seconds the table waits for a silent player before the others may choose,
`seen_at` when a process last saw a player connected there."""

seats = sa.Table(
    "kibitz_seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kibitz_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("bot", sa.String(64), nullable=True),
    sa.Column("nickname", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("invite_hash", sa.String(64), nullable=True),
    sa.Column("away", sa.Boolean, nullable=False, default=False),
    sa.Column("player_id", sa.String(32), nullable=True),
    sa.Index("ix_kibitz_seats_token", "token_hash"),
    sa.Index("ix_kibitz_seats_player", "player_id"),
)

moves = sa.Table(
    "kibitz_moves",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kibitz_tables.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.String(64), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("by", sa.String(16), nullable=False),
)

chat = sa.Table(
    "kibitz_chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kibitz_tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),  # SPECTATOR_SEAT (-1): a spectator's line
    sa.Column("nickname", sa.String(64), nullable=False),
    sa.Column("text", sa.String(1000), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_kibitz_chat_table", "table_id", "id"),
)

players = sa.Table(
    "kibitz_players",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("nickname", sa.String(64), nullable=False),
    sa.Column("login", sa.String(64), nullable=True, unique=True),
    sa.Column("password_hash", sa.String(256), nullable=True),
    sa.Column("bot", sa.String(64), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("seen_at", sa.Float, nullable=False),
)
"""People and bot levels. `login` is the case-folded nickname of a claimed player (one with a
password), unique among them; `bot` names the bot level a bot player stands for."""

sessions = sa.Table(
    "kibitz_sessions",
    metadata,
    sa.Column("player_id", sa.String(32), sa.ForeignKey("kibitz_players.id"), primary_key=True),
    sa.Column("secret_hash", sa.String(64), primary_key=True),
    sa.Column("created_at", sa.Float, nullable=False),
)
"""The browsers a player is signed in on: the SHA-256 hash of each one's cookie secret."""

ratings = sa.Table(
    "kibitz_ratings",
    metadata,
    sa.Column("player_id", sa.String(32), sa.ForeignKey("kibitz_players.id"), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("ordinal", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Index("ix_kibitz_ratings_board", "game", "ordinal"),
)
"""Each player's openskill rating per game; `ordinal` (mu - 3 sigma) orders the leaderboard."""

rating_history = sa.Table(
    "kibitz_rating_history",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("kibitz_players.id"), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("kibitz_tables.id"), nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("won", sa.Boolean, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_kibitz_rating_history_player", "player_id", "game", "id"),
)
"""A player's rating after each rated game (the player page draws it)."""

leases = sa.Table(
    "kibitz_leases",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("holder", sa.String(128), nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Index("ix_kibitz_leases_holder", "holder"),
)
"""Which server process drives each table's bots and turn clock, until when (seconds since
the epoch by the database's clock); the holder renews it while it lives (`leases.py`)."""


T = TypeVar("T")

Work = Callable[[sa.Connection], T]
"""What the store asks of the database: a function of one SQLAlchemy Core connection, run
as one transaction (committed when it returns, rolled back when it raises)."""


class Database(ABC):
    """One database behind the store: runs each unit of work as one transaction without
    blocking the event loop."""

    engine_url: sa.URL

    @abstractmethod
    async def run(self, work: Work[T]) -> T:
        """Run `work` in a transaction and return what it returns."""

    async def once(self, work: Work[T]) -> T:
        """Run `work` whose statements need no transaction around them (reads, and at most
        one statement that writes) and return what it returns: a database server then
        commits each statement on its own, without the round trips of BEGIN and COMMIT
        (PostgreSQL's READ COMMITTED gives each statement of a transaction a snapshot of its
        own anyway, so the reads lose nothing). By default, a transaction as `run`."""
        return await self.run(work)

    @abstractmethod
    async def dispose(self) -> None:
        """Close every connection."""


class SQLiteDatabase(Database):
    """A SQLite file in WAL mode (a killed process loses no committed move), used through one
    connection in one thread: each unit of work is one call into that thread.

    SQLite's asyncio drivers are this same thread around the standard `sqlite3` module, but
    they cross between the event loop and the thread at every cursor step (eight crossings
    for one move, each waiting for a busy loop's turn); one crossing per transaction keeps a
    move's commit well under a millisecond, and SQLAlchemy's own work off the event loop.
    One connection, since SQLite has one writer at a time: waiting for the thread is far
    quicker than SQLite's busy-retry sleeps when connections collide.
    """

    def __init__(self, url: sa.URL) -> None:
        self.engine_url = url
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="kibitz-sqlite")
        self._engine = sa.create_engine(
            url, connect_args={"timeout": 30}, pool_size=1, max_overflow=0, pool_timeout=60
        )

        @sa.event.listens_for(self._engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    def _transaction(self, work: Work[T]) -> T:
        with self._engine.begin() as conn:
            return work(conn)

    async def run(self, work: Work[T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._transaction, work)

    async def dispose(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._engine.dispose)
        self._thread.shutdown()


POOL_SIZE = 16
"""Connections each process keeps to PostgreSQL, and never more: under a burst, work waits
for one of them instead of opening a connection (a new server process on PostgreSQL's side,
tens of milliseconds of its CPU) that would be closed again once the burst is over.
PostgreSQL's default `max_connections` (100) serves five processes this way."""

KEPT_CONNECTIONS = 4
"""Pool connections `AsyncDatabase.fetch` keeps for its next statements instead of returning
them (their checkout is most of a small statement's CPU)."""


class AsyncDatabase(Database):
    """A database server (PostgreSQL) through SQLAlchemy's asyncio engine and its async
    driver (asyncpg): each statement is a network round trip the event loop waits on.

    Connections are not pinged when taken from the pool (asyncpg's ping is three round trips,
    a third of a move's): a unit of work that meets a connection the server has closed (the
    database restarted) is run again once on a new one, SQLAlchemy having dropped the pool's
    old connections. A unit of work is one transaction, so a failed one changed nothing; one
    whose commit was lost on the way may be stored, and then its second run meets the move
    number's primary key, as a move of another process would.
    """

    def __init__(self, url: sa.URL) -> None:
        self.engine_url = url
        self._engine = create_async_engine(
            url, pool_size=POOL_SIZE, max_overflow=0, pool_timeout=60, pool_recycle=3600
        )
        self._autocommit = self._engine.execution_options(isolation_level="AUTOCOMMIT")
        self._kept: list[Any] = []
        """Pool connections `fetch` keeps between its statements (at most
        `KEPT_CONNECTIONS`; taken out of the pool's `POOL_SIZE`, not added to it)."""

    async def run(self, work: Work[T]) -> T:
        return await self._again_on_closed(lambda: self._run(work))

    async def _run(self, work: Work[T]) -> T:
        async with self._engine.begin() as conn:
            return await conn.run_sync(work)

    async def once(self, work: Work[T]) -> T:
        async def attempt() -> T:
            async with self._autocommit.connect() as conn:
                return await conn.run_sync(work)

        return await self._again_on_closed(attempt)

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        """Run one PostgreSQL statement (`$1`-style parameters) in autocommit, straight on
        the driver's connection (asyncpg's own `fetch`): PostgreSQL commits it on its own, in
        one round trip, and SQLAlchemy neither compiles it, nor wraps its cursor and rows,
        nor begins and commits a transaction around it. For the hottest statements only.

        The connection comes from a few kept idle between statements rather than from the
        pool each time: a small statement took 143 µs of CPU with a checkout and return
        around it, 26 µs on a kept connection (a loop of 3,000, timed with `process_time`).
        A closed connection (the database restarted) is dropped with every kept one and the
        statement run again once on one from the pool, as in `run`; a violated constraint is
        SQLAlchemy's `IntegrityError`, as elsewhere."""
        import asyncpg  # type: ignore[import-untyped]

        for attempt in (1, 2):
            held = self._kept.pop() if self._kept else await self._engine.raw_connection()
            driver: Any = held.driver_connection
            try:
                rows = await driver.fetch(sql, *args)
            except asyncpg.IntegrityConstraintViolationError as error:
                await self._keep(held)
                raise sa.exc.IntegrityError(sql, args, error) from error
            except BaseException as error:
                closed = isinstance(error, Exception) and (driver.is_closed() or _closed(error))
                # cancelled or failed mid-statement: the connection's state is unknown
                await self._drop([held, *(self._kept if closed else ())])
                if closed:
                    self._kept.clear()
                if attempt == 2 or not closed:
                    raise
            else:
                await self._keep(held)
                return [tuple(row) for row in rows]
        raise AssertionError("unreachable")

    async def _keep(self, held: Any) -> None:
        if len(self._kept) < KEPT_CONNECTIONS:
            self._kept.append(held)
        else:
            await greenlet_spawn(held.close)  # back to the pool

    @staticmethod
    async def _drop(connections: list[Any]) -> None:
        for held in connections:
            await greenlet_spawn(held.invalidate)

    @staticmethod
    async def _again_on_closed(attempt: Callable[[], Awaitable[T]]) -> T:
        try:
            return await attempt()
        except sa.exc.DBAPIError as error:
            if not error.connection_invalidated:
                raise
            return await attempt()

    async def dispose(self) -> None:
        kept, self._kept = self._kept, []
        for held in kept:
            await greenlet_spawn(held.close)
        await self._engine.dispose()


def _closed(error: Exception) -> bool:
    """Whether asyncpg's `error` says the connection is gone (the server closed it, or the
    protocol lost track of it when it was ended mid-operation)."""
    import asyncpg

    return isinstance(
        error,
        (
            asyncpg.PostgresConnectionError,
            asyncpg.InterfaceError,
            asyncpg.InternalClientError,
            asyncpg.exceptions.OperatorInterventionError,
            OSError,
        ),
    )


def open_database(url: str) -> Database:
    """The database at `url` (see `config.normalize_database_url` for the spellings)."""
    parsed = sa.make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return SQLiteDatabase(parsed.set(drivername="sqlite"))
    return AsyncDatabase(parsed)


def lock_sqlite_file(url: str) -> IO[str] | None:
    """Make sure this is the only server process on the SQLite file of `url`: an exclusive
    lock on `<file>.lock`, held while the returned file stays open (the system drops it when
    the process ends, however it ends). A `ValueError` names the process that holds it. None
    for a database that is not a SQLite file."""
    parsed = sa.make_url(url)
    name = parsed.database
    if parsed.get_backend_name() != "sqlite" or not name or name == ":memory:":
        return None
    try:
        import fcntl
    except ImportError:  # not a POSIX system: no check
        return None
    handle = Path(f"{name}.lock").open("a+")  # noqa: SIM115 (open while serving)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip() or "?"
        handle.close()
        raise ValueError(
            f"another kibitz server (process {holder}) uses the SQLite file {name}; a SQLite "
            "file serves one process. To run several processes, give them a PostgreSQL "
            "database and a Redis server (docs/deploy.md)"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle


MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


MIGRATION_LOCK = 0x6B6962_6D6967
"""The PostgreSQL advisory lock under which a server process migrates ("kibmig")."""


async def migrate(database: Database) -> None:
    """Bring the schema to the newest migration (the migrations ship in the package). On
    PostgreSQL under an advisory lock held until the migration commits: processes started
    together on a new database migrate one after the other, and the later ones find nothing
    left to do (without it, both create `alembic_version` and one dies)."""
    from alembic import command

    def upgrade(connection: sa.Connection) -> None:
        if connection.dialect.name == "postgresql":
            connection.execute(sa.select(sa.func.pg_advisory_xact_lock(MIGRATION_LOCK)))
        config = alembic_config(database.engine_url.render_as_string(hide_password=False))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

    await database.run(upgrade)
