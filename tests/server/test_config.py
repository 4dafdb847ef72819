"""Database and Redis URLs as `kibitz serve` takes them, and what it refuses at start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kibitz.server.config import Settings, normalize_database_url

from .processes import Server, free_port


def test_usual_spellings_pick_the_servers_drivers(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    assert normalize_database_url(str(path)) == f"sqlite:///{path}"
    assert normalize_database_url("sqlite+aiosqlite:///a.db") == "sqlite:///a.db"
    assert normalize_database_url("sqlite:///a.db") == "sqlite:///a.db"
    for given in ("postgres://u@h/db", "postgresql://u@h/db", "postgresql+psycopg://u@h/db"):
        assert normalize_database_url(given) == "postgresql+asyncpg://u@h/db"


def test_another_database_is_refused_with_a_clear_error() -> None:
    with pytest.raises(ValueError, match="SQLite or PostgreSQL, not 'mysql'"):
        normalize_database_url("mysql://u@h/db")
    done = subprocess.run(
        [Path(sys.executable).parent / "kibitz", "serve", "--database-url", "mysql://u@h/db"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "not 'mysql'" in done.stderr
    assert "Traceback" not in done.stderr


def serve(*options: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`kibitz serve` with these options, expected to refuse at once."""
    return subprocess.run(
        [Path(sys.executable).parent / "kibitz", "serve", *options],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def test_sqlite_with_redis_is_refused_at_start(tmp_path: Path) -> None:
    sqlite = str(tmp_path / "k.sqlite3")
    with pytest.raises(ValueError, match="PostgreSQL"):
        Settings(database_url=f"sqlite:///{sqlite}", redis_url="redis://127.0.0.1:6379/0")
    with pytest.raises(ValueError, match="redis://host"):
        Settings(database_url="postgresql+asyncpg://u@h/db", redis_url="127.0.0.1:6379")
    for done in (
        serve("--database-url", sqlite, "--redis-url", "redis://127.0.0.1:1/0"),
        serve("--database-url", sqlite, env={**os.environ, "KIBITZ_REDIS_URL": "redis://h/0"}),
    ):
        assert done.returncode == 2, done.stderr
        assert "a SQLite file belongs to one process" in done.stderr
        assert "Traceback" not in done.stderr
    assert not (tmp_path / "k.sqlite3").exists()


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    first = Server(str(tmp_path / "k.sqlite3"), free_port(), tmp_path / "first.log")
    first.start()
    try:
        done = serve("--database-url", str(tmp_path / "k.sqlite3"), "--port", str(free_port()))
        assert done.returncode == 2, done.stderr
        assert first.process is not None
        assert "another kibitz server" in done.stderr and str(first.process.pid) in done.stderr
        assert "Traceback" not in done.stderr
    finally:
        first.stop()
    second = Server(str(tmp_path / "k.sqlite3"), free_port(), tmp_path / "second.log")
    second.start()  # the first has stopped: the file is free again
    second.kill()
    third = Server(str(tmp_path / "k.sqlite3"), free_port(), tmp_path / "third.log")
    third.start()  # even after a SIGKILL
    third.stop()
