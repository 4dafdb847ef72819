"""Alembic environment: runs on the connection the server hands over, or opens the database."""

from __future__ import annotations

import asyncio

import sqlalchemy as sa
from alembic import context

from kibitz.server.db import metadata, open_database

config = context.config


def run(connection: sa.Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_own() -> None:
    database = open_database(config.get_main_option("sqlalchemy.url") or "")
    try:
        await database.run(run)
    finally:
        await database.dispose()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
elif (shared := config.attributes.get("connection")) is not None:
    run(shared)
else:
    asyncio.run(run_own())
