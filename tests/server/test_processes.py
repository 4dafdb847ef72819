"""Several `kibitz serve` processes serving one site, on the real PostgreSQL (a throwaway
database) and a Redis server of the tests' own: full games of every game with each seat's
client on either process, a process killed with SIGKILL at tables with bots and a turn
clock, and Redis stopped and started again under two running processes."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.sync.client import ClientConnection, connect

from kibitz.core import Record, start
from kibitz.server.db import open_database

from .conftest import POSTGRES_ENV, throwaway
from .processes import RedisServer, Server, free_port
from .test_hidden_information import check_messages

pytestmark = pytest.mark.skipif(
    not os.environ.get(POSTGRES_ENV), reason=f"set {POSTGRES_ENV} to run the PostgreSQL tests"
)

LEASE = "2"
"""Seconds of a lease in these tests: a dead process's tables are taken over within 2.5 s."""


class Site:
    """Two server processes on one PostgreSQL database and one Redis."""

    def __init__(self, folder: Path, database: str, redis: RedisServer) -> None:
        self.database = database
        self.redis = redis
        options = ("--redis-url", redis.url, "--lease-seconds", LEASE)
        options += ("--max-connections-per-ip", "1000", "--connects-per-minute", "10000")
        options += ("--messages-per-second", "1000")
        self.servers = [
            Server(database, free_port(), folder / f"server{i}.log", *options) for i in range(2)
        ]

    def start(self) -> None:
        for server in self.servers:
            server.launch()  # together: the migrations take turns
        for server in self.servers:
            server.wait_healthy()

    def stop(self) -> None:
        for server in self.servers:
            server.stop()

    def moves(self, table_id: str) -> list[tuple[int, int, str, str, float]]:
        """(number, seat, text, by, at) of every stored move of the table."""

        async def read() -> list[tuple[int, int, str, str, float]]:
            database = open_database(self.database)
            try:
                return await database.run(
                    lambda conn: [
                        (r.number, r.seat, r.text, r.by, r.at)
                        for r in conn.execute(
                            sa.text(
                                "SELECT number, seat, text, by, at FROM kibitz_moves "
                                "WHERE table_id = :t ORDER BY number"
                            ),
                            {"t": table_id},
                        )
                    ]
                )
            finally:
                await database.dispose()

        return asyncio.run(read())


@contextmanager
def running_site(folder: Path) -> Iterator[Site]:
    """Two processes on a throwaway database and a Redis of their own, stopped afterwards."""
    redis = RedisServer(folder)
    redis.start()
    try:
        with throwaway(os.environ[POSTGRES_ENV]) as database:
            running = Site(folder, database, redis)
            running.start()
            try:
                yield running
            finally:
                running.stop()
    finally:
        redis.stop()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with running_site(tmp_path_factory.mktemp("site")) as running:
        yield running


class Client:
    """One seat's (or a spectator's) WebSocket on one server, and every message it got."""

    def __init__(self, server: Server, table: str, seat: int | None, token: str | None) -> None:
        self.server, self.table, self.seat, self.token = server, table, seat, token
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.acked: dict[int, str] = {}
        """The version and move of every move this client saw acknowledged."""
        self.sent: dict[int, str] = {}
        self.ws = self.connect(server)

    def connect(self, server: Server) -> ClientConnection:
        self.server = server
        ws = connect(server.ws_url)
        if self.token is None:
            ws.send(json.dumps({"type": "watch", "table": self.table}))
        else:
            ws.send(json.dumps({"type": "hello", "table": self.table, "token": self.token}))
        return ws

    def receive(self, timeout: float) -> dict[str, Any] | None:
        try:
            text = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        message: dict[str, Any] = json.loads(text)
        message["_raw"] = text
        self.messages.append(message)
        if message["type"] == "state":
            assert message["version"] >= self.state.get("version", 0), "a state went back"
            self.state = message
        elif message["type"] == "ack":
            self.acked[message["version"]] = self.sent.pop(message["id"])
        elif message["type"] == "error":
            self.sent.pop(message.get("id"), None)
        return message

    def drain(self, quiet: float = 0.0) -> None:
        while self.receive(quiet) is not None:
            pass

    def until_version(self, version: int, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        while self.state.get("version", -1) < version:
            left = deadline - time.monotonic()
            assert left > 0, (
                f"seat {self.seat} on {self.server.port} never saw {version}: "
                f"{[(m['type'], m.get('version'), m.get('code')) for m in self.messages[-4:]]}"
            )
            self.receive(left)

    def may_act(self) -> bool:
        state = self.state
        return bool(
            state
            and state["status"] == "playing"
            and state["seat"] in state["view"]["to_act"]
            and state["view"]["legal"]
        )

    def act(self, rng: random.Random) -> int:
        """Send a random legal move; returns the request's id."""
        legal = self.state["view"]["legal"]
        move = legal[rng.randrange(len(legal))]
        request = len(self.messages) + 1
        self.sent[request] = move
        self.ws.send(
            json.dumps(
                {"type": "act", "id": request, "move": move, "version": self.state["version"]}
            )
        )
        return request

    def answer(self, request: int | str, timeout: float = 15) -> dict[str, Any]:
        """The `ack` or `error` of a request."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"no answer to {request}"
            message = self.receive(left)
            if message is not None and message.get("id") == request:
                return message


def new_table(server: Server, body: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    created = httpx.post(f"{server.url}/api/tables", json=body, timeout=10)
    assert created.status_code == 201, created.text
    table = created.json()["table"]
    return table["id"], table["seats"]


def join(server: Server, table_id: str, seat: int) -> str:
    joined = httpx.post(
        f"{server.url}/api/tables/{table_id}/join",
        json={"nickname": f"P{seat}", "seat": seat},
        timeout=10,
    )
    assert joined.status_code == 200, joined.text
    token: str = joined.json()["token"]
    return token


def record_of(server: Server, table_id: str) -> Record:
    answer = httpx.get(f"{server.url}/api/tables/{table_id}/record", timeout=10)
    assert answer.status_code == 200, answer.text
    return Record.from_dict(answer.json())


def check_acked(record: Record, clients: list[Client]) -> None:
    """Every move a client saw acknowledged is in the record, at the acknowledged number."""
    for c in clients:
        for version, move in c.acked.items():
            assert record.moves[version - 1] == (c.seat, move), (c.seat, version, move)


@pytest.mark.parametrize("game", ["goxeso", "xbere", "kozel", "6nimmt"])
def test_full_games_with_seats_on_two_processes(site: Site, game: str) -> None:
    """Seat i's client is on process i % 2 (a spectator on the other): every message each
    client gets is exactly its seat's view, every state reaches every client in order, and
    so do the presence flags and a chat line."""
    a, b = site.servers
    table_id, seats = new_table(a, {"game": game})
    tokens = [join(site.servers[seat % 2], table_id, seat) for seat in range(len(seats))]
    clients = [Client(site.servers[s % 2], table_id, s, t) for s, t in enumerate(tokens)]
    spectator = Client(b, table_id, None, None)
    everyone = [*clients, spectator]
    deadline = time.monotonic() + 10
    while not all(
        c.state and all(s["connected"] for s in c.state["seats"]) for c in everyone
    ):  # each process hears which seats are connected to the other
        assert time.monotonic() < deadline, [c.state.get("seats") for c in everyone]
        for c in everyone:
            c.receive(0.05)
    seen = [len(c.messages) for c in everyone]
    rng = random.Random(game)
    while clients[0].state["status"] != "over":
        ready = [c for c in clients if c.may_act()]
        actor = ready[rng.randrange(len(ready))]
        answer = actor.answer(actor.act(rng))
        assert answer["type"] == "ack", answer
        for c in everyone:
            c.until_version(answer["version"])
        assert answer["version"] < 5000
    clients[1].ws.send(json.dumps({"type": "chat", "text": "good game"}))
    for c in everyone:
        while c.receive(10)["type"] != "chat":  # type: ignore[index]
            pass
        c.ws.close()
    for c, first in zip(everyone, seen, strict=True):  # each change's state comes once
        played = c.messages[
            first : next(i for i, m in enumerate(c.messages) if m["type"] == "chat")
        ]
        versions = [m["version"] for m in played if m["type"] == "state"]
        assert versions == sorted(set(versions)), (c.seat, c.server.port, versions[:20])
    record = record_of(a, table_id)
    check_messages(record, everyone, tokens)
    check_acked(record, clients)


def test_sigkill_one_process_the_other_finishes_its_tables(tmp_path: Path) -> None:
    """Process A drives a table with bots and a table with a turn clock (it created them, so
    it holds their leases); A is killed mid-game; B takes both over (the figure is printed),
    the clients of A reconnect to B, and both games finish with every acknowledged move
    stored once."""
    with running_site(tmp_path) as site:
        run_sigkill(site)


def run_sigkill(site: Site) -> None:
    a, b = site.servers
    rng = random.Random(7)
    bots_id, _ = new_table(
        a,
        {
            "game": "xbere",
            "players": 3,
            "seats": [{"kind": "open"}, {"kind": "bot"}, {"kind": "bot", "bot": "easy"}],
        },
    )
    clock_id, _ = new_table(a, {"game": "xbere", "players": 2, "clock": 2.0})
    human = Client(b, bots_id, 0, join(b, bots_id, 0))
    on_a = Client(a, clock_id, 0, join(a, clock_id, 0))
    on_b = Client(b, clock_id, 1, join(b, clock_id, 1))
    players = [human, on_a, on_b]
    deadline = time.monotonic() + 30
    while any(len(c.acked) < 2 for c in players):  # two moves each before the kill
        assert time.monotonic() < deadline
        for c in players:
            c.receive(0.02)
            if c.may_act() and not c.sent and len(c.acked) < 2:
                c.act(rng)
    killed = time.time()
    a.kill()
    on_a.ws.close()
    on_a.ws = on_a.connect(b)  # its browser reconnects, behind the proxy to B
    # Seat 0 at the clock table plays no more: B's clock marks it away and the stand-in
    # plays for it; the others play on.
    deadline = time.monotonic() + 120
    while (human.state.get("status"), on_b.state.get("status")) != ("over", "over"):
        assert time.monotonic() < deadline, "the games did not finish"
        for c in (human, on_b, on_a):
            c.receive(0.05)
        for c in (human, on_b):
            if c.may_act() and not c.sent:
                c.act(rng)
    stand_in = [at for *_, by, at in site.moves(clock_id) if by == "stand-in" and at > killed]
    assert stand_in, "the clock was lost"
    first_stand_in = min(stand_in)
    print(f"\ntakeover: the stand-in's first move {first_stand_in - killed:.1f} s after SIGKILL")
    assert first_stand_in - killed < 2 * float(LEASE) + 3
    for table_id, clients in ((bots_id, [human]), (clock_id, [on_a, on_b])):
        record = record_of(b, table_id)
        stored = site.moves(table_id)
        assert [n for n, *_ in stored] == list(range(1, len(stored) + 1))
        assert [(seat, text) for _, seat, text, *_ in stored] == list(record.moves)
        game = start(record)
        for seat, text in record.moves:  # each move legal where it stands: none twice
            game.apply(seat, text)
        assert game.is_over()
        check_acked(record, clients)


def test_redis_stopped_and_started_again(site: Site) -> None:
    """(Runs after the full games, on the same site.) Without Redis each process goes on
    alone: moves are stored and acknowledged, each process answers its own connections,
    health says Redis is unreachable; once Redis is back every client gets the table's
    current state, and the game finishes with no acknowledged move lost."""
    a = site.servers[0]
    rng = random.Random(3)
    table_id, _ = new_table(a, {"game": "xbere", "players": 2})
    clients = [Client(site.servers[s], table_id, s, join(site.servers[s], table_id, s))
               for s in range(2)]  # fmt: skip
    for _ in range(4):
        for c in clients:
            c.drain(0.2)
            if c.may_act():
                c.act(rng)
    site.redis.stop()
    for server in site.servers:
        health = httpx.get(f"{server.url}/api/health", timeout=10)
        assert health.status_code == 503 and health.json()["redis"] == "unreachable"
    before = sum(len(c.acked) for c in clients)
    deadline = time.monotonic() + 4
    while time.monotonic() < deadline:  # each plays whenever its own process lets it
        for c in clients:
            c.receive(0.05)
            if c.may_act() and not c.sent:
                c.act(rng)
    assert sum(len(c.acked) for c in clients) > before, "no move was stored without Redis"
    for c in clients:  # (it hears the other process's moves once Redis is back)
        c.ws.send(json.dumps({"type": "ping", "id": "p"}))
        assert c.answer("p")["type"] == "pong"
    site.redis.start()
    stored = len(site.moves(table_id))
    for c in clients:
        c.until_version(stored, timeout=15)  # the catch-up's fresh state
    for server in site.servers:
        deadline = time.monotonic() + 10
        while httpx.get(f"{server.url}/api/health", timeout=10).status_code != 200:
            assert time.monotonic() < deadline
            time.sleep(0.2)
    deadline = time.monotonic() + 60
    while clients[0].state["status"] != "over" or clients[1].state["status"] != "over":
        assert time.monotonic() < deadline, "the game did not finish"
        for c in clients:
            c.receive(0.05)
            if c.may_act() and not c.sent:
                c.act(rng)
    record = record_of(a, table_id)
    check_acked(record, clients)


def test_a_seat_left_on_one_process_unbinds_its_token_on_the_other(site: Site) -> None:
    """Two tabs of one token, one on each process: the tab on process 1 leaves and a new
    player takes the seat there; the tab on process 0 is told `unseated` (its process
    compares the token with the seat's holder as it delivers the change) and never gets the
    new player's view."""
    first, second = site.servers
    table_id, _ = new_table(first, {"game": "xbere", "players": 2, "seats": [{}, {"kind": "bot"}]})
    token = join(first, table_id, 0)
    stale, leaving = Client(first, table_id, 0, token), Client(second, table_id, 0, token)
    for c in (stale, leaving):
        c.ws.send(json.dumps({"type": "ping", "id": "ready"}))
        c.answer("ready")
    leaving.ws.send(json.dumps({"type": "leave", "id": "bye"}))
    assert leaving.answer("bye")["type"] == "left"
    join(second, table_id, 0)  # the new player, through the other process
    deadline = time.monotonic() + 20
    while not any(m["type"] == "unseated" for m in stale.messages):
        assert time.monotonic() < deadline, "no unseated on the other process"
        stale.receive(0.5)
    told = next(m for m in stale.messages if m["type"] == "unseated")
    assert (told["table"], told["seat"]) == (table_id, 0)
    assert told["reason"] in ("left", "taken")  # which depends on when process 0 hears it
    stale.ws.send(json.dumps({"type": "ping", "id": "after"}))
    stale.answer("after")
    after = stale.messages[stale.messages.index(told) :]
    states = [m for m in after if m["type"] == "state"]
    assert states and all(m["seat"] is None for m in states)
    for c in (stale, leaving):
        c.ws.close()
