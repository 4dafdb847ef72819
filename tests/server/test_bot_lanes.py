"""How bot decisions share the workers: people's tables before all-bot tables, the owners
of a lane in turn, a short think at all-bot tables, and a bounded number of all-bot tables
per address."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kibitz.bots import Budget
from kibitz.server import Limits, Settings, create_app
from kibitz.server.bots import BotRunner

from .support import run, slow_bots


class Recorder:
    """A bot that notes its name when it decides, after waiting for `gate` (threads)."""

    def __init__(self, name: str, order: list[str], gate: threading.Event) -> None:
        self.name, self.order, self.gate = name, order, gate
        self.seconds: float | None = None

    def choose(self, view: Any, legal: list[str], rng: Any, budget: Budget) -> str:
        self.gate.wait(10)
        self.order.append(self.name)
        self.seconds = budget.seconds
        return legal[0]


def test_people_first_then_owners_in_turn() -> None:
    async def main() -> list[str]:
        runner = BotRunner(0, seconds=2.0, bot_table_seconds=0.25)  # 4 thread workers
        order: list[str] = []
        held, free, later = threading.Event(), threading.Event(), threading.Event()
        free.set()
        try:
            busy = [
                asyncio.create_task(runner.choose(Recorder("busy", [], gate), {}, ["x"], 0))  # type: ignore[arg-type]
                for gate in (held, later, later, later)
            ]
            await asyncio.sleep(0.05)
            waiting = [
                ("a1", "bots", "1.1.1.1"),
                ("a2", "bots", "1.1.1.1"),
                ("a3", "bots", "1.1.1.1"),
                ("b1", "bots", "2.2.2.2"),
                ("p1", "people", "table-p"),
                ("q1", "people", "table-q"),
            ]
            bots = {name: Recorder(name, order, free) for name, _, _ in waiting}
            tasks = []
            for name, lane, owner in waiting:
                call = runner.choose(bots[name], {}, ["x"], 0, lane=lane, owner=owner)  # type: ignore[arg-type]
                tasks.append(asyncio.create_task(call))
                await asyncio.sleep(0.01)
            held.set()  # one worker comes free: it takes the waiting decisions one by one
            await asyncio.gather(*tasks)
            later.set()
            await asyncio.gather(*busy)
            assert bots["a1"].seconds == 0.25 and bots["p1"].seconds == 2.0
            return order
        finally:
            held.set()
            later.set()
            runner.close()

    # People's decisions first (though they asked last), then the owners of the all-bot
    # lane in turn: 1.1.1.1's three decisions do not all go before 2.2.2.2's one.
    assert run(main()) == ["p1", "q1", "a1", "b1", "a2", "a3"]


def test_a_cancelled_wait_gives_up_its_place() -> None:
    async def main() -> None:
        runner = BotRunner(0)
        held = threading.Event()
        try:
            busy = [
                asyncio.create_task(runner.choose(Recorder("busy", [], held), {}, ["x"], 0))  # type: ignore[arg-type]
                for _ in range(4)
            ]
            await asyncio.sleep(0.05)
            gone = asyncio.create_task(
                runner.choose(Recorder("gone", [], held), {}, ["x"], 0, lane="bots")  # type: ignore[arg-type]
            )
            await asyncio.sleep(0.01)
            gone.cancel()
            held.set()
            await asyncio.gather(*busy)
            order: list[str] = []
            after = Recorder("after", order, held)
            assert await runner.choose(after, {}, ["x"], 0) == ("x", after)  # type: ignore[arg-type]
            assert order == ["after"]
        finally:
            held.set()
            runner.close()

    run(main())


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        limits=Limits(bot_tables_per_ip=2),
        bot_workers=0,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def bot_table(client: TestClient, **extra: Any) -> Any:
    body = {"game": "xbere", "players": 2, "seats": [{"kind": "bot"}] * 2, **extra}
    return client.post("/api/tables", json=body)


def test_all_bot_tables_per_address_are_limited(client: TestClient) -> None:
    # Bots that think half a second a move: the short table is not over (and so no longer
    # counted) before the third table is asked for, as it could be with instant random bots.
    slow_bots(client.app.state.service, 0.5)  # type: ignore[attr-defined]
    short = {"options": {"hand_size": 3}, "seats": [{"kind": "bot", "bot": "random"}] * 2}
    first, second = bot_table(client, **short), bot_table(client)
    assert first.status_code == second.status_code == 201
    refused = bot_table(client)
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "too_many_bot_tables"
    assert "2 all-bot tables" in refused.json()["error"]["message"]
    tables = client.get("/api/tables").json()
    assert len(tables) == 2  # the refused one changed nothing
    mixed = {"seats": [{"kind": "open"}, {"kind": "bot"}]}
    assert bot_table(client, **mixed).status_code == 201  # a person's table is not counted
    table_id = first.json()["table"]["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the short bot game did not finish"
        time.sleep(0.5)  # within the expensive endpoints' rate (2 a second)
    assert bot_table(client).status_code == 201  # a finished one no longer counts
