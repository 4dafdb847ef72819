"""Players over REST and WebSocket: the cookie, my tables, seats tied to a player, claiming,
signing in elsewhere and out, renaming, the Origin check, rate limits and every route's bad
input answered with the documented error shapes."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from kibitz.server import Limits, Settings, create_app
from kibitz.server import db as schema
from kibitz.server.players import COOKIE

from .test_protocol import until


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        limits=Limits(signins_per_minute=8, signins_per_player_per_minute=3),
        bot_workers=0,
        allowed_origins=("https://friends.example",),
    )
    return create_app(settings)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def second_browser(app: FastAPI) -> TestClient:
    """Another browser on the same running server: its own cookie jar."""
    return TestClient(app)


def error(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["code"] == code, body


def new_player(client: TestClient, nickname: str = "Ann") -> dict[str, Any]:
    response = client.post("/api/players", json={"nickname": nickname})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def stored(client: TestClient, table: sa.Table) -> list[dict[str, Any]]:
    async def read(conn_work: Any) -> Any:
        return await client.app.state.service.store.database.run(conn_work)  # type: ignore[attr-defined]

    def work(conn: sa.Connection) -> list[dict[str, Any]]:
        return [dict(r._mapping) for r in conn.execute(sa.select(table))]

    return client.portal.call(read, work)  # type: ignore[union-attr]


def test_a_first_visit_creates_a_player_with_an_httponly_samesite_cookie(
    client: TestClient,
) -> None:
    error(client.get("/api/me"), 401, "not_signed_in")
    response = client.post("/api/players", json={"nickname": "  Ann\u202e "})
    assert response.status_code == 201
    player = response.json()
    assert player["nickname"] == "Ann" and player["claimed"] is False
    header = response.headers["set-cookie"]
    assert header.startswith(f"{COOKIE}={player['id']}:")
    assert "HttpOnly" in header and "SameSite=lax" in header and "Max-Age=" in header
    assert "Secure" not in header  # plain http here; https sets it
    secret = client.cookies[COOKIE].split(":", 1)[1]
    assert len(secret) >= 32
    sessions = stored(client, schema.sessions)
    assert (
        len(sessions) == 1
        and secret not in str(sessions)
        and secret not in str(stored(client, schema.players))
    )
    me = client.get("/api/me").json()
    assert (me["id"], me["nickname"], me["tables"], me["recent"]) == (player["id"], "Ann", [], [])
    error(client.post("/api/players", json={"nickname": "Again"}), 409, "signed_in")


def test_bad_input_to_the_player_routes(client: TestClient) -> None:
    for body in ({}, {"nickname": ""}, {"nickname": 5}, {"nickname": "A", "extra": 1}):
        error(client.post("/api/players", json=body), 400, "bad_message")
    for nickname in ("   ", "x" * 25, "\u0000\u200b"):
        error(client.post("/api/players", json={"nickname": nickname}), 400, "bad_nickname")
    error(client.patch("/api/me", json={"nickname": "Bob"}), 401, "not_signed_in")
    error(client.post("/api/me/password", json={"password": "long enough"}), 401, "not_signed_in")
    for cookie in ("junk", "x:y", "a" * 200, "bot.easy:secret", ":"):
        client.cookies.set(COOKIE, cookie)
        error(client.get("/api/me"), 401, "not_signed_in")
    client.cookies.clear()
    player = new_player(client)
    client.cookies.clear()
    client.cookies.set(COOKIE, f"{player['id']}:wrong-secret")
    error(client.get("/api/me"), 401, "not_signed_in")
    client.cookies.clear()
    new_player(client, "Bea")
    error(client.patch("/api/me", json={"nickname": " "}), 400, "bad_nickname")
    error(client.patch("/api/me", json={}), 400, "bad_message")
    for password in ("short", "x" * 129):
        error(client.post("/api/me/password", json={"password": password}), 400, "bad_password")
    error(client.post("/api/me/password", json={"password": 12345678}), 400, "bad_message")
    error(client.post("/api/signin", json={"nickname": "Bea"}), 400, "bad_message")
    error(client.get("/api/players/nobody"), 404, "no_such_player")
    error(client.get("/api/players/bad%20id%21"), 404, "no_such_player")
    error(client.get("/api/leaderboard/chess"), 400, "unknown_game")
    error(client.get("/api/leaderboard/xbere?limit=0"), 400, "bad_message")
    error(client.get("/api/leaderboard/xbere?offset=-1"), 400, "bad_message")
    assert client.get("/api/leaderboard/xbere").json() == []


def test_seats_are_the_players_and_my_tables_find_them(app: FastAPI, client: TestClient) -> None:
    ann = new_player(client, "Ann")
    created = client.post(
        "/api/tables",
        json={"game": "xbere", "players": 2, "join": {"nickname": "Someone else", "seat": 0}},
    ).json()
    table_id = created["table"]["id"]
    assert created["seated"]["nickname"] == "Ann"  # the player's own nickname
    assert created["table"]["seats"][0]["player"] == ann["id"]
    error(client.post(f"/api/tables/{table_id}/join", json={}), 409, "already_seated")
    me = client.get("/api/me").json()
    assert [(t["id"], t["seat"]) for t in me["tables"]] == [(table_id, 0)]

    # Another browser, not signed in: a nickname is needed, and its seat is no player's.
    guest = second_browser(app)
    error(guest.post(f"/api/tables/{table_id}/join", json={}), 400, "bad_nickname")
    joined = guest.post(f"/api/tables/{table_id}/join", json={"nickname": "Guest"}).json()
    assert joined["seat"] == 1
    summary = client.get(f"/api/tables/{table_id}").json()
    assert [s["player"] for s in summary["seats"]] == [ann["id"], None]

    # The WebSocket: hello without a token takes the player's seat back; without a cookie it
    # is refused; a signed-in join sits under the player's nickname.
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "table": table_id})
        assert until(ws, "welcome")["seat"] == 0
        state = until(ws, "state")
        assert state["seat"] == 0 and state["view"]["hand"]
        assert state["seats"][0]["player"] == ann["id"]
        ws.send_json({"type": "chat", "text": "hello"})
        assert until(ws, "chat")["nickname"] == "Ann"
        legal = state["view"]["legal"][0]
        ws.send_json({"type": "act", "move": legal, "version": state["version"], "id": 1})
        assert until(ws, "ack")["id"] == 1
    with guest.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "table": table_id, "id": 2})
        assert until(ws, "error")["code"] == "not_seated"
    other = client.post("/api/tables", json={"game": "6nimmt", "players": 2}).json()
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "table": other["table"]["id"]})
        joined = until(ws, "joined")
        assert joined["nickname"] == "Ann"
        assert until(ws, "state")["seats"][joined["seat"]]["player"] == ann["id"]
        ws.send_json({"type": "join", "table": other["table"]["id"], "nickname": "Ann2"})
        assert until(ws, "error")["code"] == "already_seated"
    tables = {t["id"] for t in client.get("/api/me").json()["tables"]}
    assert tables == {table_id, other["table"]["id"]}


def test_rename_shows_at_unfinished_tables(client: TestClient) -> None:
    new_player(client, "Ann")
    table_id = client.post(
        "/api/tables", json={"game": "xbere", "players": 2, "join": {"seat": 0}}
    ).json()["table"]["id"]
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "table": table_id})
        until(ws, "state")
        renamed = client.patch("/api/me", json={"nickname": "Annie"})
        assert renamed.status_code == 200 and renamed.json()["nickname"] == "Annie"
        assert until(ws, "state")["seats"][0]["nickname"] == "Annie"  # told at once
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["nickname"] == "Annie"
    assert client.get("/api/me").json()["nickname"] == "Annie"


def test_claim_sign_in_elsewhere_and_sign_out(
    app: FastAPI, client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="kibitz.server")
    ann = new_player(client, "Ann")
    table_id = client.post(
        "/api/tables", json={"game": "xbere", "players": 2, "join": {"seat": 0}}
    ).json()["table"]["id"]
    password = "correct horse battery"
    claimed = client.post("/api/me/password", json={"password": password})
    assert claimed.status_code == 200 and claimed.json()["claimed"] is True
    assert password not in str(stored(client, schema.players))
    assert stored(client, schema.players)[0]["password_hash"].startswith("$argon2id$")
    # Changing it needs the current one.
    error(client.post("/api/me/password", json={"password": "another one!"}), 403, "bad_signin")
    wrong = {"password": "another one!", "current": "not it at all"}
    error(client.post("/api/me/password", json=wrong), 403, "bad_signin")

    # A second device signs in with the nickname (any case) and the password.
    phone = second_browser(app)
    error(
        phone.post("/api/signin", json={"nickname": "ann", "password": "wrong!!!"}),
        403,
        "bad_signin",
    )
    error(
        phone.post("/api/signin", json={"nickname": "Nobody", "password": password}),
        403,
        "bad_signin",
    )
    signed = phone.post("/api/signin", json={"nickname": " aNN ", "password": password})
    assert signed.status_code == 200 and signed.json()["id"] == ann["id"]
    assert "HttpOnly" in signed.headers["set-cookie"]
    assert phone.cookies[COOKIE] != client.cookies[COOKIE]  # a session of its own
    me = phone.get("/api/me").json()
    assert me["id"] == ann["id"] and [t["id"] for t in me["tables"]] == [table_id]
    with phone.websocket_connect("/ws") as ws:  # the seat, without its token
        ws.send_json({"type": "hello", "table": table_id})
        assert until(ws, "welcome")["seat"] == 0

    # A claimed nickname is taken for other players, whatever the case.
    bea = second_browser(app)
    new_player(bea, "ANN")  # unclaimed players may share a nickname
    error(bea.post("/api/me/password", json={"password": "bea's password"}), 409, "nickname_taken")
    cid = second_browser(app)
    new_player(cid, "Cid")
    assert cid.post("/api/me/password", json={"password": "cid's password"}).status_code == 200
    error(client.patch("/api/me", json={"nickname": "CID"}), 409, "nickname_taken")
    assert client.patch("/api/me", json={"nickname": "Annabel"}).status_code == 200
    error(
        bea.post("/api/signin", json={"nickname": "Ann", "password": password}), 403, "bad_signin"
    )
    assert (
        bea.post("/api/signin", json={"nickname": "annabel", "password": password}).json()["id"]
        == ann["id"]
    )  # signing in elsewhere replaces that browser's own player session

    # Signing out ends this browser's session only.
    phone_secret = phone.cookies[COOKIE].split(":", 1)[1]
    out = phone.post("/api/signout")
    assert out.json() == {"signed_out": True} and f"{COOKIE}=" in out.headers["set-cookie"]
    error(phone.get("/api/me"), 401, "not_signed_in")
    assert client.get("/api/me").json()["id"] == ann["id"]
    assert phone.post("/api/signout").status_code == 200  # signed out already: nothing to do

    logged = caplog.text
    assert "player.signed_in" in logged and "player.claimed" in logged
    for secret in (password, phone_secret, client.cookies[COOKIE].split(":", 1)[1]):
        assert secret not in logged


def test_sign_in_attempts_are_limited_per_nickname_and_per_address(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from types import SimpleNamespace

    from kibitz.server import ratelimit

    # The limiter's clock stands still: argon2 takes seconds on a busy machine, in which
    # the buckets would refill.
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(monotonic=lambda: 1000.0))
    new_player(client, "Ann")
    assert client.post("/api/me/password", json={"password": "ann's password"}).status_code == 200
    thief = second_browser(app)
    for _ in range(3):  # Limits(signins_per_player_per_minute=3)
        error(
            thief.post("/api/signin", json={"nickname": "Ann", "password": "guess!!!"}),
            403,
            "bad_signin",
        )
    right = {"nickname": "ann", "password": "ann's password"}
    error(thief.post("/api/signin", json=right), 429, "rate_limited")  # even the right one
    # Other nicknames, until the address's 8 attempts a minute are used (4 are left).
    answers = [
        thief.post("/api/signin", json={"nickname": f"x{n}", "password": "guess!!!"}).status_code
        for n in range(6)
    ]
    assert answers == [403, 403, 403, 403, 429, 429]
    assert client.get("/api/me").status_code == 200  # other requests still go through


def test_websocket_handshake_checks_the_origin(client: TestClient) -> None:
    for origin in ("http://evil.example", "null", "https://testserver.evil.example", "file://"):
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect("/ws", headers={"origin": origin}),
        ):
            pass
        assert refused.value.code == 1008, origin
    for origin in ("http://testserver", "https://friends.example", None):
        headers = {"origin": origin} if origin else {}
        with client.websocket_connect("/ws", headers=headers) as ws:
            ws.send_json({"type": "ping", "id": 1})
            assert until(ws, "pong")["id"] == 1


def test_origin_rule() -> None:
    from kibitz.server.origins import origin_allowed

    assert origin_allowed("https://kibitz.example", "kibitz.example")
    assert origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert not origin_allowed("http://127.0.0.1:8001", "127.0.0.1:8000")
    assert not origin_allowed("https://kibitz.example.evil", "kibitz.example")
    assert not origin_allowed("javascript://kibitz.example", "kibitz.example")
    assert not origin_allowed("https://kibitz.example", None)
    assert origin_allowed("HTTPS://Friends.Example/", "x", ("https://friends.example",))
