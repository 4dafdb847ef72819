"""The server's JSON logs hold no secret: full games of every game (every seat and a
spectator connected, chat, a rematch-free end), an invited seat taken with its code, a
wrong token and a wrong invite tried, all with `--log-format json` at level debug (every
request and connection logged); no log line may hold a seat token, an invite code, the
game's seed or a move's text (a card or hidden choice)."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import kibitz
from kibitz.server import Limits, Settings, create_app, logs

from .test_hidden_information import play_through_server


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    """The server's JSON log lines at level debug, read from a string."""
    saved = {
        name: (log.handlers[:], log.level, log.propagate)
        for name in ("kibitz.server", "uvicorn.error")
        if (log := logging.getLogger(name))
    }
    out = io.StringIO()
    logs.setup(logging.DEBUG, "json")
    logging.getLogger("kibitz.server").handlers[0].setStream(out)  # type: ignore[attr-defined]
    try:
        yield out
    finally:
        for name, (handlers, level, propagate) in saved.items():
            log = logging.getLogger(name)
            log.handlers[:], log.level, log.propagate = handlers, level, propagate


def test_json_logs_hold_no_token_invite_seed_or_card(json_log: io.StringIO, tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        limits=Limits(messages_per_second=10000, message_burst=10000),
        bot_workers=0,
    )
    secrets: list[str] = []
    moves: set[str] = set()
    with TestClient(create_app(settings)) as client:
        for spec in kibitz.games():
            record, tokens = play_through_server(client, spec.name, spec.default_players, 3)
            secrets += tokens
            assert record.seed is not None
            secrets.append(str(record.seed))
            moves |= {text for _, text in record.moves}
        body = {"game": "xbere", "players": 2, "seats": [{"kind": "invited"}] * 2}
        created = client.post("/api/tables", json=body).json()
        table_id = created["table"]["id"]
        invites = list(created["invites"].values())
        secrets += invites
        wrong = client.post(
            f"/api/tables/{table_id}/join", json={"nickname": "Eve", "invite": "guessed-code-1"}
        )
        assert wrong.json()["error"]["code"] == "bad_invite"
        joined = client.post(
            f"/api/tables/{table_id}/join", json={"nickname": "Ann", "invite": invites[0]}
        ).json()
        secrets.append(joined["token"])
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": table_id, "token": "guessed-token-1"})
            assert ws.receive_json()["code"] == "not_seated"
            ws.send_json({"type": "hello", "table": table_id, "token": joined["token"]})
            assert ws.receive_json()["type"] == "welcome"
    lines = json_log.getvalue().splitlines()
    assert len(lines) > 100
    events = [json.loads(line) for line in lines]  # every line one JSON object
    assert {"table.joined", "table.over", "ws.open"} <= {e["event"] for e in events}
    text = json_log.getvalue()
    for secret in [*secrets, "guessed-code-1", "guessed-token-1"]:
        assert secret not in text
    shown = [str(value) for e in events for value in e.values()]
    # A move's text (a card, a bid, a hidden choice) is never a logged value.
    assert not moves & set(shown), moves & set(shown)
    assert all(move not in value for move in moves if " " in move for value in shown)
