"""Hostile WebSocket messages are answered with `error` on a connection that stays open, and
change nothing: ids of any size, deep nesting, invalid UTF-8, sizes counted in bytes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kibitz.server import Limits
from kibitz.server.protocol import MAX_ID, request_id

from .support import a_bug, app_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path, Limits(message_burst=1000, messages_per_second=1000.0)) as made:
        yield made


def answer(ws: Any, message: str | bytes) -> dict[str, Any]:
    """Send `message` and return the first answer to it (the connection must stay open:
    a `ping` after it is answered too)."""
    if isinstance(message, bytes):
        ws.send_bytes(message)
    else:
        ws.send_text(message)
    first: dict[str, Any] = ws.receive_json()
    ws.send_json({"type": "ping", "id": "after"})
    while (next_message := ws.receive_json()) != {"type": "pong", "id": "after"}:
        assert next_message["type"] != "error", next_message
    return first


@pytest.mark.parametrize("big", [2**53, 2**64, -(2**63) - 1, 10**300])
def test_an_id_too_big_to_echo_is_refused_not_fatal(client: TestClient, big: int) -> None:
    with client.websocket_connect("/ws") as ws:
        error = answer(ws, json.dumps({"type": "ping", "id": big}))
        assert error["type"] == "error" and error["code"] == "bad_message"
        assert "id" not in error and "id" in error["message"]
        assert answer(ws, json.dumps({"type": "ping", "id": MAX_ID})) == {
            "type": "pong",
            "id": MAX_ID,
        }
        assert answer(ws, json.dumps({"type": "ping", "id": -MAX_ID}))["id"] == -MAX_ID


def test_a_join_with_a_bad_id_stores_no_seat(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "xbere", "players": 2}).json()
    table = created["table"]["id"]
    with client.websocket_connect("/ws") as ws:
        message = {"type": "join", "table": table, "nickname": "Eve", "id": 2**64}
        error = answer(ws, json.dumps(message))
        assert error["code"] == "bad_message"
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert [s["kind"] for s in seats] == ["open", "open"]


@pytest.mark.parametrize("depth", [100, 1000, 1500])
def test_deep_nesting_is_a_bad_message(client: TestClient, depth: int) -> None:
    nested = "[" * depth + "]" * depth
    with client.websocket_connect("/ws") as ws:
        for text in (
            nested,
            f'{{"type": "ping", "id": {nested}}}',
            f'{{"type": "chat", "text": "x", "id": 1, "extra": {nested}}}',
        ):
            assert len(text.encode()) <= 4096
            error = answer(ws, text)
            assert error["type"] == "error" and error["code"] == "bad_message", error


def test_request_id_reads_any_text() -> None:
    assert request_id('{"id": 5, "type": []}') == 5
    assert request_id('{"id": "x"}') == "x"
    for text in (
        "[" * 5000,
        '{"id": ' + "[" * 2000 + "]" * 2000 + "}",
        b'{"id": "\xff"}',
        '{"id": 18446744073709551616}',
        '{"id": true}',
        '{"id": 1.5}',
        '{"id": "' + "x" * 65 + '"}',
        "not json",
    ):
        assert request_id(text) is None, text


def test_invalid_utf8_in_a_binary_message_is_a_bad_message(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        for data in (
            b"\xff\xfe",
            b'{"type": "ping", "id": "\xc3\x28"}',
            b'{"type":"chat","text":"\xed\xa0\x80"}',
        ):
            assert answer(ws, data)["code"] == "bad_message"
        assert answer(ws, b'{"type": "ping", "id": 1}') == {"type": "pong", "id": 1}


def test_the_message_limit_counts_bytes(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        wide = json.dumps({"type": "ping", "id": "x", "pad": "€" * 1400}, ensure_ascii=False)
        assert len(wide) < 4096 < len(wide.encode())
        assert answer(ws, wide)["code"] == "too_large"
        narrow = json.dumps({"type": "ping", "id": "x", "pad": "e" * 1400})
        assert answer(ws, narrow)["code"] == "bad_message"  # within the limit: read, refused


def test_a_bug_answers_internal_and_keeps_the_connection(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    monkeypatch.setattr(service, "table", a_bug)
    with client.websocket_connect("/ws") as ws:
        error = answer(ws, json.dumps({"type": "watch", "table": "abc", "id": 3}))
        assert error == {
            "type": "error",
            "code": "internal",
            "message": error["message"],
            "id": 3,
        }
        assert "a bug" not in error["message"]
