"""Fixtures for the server tests: databases (SQLite always; PostgreSQL when
KIBITZ_TEST_POSTGRES_URL names a server), services without network, and helpers."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

POSTGRES_ENV = "KIBITZ_TEST_POSTGRES_URL"


def _with_database(url: str, name: str) -> str:
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}"


@contextmanager
def throwaway(url: str) -> Iterator[str]:
    """A new PostgreSQL database on the server of `url`, dropped afterwards."""
    import asyncpg

    admin = url.replace("postgresql+asyncpg://", "postgresql://")
    name = f"kibitz_test_{secrets.token_hex(4)}"

    async def run(sql: str) -> None:
        conn = await asyncpg.connect(admin)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run(f'CREATE DATABASE "{name}"'))
    try:
        yield _with_database(url.replace("postgresql://", "postgresql+asyncpg://"), name)
    finally:
        asyncio.run(run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str | None]:
    """A throwaway PostgreSQL database for this test run (dropped at the end), or None."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        yield None
        return
    with throwaway(url) as made:
        yield made


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage test runs on SQLite and, when configured, on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'kibitz.sqlite3'}"
    url: str | None = request.getfixturevalue("postgres_url")
    if url is None:
        pytest.skip(f"set {POSTGRES_ENV} to run the PostgreSQL tests")
    return url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'kibitz.sqlite3'}"


@pytest.fixture(params=["sqlite", "postgres"])
def own_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Like `database_url`, but a PostgreSQL database of this test's own (for tests that
    look at everything stored, such as rebuilding every rating)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'kibitz.sqlite3'}"
    made: str = request.getfixturevalue("own_postgres_url")
    return made


@pytest.fixture
def own_postgres_url() -> Iterator[str]:
    """A PostgreSQL database of this test's own (dropped afterwards); skipped when none is
    configured."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"set {POSTGRES_ENV} to run the PostgreSQL tests")
    with throwaway(url) as made:
        yield made
