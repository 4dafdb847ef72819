"""The WebSocket protocol and the REST lobby API through Starlette's test client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from kibitz.server import Limits, Settings, create_app
from kibitz.server.errors import ERRORS


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        limits=Limits(max_connections_per_ip=4, message_burst=30),
        bot_workers=0,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": "xbere", "players": 2, **body})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def test_health_games_openapi_and_page(client: TestClient) -> None:
    assert client.get("/api/health").json()["status"] == "ok"
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {"xbere", "6nimmt"} <= set(games)
    assert "random" in games["xbere"]["bots"]
    assert any(o["name"] == "hand_size" and o["doc"] for o in games["xbere"]["options"])
    schema = client.get("/openapi.json").json()
    assert {"/api/tables", "/api/tables/{table_id}/join", "/api/tables/{table_id}/record"} <= set(
        schema["paths"]
    )
    page = client.get("/")
    assert page.status_code == 200 and "kibitz" in page.text


def test_lobby_create_join_list_and_errors(client: TestClient) -> None:
    created = new_table(
        client, seats=[{"kind": "open"}, {"kind": "invited"}], join={"nickname": "Ann"}
    )
    table_id = created["table"]["id"]
    assert created["seated"]["seat"] == 0 and len(created["seated"]["token"]) >= 24
    assert "seed" not in json.dumps(created)
    assert [t["id"] for t in client.get("/api/tables?status=waiting").json()] == [table_id]
    assert client.get("/api/tables?status=over").json() == []
    bad = client.post(f"/api/tables/{table_id}/join", json={"nickname": "Eve"})
    assert bad.status_code == 409 and bad.json()["error"]["code"] == "table_full"
    code = created["invites"]["1"]
    wrong = client.post(f"/api/tables/{table_id}/join", json={"nickname": "Eve", "invite": "x"})
    assert wrong.json()["error"]["code"] == "bad_invite"
    twice = client.post(
        f"/api/tables/{table_id}/join",
        json={"nickname": "Ann", "invite": code},
        headers={"X-Kibitz-Token": created["seated"]["token"]},
    )
    assert twice.json()["error"]["code"] == "already_seated"
    bob = client.post(f"/api/tables/{table_id}/join", json={"nickname": "Bob", "invite": code})
    assert bob.status_code == 200 and bob.json()["seat"] == 1
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "playing" and summary["view"]["hand"] is None
    assert client.get(f"/api/tables/{table_id}/record").json()["error"]["code"] == "not_over"
    assert client.get("/api/tables/nope").status_code == 404
    for body in (
        {"game": "chess"},
        {"game": "xbere", "players": 2, "options": {"hand_size": "many"}},
        {"game": "xbere", "players": 2, "seats": [{"kind": "bot", "bot": "nobody"}] * 2},
        {"game": "xbere", "unknown": 1},
        {"game": "xbere", "clock": -5},
    ):
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, body
        assert response.json()["error"]["code"] in (
            "unknown_game",
            "bad_options",
            "unknown_bot",
            "bad_message",
        )
    broken = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert broken.status_code == 400
    huge = client.post("/api/tables", content=b"x" * 100_000)
    assert huge.status_code == 413 and huge.json()["error"]["code"] == "too_large"


def test_play_reconnect_chat_and_hostile_messages(client: TestClient) -> None:
    created = new_table(client, join={"nickname": "Ann"})
    table_id, token = created["table"]["id"], created["seated"]["token"]
    other = new_table(client, join={"nickname": "Zed"})
    with client.websocket_connect("/ws") as ann, client.websocket_connect("/ws") as bob:
        for raw in ("not json", "[1,2]", '{"type":"dance"}', '{"type":"ping","extra":1}'):
            ann.send_text(raw)
            assert until(ann, "error")["code"] == "bad_message"
        ann.send_json({"type": "act", "move": "play 5", "version": 0, "id": 1})
        assert until(ann, "error") == {
            "type": "error",
            "code": "not_watching",
            "message": ERRORS["not_watching"][1],
            "id": 1,
        }
        ann.send_text(json.dumps({"type": "chat", "text": "x" * 5000}))
        assert until(ann, "error")["code"] == "too_large"
        ann.send_json({"type": "hello", "table": table_id, "token": other["seated"]["token"]})
        assert until(ann, "error")["code"] == "not_seated"
        ann.send_json({"type": "watch", "table": "missing"})
        assert until(ann, "error")["code"] == "no_such_table"
        ann.send_json({"type": "hello", "table": table_id, "token": token})
        assert until(ann, "welcome")["seat"] == 0
        state = until(ann, "state")
        assert state["status"] == "waiting" and state["view"]["hand"]
        bob.send_json({"type": "join", "table": table_id, "nickname": "<Bob>", "id": "j"})
        joined = until(bob, "joined")
        assert joined["seat"] == 1 and joined["nickname"] == "<Bob>" and joined["id"] == "j"
        bob_state = until(bob, "state")
        assert bob_state["status"] == "playing"
        assert bob_state["view"]["hand"] != state["view"]["hand"]
        bob.send_json({"type": "join", "table": table_id, "nickname": "Bob again"})
        assert until(bob, "error")["code"] == "already_seated"
        # A client cannot name a seat to act for; it acts only for its own.
        bob.send_json({"type": "act", "move": "play 1", "version": 0, "seat": 0})
        assert until(bob, "error")["code"] == "bad_message"
        hand = bob_state["view"]["legal"]
        bob.send_json({"type": "act", "move": hand[0], "version": 7, "id": 2})
        assert until(bob, "error")["code"] == "stale_version"
        bob.send_json({"type": "act", "move": "play 999", "version": 0, "id": 3})
        assert until(bob, "error")["code"] == "illegal_move"
        bob.send_json({"type": "act", "move": hand[0], "version": 0, "id": 4})
        assert until(bob, "state")["version"] == 1
        assert until(bob, "ack") == {"type": "ack", "id": 4, "version": 1}
        bob.send_json({"type": "act", "move": hand[1], "version": 1, "id": 5})
        assert until(bob, "ack") == {"type": "ack", "id": 5, "version": 2}  # a change of card
        bob.send_json({"type": "chat", "text": "hi <all>\u0007"})
        line = until(ann, "chat")
        assert (line["seat"], line["nickname"], line["text"]) == (1, "<Bob>", "hi <all>")
        bob_token = joined["token"]
    # Reconnect: the token brings back the seat and its view.
    with client.websocket_connect("/ws") as again:
        again.send_json({"type": "hello", "table": table_id, "token": bob_token})
        welcome = until(again, "welcome")
        assert welcome["seat"] == 1 and welcome["chat"][-1]["text"] == "hi <all>"
        state = until(again, "state")
        assert state["version"] == 2 and state["view"]["seat"] == 1
        assert state["view"]["chosen"] == [False, True] and state["view"]["choice"] == int(
            hand[1].split()[1]
        )
        again.send_json({"type": "leave", "id": 9})
        assert until(again, "left")["seat"] == 1
        spectator_state = until(again, "state")
        assert spectator_state["seat"] is None and spectator_state["view"]["hand"] is None
        assert spectator_state["seats"][1]["kind"] == "open"
        again.send_json({"type": "act", "move": "play 1", "version": 1})
        assert until(again, "error")["code"] == "not_seated"
    assert client.get(f"/api/tables/{table_id}/chat").json()[0]["text"] == "hi <all>"


def test_rate_and_connection_limits(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        for number in range(60):
            ws.send_json({"type": "ping", "id": number})
        answers = [ws.receive_json() for _ in range(60)]
        limited = [a for a in answers if a["type"] == "error"]
        assert limited and all(a["code"] == "rate_limited" for a in limited)
        assert sum(a["type"] == "pong" for a in answers) >= 30
    sockets = [client.websocket_connect("/ws") for _ in range(4)]
    for ws in sockets:
        ws.__enter__()
    try:
        with client.websocket_connect("/ws") as extra:
            assert extra.receive_json()["code"] == "rate_limited"
            with pytest.raises(WebSocketDisconnect):
                extra.receive_json()
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_finished_table_record_and_rematch(client: TestClient) -> None:
    created = new_table(
        client,
        options={"hand_size": 3},
        seats=[{"kind": "open"}, {"kind": "bot", "bot": "random"}],
        join={"nickname": "Ann"},
    )
    table_id, token = created["table"]["id"], created["seated"]["token"]
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "table": table_id, "token": token})
        state = until(ws, "state")
        pending = False
        while state["status"] != "over":
            if not pending and 0 in state["view"]["to_act"] and state["view"]["legal"]:
                ws.send_json(
                    {"type": "act", "move": state["view"]["legal"][0], "version": state["version"]}
                )
                pending = True
            message = ws.receive_json()
            if message["type"] == "state":
                state = message
            else:
                assert message["type"] == "ack", message
                pending = False
        assert state["view"]["winners"] is not None
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert record["game"] == "xbere" and isinstance(record["seed"], int)
        assert len(record["moves"]) == state["version"]
        ws.send_json({"type": "rematch", "id": "r"})
        offered = until(ws, "state")
        rematch = until(ws, "rematch")
        assert rematch["seat"] == 0 and rematch["table"] != table_id
        assert offered["rematch"] == rematch["table"]
        ws.send_json({"type": "hello", "table": rematch["table"], "token": rematch["token"]})
        fresh = until(ws, "state")
        assert fresh["table"] == rematch["table"] and fresh["status"] == "playing"
        assert [s["kind"] for s in fresh["seats"]] == ["player", "bot"]
        assert fresh["view"]["options"]["hand_size"] == 3


def test_protocol_doc_lists_every_message_and_error() -> None:
    from kibitz.server import protocol

    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    for code in ERRORS:
        assert f"`{code}`" in doc, code
    sent = {
        "state",
        "welcome",
        "joined",
        "ack",
        "chat",
        "left",
        "rematch",
        "pong",
        "decided",
        "error",
    }
    received = {
        model.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
        for model in (
            protocol.Hello,
            protocol.Watch,
            protocol.Join,
            protocol.Act,
            protocol.Chat,
            protocol.Leave,
            protocol.Rematch,
            protocol.Ping,
            protocol.Decide,
            protocol.Back,
        )
    }
    for kind in sent | received:
        assert f"| `{kind}` |" in doc, kind
