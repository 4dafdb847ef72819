"""No hidden information leaves the server: full games of every registered game, played over
the WebSocket protocol with every seat connected (and a spectator), where every message each
connection receives is checked against what that seat may know: each `state` must carry
exactly `game.view(seat)` of a server-side replay of the finished record at that version,
and no message may hold another seat's token, the seed, or a field outside the protocol. The
game log each connection puts together (whole in `welcome`, a move's entries in each `state`)
is at every version the log rebuilt from the record, which is built from spectator views."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import kibitz
from kibitz.core import Record, start
from kibitz.core.gamelog import GameLog
from kibitz.server import Limits, Settings, create_app

ALLOWED = {
    "joined": {"type", "id", "table", "seat", "token", "nickname"},
    "welcome": {"type", "id", "table", "seat", "chat", "spectator_chat", "log"},
    "state": {
        "type",
        "table",
        "game",
        "version",
        "status",
        "seat",
        "seats",
        "clock",
        "rematch",
        "view",
        "log",
        "patience",
    },
    "ack": {"type", "id", "version"},
    "pong": {"type", "id"},
    "chat": {"type", "table", "seat", "nickname", "text", "at"},
}
SEAT_KEYS = {"seat", "kind", "nickname", "bot", "player", "away", "connected"}


class Client:
    """One WebSocket connection and every message it received."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.pings = 0

    def receive(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        message: dict[str, Any] = json.loads(text)
        message["_raw"] = text
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
        assert message["type"] != "error", message
        return message

    def until(self, kind: str, request: Any = None) -> dict[str, Any]:
        while True:
            message = self.receive()
            if message["type"] == kind and message.get("id") == request:
                return message

    def sync(self) -> None:
        """Read everything the server sent before a ping (queues are in order)."""
        self.pings += 1
        self.ws.send_json({"type": "ping", "id": f"p{self.pings}"})
        self.until("pong", f"p{self.pings}")


def play_through_server(
    client: TestClient, game: str, players: int, seed: int
) -> tuple[Record, list[str]]:
    """Play a whole game with every seat and a spectator connected, check every message
    they got; returns the record and the seats' tokens."""
    created = client.post("/api/tables", json={"game": game, "players": players})
    assert created.status_code == 201, created.text
    table_id = created.json()["table"]["id"]
    rng = random.Random(seed)
    with client.websocket_connect("/ws") as spectator_ws:
        spectator = Client(spectator_ws, None)
        spectator_ws.send_json({"type": "watch", "table": table_id})
        spectator.until("state")
        sockets = [client.websocket_connect("/ws") for _ in range(players)]
        clients: list[Client] = []
        tokens: list[str] = []
        try:
            for seat, ws in enumerate(sockets):
                ws.__enter__()
                c = Client(ws, seat)
                ws.send_json(
                    {"type": "join", "table": table_id, "nickname": f"P{seat}", "seat": seat}
                )
                tokens.append(c.until("joined")["token"])
                clients.append(c)
            everyone = [*clients, spectator]
            for c in everyone:
                c.sync()
            moves = 0
            while True:
                state = clients[0].state
                assert state is not None
                if state["status"] == "over":
                    break
                to_act = state["view"]["to_act"]
                seat = to_act[rng.randrange(len(to_act))]
                actor = clients[seat]
                assert actor.state is not None
                legal = actor.state["view"]["legal"]
                assert legal, f"seat {seat} must act but has no legal move"
                moves += 1
                actor.ws.send_json(
                    {
                        "type": "act",
                        "id": moves,
                        "move": legal[rng.randrange(len(legal))],
                        "version": actor.state["version"],
                    }
                )
                actor.until("ack", moves)
                for c in everyone:
                    c.sync()
                assert moves < 5000
            # A chat line reaches everyone and carries no secret either.
            clients[0].ws.send_json({"type": "chat", "text": "good game"})
            for c in everyone:
                c.until("chat")
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    answer = client.get(f"/api/tables/{table_id}/record")
    assert answer.status_code == 200, answer.text
    record = Record.from_dict(answer.json())
    check_messages(record, everyone, tokens)
    return record, tokens


def check_messages(record: Record, clients: list[Any], tokens: list[str]) -> None:
    game = start(record)
    seats: list[int | None] = [*range(record.players), None]
    views: list[dict[int | None, Any]] = []

    def snapshot() -> None:
        views.append({s: json.loads(json.dumps(game.view(s))) for s in seats})

    snapshot()
    for seat, text in record.moves:
        game.apply(seat, text)
        snapshot()
    assert game.is_over()
    secrets_of = {c.seat: tokens[c.seat] for c in clients if c.seat is not None}
    log = GameLog(game)
    log.follow(game)
    checked = 0
    for c in clients:
        kept: list[Any] = []
        own_token = secrets_of.get(c.seat)
        others = [t for s, t in secrets_of.items() if s != c.seat]
        for message in c.messages:
            raw = message.pop("_raw")
            kind = message["type"]
            assert set(message) <= ALLOWED[kind], (kind, set(message) - ALLOWED[kind])
            for token in others:
                assert token not in raw, f"seat {c.seat} saw another seat's token"
            if own_token is not None and kind != "joined":
                assert own_token not in raw
            assert '"seed"' not in raw
            if record.seed is not None and record.seed > 10**6:
                assert str(record.seed) not in raw
            if kind == "welcome":
                kept = message["log"]
            if kind == "state":
                part = message["log"]
                assert part["since"] <= len(kept), "log entries went missing"
                kept = kept[: part["since"]] + part["entries"]
                assert kept == log.entries[: log.since(message["version"])], (
                    f"seat {c.seat}, version {message['version']}: the log differs from the "
                    "one rebuilt from spectator views"
                )
                assert message["seat"] == c.seat
                assert all(set(s) == SEAT_KEYS for s in message["seats"])
                expected = views[message["version"]][c.seat]
                assert message["view"] == expected, (
                    f"seat {c.seat}, version {message['version']}: the view differs from "
                    "what the seat may know"
                )
                checked += 1
    assert checked > len(record.moves)


@pytest.mark.parametrize("spec", kibitz.games(), ids=lambda s: s.name)
def test_full_games_leak_nothing(spec: Any, tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        limits=Limits(messages_per_second=10000, message_burst=10000),
        bot_workers=0,
    )
    with TestClient(create_app(settings)) as client:
        play_through_server(client, spec.name, spec.default_players, seed=1)
