"""Table life: a table's patience with a silent player runs out, the others choose (wait, a
stand-in, or end the table), idle tables are abandoned by the sweep, and the lobby lists
only live tables."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from kibitz.server import db
from kibitz.server.config import Limits
from kibitz.server.service import MatchService, SeatSpec

from .support import app_client, open_service, run, two_services, wait_for
from .test_service import SETUP, code_of


async def ann_and_bob(service: MatchService, patience: float = 60) -> tuple[str, str, str]:
    """An X bere! table of two humans (both choose at once); Ann has chosen her card, Bob is
    silent."""
    created = await service.create_table("xbere", 2, setup=SETUP, patience=patience)
    ann = await service.join(created.table, "Ann")
    bob = await service.join(created.table, "Bob")
    await service.act(created.table, ann.token, "play 5", 0)
    return created.table, ann.token, bob.token


async def bob_silent_too_long(service: MatchService, table_id: str) -> None:
    """Bob's patience ran out: his turn began longer ago than the table's patience."""
    table = await service.table(table_id)
    assert table.row.patience is not None
    table.turn_since[1] -= table.row.patience + 1


def patience_left(service: MatchService, table: Any) -> dict[str, float]:
    patience = service.render_state(table, 0).patience
    assert patience is not None
    return patience.remaining


def test_nothing_to_decide_until_the_patience_runs_out(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            table_id, ann, bob = await ann_and_bob(service)
            table = await service.table(table_id)
            assert table.row.patience == 60
            assert 55 < patience_left(service, table)["1"] <= 60
            assert "0" not in patience_left(service, table)  # Ann has chosen
            assert await code_of(service.decide(table_id, ann, "end")) == "not_overdue"
            await bob_silent_too_long(service, table_id)
            assert patience_left(service, table)["1"] == 0
            # Bob cannot decide about himself (nobody else is overdue), nor a spectator.
            assert await code_of(service.decide(table_id, bob, "end")) == "not_overdue"
            assert await code_of(service.decide(table_id, "nobody", "end")) == "not_seated"
            assert table.row.status == "playing"

    run(main())


def test_wait_gives_the_silent_player_the_whole_patience_again(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            table_id, ann, bob = await ann_and_bob(service)
            await bob_silent_too_long(service, table_id)
            assert await service.decide(table_id, ann, "wait") == [1]
            table = await service.table(table_id)
            assert 55 < patience_left(service, table)["1"] <= 60
            assert await code_of(service.decide(table_id, ann, "end")) == "not_overdue"
            await service.act(table_id, bob, "play 7", table.game.version)
            assert table.game.version == 2

    run(main())


def test_a_stand_in_plays_the_silent_seat_until_its_player_is_back(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            table_id, ann, bob = await ann_and_bob(service)
            await bob_silent_too_long(service, table_id)
            assert await service.decide(table_id, ann, "stand_in") == [1]
            table = await service.table(table_id)
            assert table.seats[1].away and not table.seats[0].away
            await wait_for(lambda: table.game.version >= 2, timeout=5)  # the stand-in played
            stored = await service.store.load(table_id)
            assert stored is not None and stored.seats[1].away
            assert [m.by for m in stored.moves] == ["player", "stand-in"]
            assert "1" not in patience_left(service, table)  # nobody waits on a stand-in
            await service.back(table_id, bob)
            assert not table.seats[1].away
            stored = await service.store.load(table_id)
            assert stored is not None and not stored.seats[1].away

    run(main())


def test_end_abandons_the_table_keeps_its_record_and_rates_nothing(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            table_id, ann, bob = await ann_and_bob(service)
            await bob_silent_too_long(service, table_id)
            seen: list[str] = []
            service.listeners.append(lambda table, _message: seen.append(table.row.status))
            assert await service.decide(table_id, ann, "end") == [1]
            table = await service.table(table_id)
            assert table.row.status == "abandoned" and seen == ["abandoned"]
            assert service.render_state(table, 0).status == "abandoned"
            stored = await service.store.load(table_id)
            assert stored is not None and stored.row.status == "abandoned"
            assert stored.row.abandoned_at is not None and not stored.row.rated
            assert [m.text for m in stored.moves] == ["play 5"]
            record = await service.record(table_id)
            assert record["moves"] == [[0, "play 5"]]
            assert await code_of(service.act(table_id, bob, "play 7", 1)) == "table_over"
            assert await code_of(service.decide(table_id, ann, "wait")) == "table_over"
            assert await code_of(service.join(table_id, "Cat")) == "table_over"
            assert await service.rater.catch_up() == 0
            assert not (await service.table(table_id)).row.rated
            assert table_id not in await service.rater.store.finished()

    run(main())


def test_the_scheduler_tells_everyone_when_the_patience_runs_out(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            table_id, ann, _bob = await ann_and_bob(service, patience=0.3)
            told: list[dict[str, float]] = []
            service.listeners.append(
                lambda t, _m: told.append(patience_left(service, t)) if t.id == table_id else None
            )
            await wait_for(lambda: told, timeout=5)
            assert told == [{"1": 0}]
            assert table_id not in service.scheduler.busy()  # the decision is the players'
            assert await service.decide(table_id, ann, "wait") == [1]

    run(main())


def test_a_table_with_a_clock_keeps_its_clock(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            created = await service.create_table("xbere", 2, setup=SETUP, clock=60)
            await service.join(created.table, "Ann")
            await service.join(created.table, "Bob")
            table = await service.table(created.table)
            assert table.row.patience == 180 and table.patience_ends() == {}
            assert service.render_state(table, 0).patience is None
            assert await code_of(service.create_table("xbere", 2, patience=0)) == "bad_options"

    run(main())


async def age(service: MatchService, table_id: str, seconds: float) -> None:
    """Make the stored table look as if its last move was `seconds` ago."""
    statement = (
        sa.update(db.tables)
        .where(db.tables.c.id == table_id)
        .values(updated_at=time.time() - seconds, created_at=time.time() - seconds)
    )
    await service.store.database.run(lambda conn: conn.execute(statement))


def test_the_sweep_abandons_tables_idle_for_a_day(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            idle, _ann, _bob = await ann_and_bob(service)
            watched, _, _ = await ann_and_bob(service)
            waiting = (await service.create_table("xbere", 2)).table
            fresh, _, _ = await ann_and_bob(service)
            finished = (await service.create_table("xbere", 2, seats=[SeatSpec("bot")] * 2)).table
            await wait_for(lambda: service.tables.live[finished].row.status == "over", 10)
            day = Limits().abandon_after
            for table_id in (idle, watched, waiting, finished):
                await age(service, table_id, day + 60)
            # Someone is connected at `watched` (its seats are here).
            service.life.connected = lambda: [watched]
            told: list[str] = []
            service.listeners.append(lambda table, _m: told.append(table.id))
            assert sorted(await service.life.sweep()) == sorted([idle, waiting])
            assert sorted(told) == sorted([idle, waiting])
            for table_id, status in [
                (idle, "abandoned"),
                (waiting, "abandoned"),
                (watched, "playing"),
                (fresh, "playing"),
                (finished, "over"),
            ]:
                stored = await service.store.load(table_id)
                assert stored is not None and stored.row.status == status, table_id
                assert (await service.table(table_id)).row.status == status
            # A second sweep, as another process would run it, finds nothing more to do.
            assert await service.life.sweep() == []
            # A day later nobody was connected at `watched` any more.
            service.life.connected = list
            later = await service.life.sweep(time.time() + day + 60)
            assert sorted(later) == sorted([watched, fresh])

    run(main())


def test_the_lobby_lists_only_live_tables_as_active(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            live, _, _ = await ann_and_bob(service)
            stale, _, _ = await ann_and_bob(service)
            ended, ann_ended, _ = await ann_and_bob(service)
            await age(service, stale, Limits().active_within + 60)
            await bob_silent_too_long(service, ended)
            await service.decide(ended, ann_ended, "end")
            active = {t["id"] for t in await service.list_tables(active=True)}
            assert active == {live}
            everything = {t["id"]: t["status"] for t in await service.list_tables()}
            assert everything == {live: "playing", stale: "playing", ended: "abandoned"}
            # A player connected at the stale table makes it live again.
            await service.store.seen([stale], time.time())
            active = {t["id"] for t in await service.list_tables("playing", active=True)}
            assert active == {live, stale}

    run(main())


@pytest.fixture
def limits() -> Limits:
    return Limits(requests_per_minute=10_000, tables_per_minute=1000, players_per_minute=1000)


def test_rest_and_websocket_decide_and_my_abandoned_tables(tmp_path: Path, limits: Limits) -> None:
    with app_client(tmp_path, limits) as client:
        body: dict[str, Any] = {"game": "xbere", "players": 2, "options": {}}
        bad = client.post("/api/tables", json={**body, "patience": 5})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_message"
        assert client.post("/api/tables", json=body).json()["table"]["patience"] == 180
        assert client.post("/api/players", json={"nickname": "Ann"}).status_code == 201
        made = client.post(
            "/api/tables", json={**body, "patience": 30, "join": {"nickname": "Ann"}}
        ).json()
        table_id = made["table"]["id"]
        assert made["table"]["patience"] == 30
        ann_cookie = dict(client.cookies)
        client.cookies.clear()  # Bob joins from another browser
        bob = client.post(f"/api/tables/{table_id}/join", json={"nickname": "Bob"}).json()
        client.cookies.update(ann_cookie)
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": table_id, "token": made["seated"]["token"]})
            state = until(ws, "state")
            assert state["patience"]["seconds"] == 30
            ws.send_json({"type": "decide", "choice": "end", "id": 1})
            assert until(ws, "error")["code"] == "not_overdue"
            ws.send_json({"type": "decide", "choice": "later", "id": 2})
            assert until(ws, "error")["code"] == "bad_message"
            service: MatchService = client.app.state.service  # type: ignore[attr-defined]
            table = service.tables.live[table_id]
            for seat in (0, 1):
                table.turn_since[seat] -= 31
            ws.send_json({"type": "decide", "choice": "end", "id": 3})
            assert until(ws, "state")["status"] == "abandoned"
            assert ws.receive_json() == {
                "type": "decided",
                "id": 3,
                "choice": "end",
                "seats": [bob["seat"]],
            }
        me = client.get("/api/me").json()
        assert me["tables"] == [] and [t["id"] for t in me["abandoned"]] == [table_id]
        assert me["abandoned"][0]["status"] == "abandoned"
        record = client.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200 and record.json()["moves"] == []
        listed = client.get("/api/tables", params={"status": "abandoned"}).json()
        assert [t["id"] for t in listed] == [table_id]
        active = client.get("/api/tables", params={"active": "true"}).json()
        assert table_id not in {t["id"] for t in active} and len(active) == 1


def until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message


def test_two_processes_share_the_wait_and_the_stand_in(own_postgres_url: str) -> None:
    """Ann's decisions reach a process of their own (B) while the table was made on A: a
    `wait` restarts Bob's patience on A too, and a stand-in is driven by B, which claims the
    table's lease (a table of two humans has none before)."""
    run(two_processes(own_postgres_url))


async def two_processes(url: str) -> None:
    async with two_services(url, lease_seconds=2) as (a, b):
        table_id, ann, _bob = await ann_and_bob(a)
        on_a, on_b = await a.table(table_id), await b.table(table_id)
        await bob_silent_too_long(b, table_id)
        assert await b.decide(table_id, ann, "wait") == [1]
        restarted = on_b.turn_since[1]
        await wait_for(lambda: on_a.turn_since.get(1) == restarted, timeout=5)
        await bob_silent_too_long(b, table_id)
        assert await b.decide(table_id, ann, "stand_in") == [1]
        assert b.leases.holds(table_id) and not a.leases.holds(table_id)
        await wait_for(lambda: on_a.game.version >= 2 and on_a.seats[1].away, timeout=10)
        stored = await a.store.load(table_id)
        assert stored is not None and [m.by for m in stored.moves][:2] == ["player", "stand-in"]
