"""The database schema (SQLAlchemy Core), engines for SQLite and PostgreSQL, and migrations.

Each table's truth lives here: the table row (game, options, seed), its seats, and its moves
in order. The moves' primary key (table_id, number) is what keeps several server processes
honest: two processes that try to store move number n of one table cannot both succeed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

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
    sa.Index("ix_kibitz_tables_status", "status", "updated_at"),
)

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
    sa.Index("ix_kibitz_seats_token", "token_hash"),
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
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("nickname", sa.String(64), nullable=False),
    sa.Column("text", sa.String(1000), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_kibitz_chat_table", "table_id", "id"),
)


def make_engine(url: str) -> AsyncEngine:
    """An async engine; SQLite files run in WAL mode (a killed process loses no committed
    move) through one connection."""
    if url.startswith("sqlite"):
        # One connection: SQLite has one writer at a time, and waiting in the pool's queue
        # is far quicker than SQLite's busy-retry sleeps when connections collide.
        engine = create_async_engine(
            url, connect_args={"timeout": 30}, pool_size=1, max_overflow=0, pool_timeout=60
        )

        @sa.event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_async_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest migration (the migrations ship in the package)."""
    from alembic import command

    def upgrade(connection: sa.Connection) -> None:
        config = alembic_config(str(engine.url))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

    async with engine.begin() as conn:
        await conn.run_sync(upgrade)


async def ping(conn: AsyncConnection) -> None:
    await conn.execute(sa.text("SELECT 1"))
