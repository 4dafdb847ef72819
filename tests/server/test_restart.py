"""`kibitz serve` as a real process: play part of several games over WebSocket, kill the
server with SIGKILL, start it again on the same database, and check that every table goes on
from exactly where it was, with nothing lost."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from .processes import Server, free_port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "kibitz.sqlite3"), free_port(), tmp_path / "server.log")
    running.start()
    try:
        yield running
    finally:
        running.stop()


class Player:
    def __init__(self, server: Server, table: str, token: str) -> None:
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{server.port}/ws")
        self.ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
        self.state = self.next_state()

    def next_state(self) -> dict[str, Any]:
        while True:
            message = json.loads(self.ws.recv(timeout=20))
            if message["type"] == "state":
                self.state = message
                return message
            assert message["type"] in ("welcome", "ack", "error"), message

    def settle(self, quiet: float = 0.3) -> dict[str, Any]:
        """The newest state once no message has come for `quiet` seconds."""
        while True:
            try:
                message = json.loads(self.ws.recv(timeout=quiet))
            except TimeoutError:
                return self.state
            if message["type"] == "state":
                self.state = message

    def my_turn(self) -> bool:
        view = self.state["view"]
        return self.state["status"] == "playing" and self.state["seat"] in view["to_act"]

    def act(self) -> None:
        move = self.state["view"]["legal"][0]
        self.ws.send(json.dumps({"type": "act", "move": move, "version": self.state["version"]}))


def play(players: list[Player], moves: int) -> None:
    """Each player acts whenever it may, `moves` times in all (or until the game ends)."""
    for _ in range(moves):
        for p in players:
            p.settle(0.02)
        ready = [p for p in players if p.my_turn()]
        if players[0].state["status"] == "over":
            return
        if not ready:
            players[0].next_state()
            continue
        ready[0].act()


def test_sigkill_and_restart_lose_nothing(server: Server) -> None:
    api = httpx.Client(base_url=server.url, timeout=10)
    tables: dict[str, list[str]] = {}
    for name, body in {
        "humans": {"game": "xbere", "players": 2},
        "with_bots": {
            "game": "6nimmt",
            "players": 3,
            "options": {"rounds": 1},
            "seats": [{"kind": "open"}, {"kind": "bot"}, {"kind": "bot"}],
        },
        "waiting": {"game": "xbere", "players": 3},
    }.items():
        created = api.post("/api/tables", json=body).json()
        table_id = created["table"]["id"]
        seats = sum(1 for s in created["table"]["seats"] if s["kind"] == "open")
        seats -= 1 if name == "waiting" else 0
        tables[name] = [table_id] + [
            api.post(f"/api/tables/{table_id}/join", json={"nickname": f"P{i}"}).json()["token"]
            for i in range(seats)
        ]
    humans = [Player(server, tables["humans"][0], t) for t in tables["humans"][1:]]
    botty = [Player(server, tables["with_bots"][0], tables["with_bots"][1])]
    play(humans, 5)
    play(botty, 3)
    before = {
        name: [p.settle() for p in players]
        for name, players in (("humans", humans), ("with_bots", botty))
    }
    assert before["humans"][0]["version"] >= 4 and before["with_bots"][0]["version"] >= 3
    server.kill()
    for p in [*humans, *botty]:
        p.ws.close()
    server.start()
    humans = [Player(server, tables["humans"][0], t) for t in tables["humans"][1:]]
    botty = [Player(server, tables["with_bots"][0], tables["with_bots"][1])]
    for name, players in (("humans", humans), ("with_bots", botty)):
        for old, p in zip(before[name], players, strict=True):
            new = p.settle()
            assert (new["version"], new["view"]) == (old["version"], old["view"]), name
    waiting = api.get(f"/api/tables/{tables['waiting'][0]}").json()
    assert waiting["status"] == "waiting"
    assert [s["kind"] for s in waiting["seats"]] == ["player", "player", "open"]
    play(humans, 2000)
    play(botty, 2000)
    for name in ("humans", "with_bots"):
        table_id = tables[name][0]
        record = api.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200, (name, record.text)
        assert api.get(f"/api/tables/{table_id}").json()["status"] == "over"
    api.close()
