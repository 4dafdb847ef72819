"""Database URLs as `kibitz serve --database-url` takes them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kibitz.server.config import normalize_database_url


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
