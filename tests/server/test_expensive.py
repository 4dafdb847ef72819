"""The endpoints whose cost grows with the database or a game's length: the lobby's list
reads move counts kept on the table rows (kept with each move, filled in by migration
0004 for the tables stored before), a finished table's replay is built once, and these
endpoints have a rate limit of their own."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from kibitz.server import Limits, Settings, create_app, pages
from kibitz.server.db import alembic_config, open_database

from .support import run
from .test_protocol import new_table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        limits=Limits(expensive_per_minute=10000),
        bot_workers=0,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def finished_table(client: TestClient) -> str:
    """A short X bere! game of two random bots, played to its end."""
    seats = [{"kind": "bot", "bot": "random"}] * 2
    table_id: str = new_table(client, options={"hand_size": 3}, seats=seats)["table"]["id"]
    while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
        time.sleep(0.02)
    return table_id


def test_the_list_shows_each_tables_stored_move_count(client: TestClient) -> None:
    table_id = finished_table(client)
    waiting = new_table(client)["table"]["id"]
    listed = {t["id"]: t["version"] for t in client.get("/api/tables").json()}
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert listed == {table_id: len(record["moves"]), waiting: 0}
    assert listed[table_id] > 0


def test_a_finished_replay_is_built_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = finished_table(client)
    built: list[int | None] = []
    steps = pages.replay_steps

    def counted(record: Any, seat: int | None) -> dict[str, Any]:
        built.append(seat)
        return steps(record, seat)

    monkeypatch.setattr(pages, "replay_steps", counted)
    answers = [client.get(f"/api/tables/{table_id}/replay?seat=1") for _ in range(3)]
    spectator = client.get(f"/api/tables/{table_id}/replay")
    assert built == [1, None]
    assert all(a.status_code == 200 and a.json() == answers[0].json() for a in answers)
    assert answers[0].json()["seat"] == 1 and spectator.json()["seat"] is None
    assert len(answers[0].json()["views"]) == len(answers[0].json()["moves"]) + 1
    unfinished = new_table(client)["table"]["id"]
    refused = client.get(f"/api/tables/{unfinished}/replay")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_over"


def test_expensive_endpoints_have_a_limit_of_their_own(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        limits=Limits(expensive_per_minute=8),  # 2 at once
        bot_workers=0,
    )
    with TestClient(create_app(settings)) as client:
        codes = [client.get("/api/tables").status_code for _ in range(3)]
        assert codes == [200, 200, 429]
        assert client.get("/api/tables").json()["error"]["code"] == "rate_limited"
        assert client.get("/api/tables/abc/replay").status_code == 429
        assert client.get("/api/games").status_code == 200  # cheap ones go on
        assert client.get("/api/tables/abc/chat").status_code == 404


def test_migration_0004_counts_the_moves_stored_before(tmp_path: Path) -> None:
    from alembic import command

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"

    async def main() -> dict[str, int]:
        database = open_database(url)

        def at(revision: str) -> Any:
            def upgrade(conn: sa.Connection) -> None:
                config = alembic_config(url)
                config.attributes["connection"] = conn
                command.upgrade(config, revision)

            return upgrade

        try:
            await database.run(at("0003"))
            await database.run(
                lambda conn: conn.execute(
                    sa.text(
                        "INSERT INTO kibitz_tables (id, game, players, options, status, "
                        "created_at, updated_at, rated) VALUES "
                        "('t1', 'xbere', 2, '{}', 'playing', 1, 1, 0), "
                        "('t2', 'xbere', 2, '{}', 'waiting', 1, 1, 0)"
                    )
                )
            )
            await database.run(
                lambda conn: conn.execute(
                    sa.text(
                        "INSERT INTO kibitz_moves (table_id, number, seat, text, at, by) "
                        "VALUES ('t1', 1, 0, 'a', 1, 'player'), ('t1', 2, 1, 'b', 2, 'bot')"
                    )
                )
            )
            await database.run(at("head"))
            rows = await database.run(
                lambda conn: conn.execute(
                    sa.text("SELECT id, moves_count FROM kibitz_tables")
                ).all()
            )
            return {r.id: r.moves_count for r in rows}
        finally:
            await database.dispose()

    assert run(main()) == {"t1": 2, "t2": 0}
