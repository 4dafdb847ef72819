"""Spectators chat where the table allows it (the `spectator_chat` option, on by default):
as their signed-in player, marked as spectators (`seat: null`), rate limited per player."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from kibitz.server import Limits, Settings, create_app

from .test_players import new_player, second_browser
from .test_protocol import until


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        limits=Limits(chat_per_minute=8),  # two lines at once, then one in 7.5 s
        bot_workers=0,
    )
    return create_app(settings)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def new_table(client: TestClient, **fields: object) -> str:
    body = {"game": "xbere", "players": 2, "seats": [{"kind": "bot"}, {"kind": "open"}]}
    response = client.post("/api/tables", json={**body, **fields})
    assert response.status_code == 201, response.text
    table_id: str = response.json()["table"]["id"]
    return table_id


def test_a_spectator_chats_as_a_spectator_rate_limited(client: TestClient, app: FastAPI) -> None:
    table_id = new_table(client)
    assert client.get(f"/api/tables/{table_id}").json()["spectator_chat"] is True
    watcher = second_browser(app)
    new_player(watcher, "Vera")
    with watcher.websocket_connect("/ws") as ws:
        ws.send_json({"type": "watch", "table": table_id})
        assert until(ws, "welcome")["spectator_chat"] is True
        ws.send_json({"type": "chat", "text": "nice move"})
        line = until(ws, "chat")
        assert (line["seat"], line["nickname"], line["text"]) == (None, "Vera", "nice move")
        ws.send_json({"type": "chat", "text": "again"})
        until(ws, "chat")
        ws.send_json({"type": "chat", "text": "and again"})  # the third line at once
        assert until(ws, "error")["code"] == "rate_limited"
    stored = client.get(f"/api/tables/{table_id}/chat").json()
    assert [(m["seat"], m["text"]) for m in stored] == [(None, "nice move"), (None, "again")]
    # A spectator who is nobody's player cannot chat: a line needs a name.
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "watch", "table": table_id})
        assert until(ws, "welcome")["chat"][0]["seat"] is None
        ws.send_json({"type": "chat", "text": "hi"})
        assert until(ws, "error")["code"] == "not_signed_in"


def test_a_table_may_keep_its_chat_to_the_players(client: TestClient, app: FastAPI) -> None:
    table_id = new_table(client, spectator_chat=False)
    assert client.get(f"/api/tables/{table_id}").json()["spectator_chat"] is False
    watcher = second_browser(app)
    new_player(watcher, "Vera")
    with watcher.websocket_connect("/ws") as ws:
        ws.send_json({"type": "watch", "table": table_id})
        assert until(ws, "welcome")["spectator_chat"] is False
        ws.send_json({"type": "chat", "text": "psst"})
        assert until(ws, "error")["code"] == "no_spectator_chat"
    assert client.get(f"/api/tables/{table_id}/chat").json() == []
    bad = client.post("/api/tables", json={"game": "xbere", "spectator_chat": "maybe"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_message"
