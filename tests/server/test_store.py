"""Storage on both real databases: SQLite always, PostgreSQL when KIBITZ_TEST_POSTGRES_URL
is set (CI sets it). Each run uses a throwaway PostgreSQL database."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest
import sqlalchemy as sa

from kibitz.core import Record, replay
from kibitz.server.db import alembic_config, metadata, migrate, open_database
from kibitz.server.service import SeatSpec
from kibitz.server.store import ChatRow, MoveRow, SeatRow, Store, TableRow

from .conftest import POSTGRES_ENV, throwaway
from .support import open_service, run, wait_for


def table_row(table_id: str, status: str = "waiting") -> TableRow:
    return TableRow(
        id=table_id,
        game="xbere",
        players=2,
        options={"hand_size": 8},
        seed=2**62 + 5,
        setup=None,
        status=status,
        clock=None,
        stand_in=None,
        created_at=1.5,
        updated_at=1.5,
    )


def test_migrations_are_one_chain() -> None:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config("sqlite://"))
    assert len(script.get_heads()) == 1, script.get_heads()
    revisions = list(script.walk_revisions())
    assert all(len(r.nextrev) <= 1 for r in revisions)
    assert revisions[-1].down_revision is None


def test_migrations_run_twice_reach_head_and_make_the_declared_schema(database_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()

    def differences(conn: sa.Connection) -> list[object]:
        return list(compare_metadata(MigrationContext.configure(conn), metadata))

    async def main() -> None:
        database = open_database(database_url)
        try:
            await migrate(database)
            await migrate(database)
            version = await database.run(
                lambda conn: conn.execute(
                    sa.text("SELECT version_num FROM alembic_version")
                ).scalar_one()
            )
            assert version == head
            assert await database.run(differences) == []
        finally:
            await database.dispose()

    run(main())


def test_tables_seats_moves_and_chat_round_trip(database_url: str) -> None:
    async def main() -> None:
        database = open_database(database_url)
        await migrate(database)
        store = Store(database)
        try:
            seats = [SeatRow(0, "open"), SeatRow(1, "bot", bot="random")]
            assert await store.create(table_row("t1"), seats)
            assert await store.create(table_row("t2", "over"), [SeatRow(0, "open")])
            loaded = await store.load("t1")
            assert loaded is not None
            assert loaded.row == table_row("t1") and loaded.seats == seats
            assert await store.load("missing") is None
            # Seats change only while they still hold what the caller saw.
            taken = SeatRow(0, "player", nickname="Ann", token_hash="h" * 64)
            assert await store.update_seat("t1", 0, {"kind": "open"}, taken)
            assert not await store.update_seat("t1", 0, {"kind": "open"}, taken)
            # Move numbers are unique per table: a second writer of move 1 is refused.
            assert await store.add_move("t1", 1, MoveRow(0, "play 5", 2.0, "player"))
            assert not await store.add_move("t1", 1, MoveRow(1, "play 7", 2.1, "player"))
            assert await store.add_move(
                "t1", 2, MoveRow(1, "play 7", 2.2, "bot"), {"scores": [1, 2], "winners": [0]}
            )
            loaded = await store.load("t1")
            assert loaded is not None and loaded.row.status == "over"
            assert loaded.row.result == {"scores": [1, 2], "winners": [0]}
            assert [(m.seat, m.text, m.by) for m in loaded.moves] == [
                (0, "play 5", "player"),
                (1, "play 7", "bot"),
            ]
            assert loaded.seats[0].nickname == "Ann"
            assert await store.running() == []
            listed = await store.list_tables()
            assert {row.id: count for row, _, count in listed} == {"t1": 2, "t2": 0}
            assert [row.id for row, _, _ in await store.list_tables("waiting")] == []
            for text in ("first", "druhá ☺", "третья"):
                await store.add_chat("t1", ChatRow(0, "Ann", text, 3.0))
            assert [c.text for c in await store.chat("t1")] == ["first", "druhá ☺", "третья"]
            assert [c.text for c in await store.chat("t1", limit=1)] == ["третья"]
            loaded = await store.load("t1")
            assert loaded is not None
            assert [c.text for c in loaded.chat] == ["first", "druhá ☺", "третья"]
            assert loaded.moves == [
                MoveRow(0, "play 5", 2.0, "player"),
                MoveRow(1, "play 7", 2.2, "bot"),
            ]
            later = await store.load("t1", after=1)
            assert later is not None and later.chat == []
            assert later.moves == [MoveRow(1, "play 7", 2.2, "bot")]
            # A rematch is linked once only.
            assert await store.create(table_row("t3"), [SeatRow(0, "open")], rematch_of="t1")
            assert not await store.create(table_row("t4"), [SeatRow(0, "open")], rematch_of="t1")
            assert await store.load("t4") is None
            # Tables that play on by themselves: not over, with a bot seat or a turn clock.
            clocked = table_row("t6")
            clocked.clock = 30.0
            assert await store.create(table_row("t5"), [SeatRow(0, "open"), SeatRow(1, "bot")])
            assert await store.create(clocked, [SeatRow(0, "open"), SeatRow(1, "open")])
            assert sorted(await store.running()) == ["t5", "t6"]
            # Moves stored together share a batch; one whose table is not stored fails
            # alone and costs the others nothing.
            stored = await asyncio.gather(
                store.add_move("t5", 1, MoveRow(0, "play 5", 4.0, "player")),
                store.add_move("missing", 1, MoveRow(0, "play 5", 4.0, "player")),
                store.add_move("t6", 1, MoveRow(1, "play 9", 4.5, "player")),
            )
            assert stored == [True, False, True]
            listed = await store.list_tables()
            assert {
                row.id: (count, row.updated_at)
                for row, _, count in listed
                if row.id in ("t5", "t6")
            } == {"t5": (1, 4.0), "t6": (1, 4.5)}
        finally:
            await database.dispose()

    run(main())


def test_service_plays_and_resumes_on_this_database(database_url: str) -> None:
    async def main() -> None:
        async with open_service(database_url) as service:
            created = await service.create_table("6nimmt", 3, {"rounds": 1}, [SeatSpec("bot")] * 3)
            table = await service.table(created.table)
            await wait_for(table.game.is_over, timeout=30)
            record = await service.record(created.table)
            assert replay(Record.from_dict(record)).outcome() == table.game.outcome()
            half = await service.create_table("xbere", 2, seats=[SeatSpec("open"), SeatSpec("bot")])
            ann = await service.join(half.table, "Ann")
            live = await service.table(half.table)
            await wait_for(lambda: live.game.to_act() == frozenset({0}))
            await service.act(half.table, ann.token, str(live.game.legal_moves(0)[0]), 1)
            view = live.game.view(0)
        async with open_service(database_url) as again:
            assert await again.resume() >= 1
            assert (await again.table(half.table)).game.view(0) == view
            assert await again.seat_of(half.table, ann.token) == 0

    run(main())


MIGRATE = (
    "import asyncio, sys\n"
    "from kibitz.server.db import migrate, open_database\n"
    "async def main():\n"
    "    database = open_database(sys.argv[1])\n"
    "    try:\n"
    "        await migrate(database)\n"
    "    finally:\n"
    "        await database.dispose()\n"
    "asyncio.run(main())\n"
)


def test_processes_started_together_on_a_new_database_migrate_once() -> None:
    """Each `kibitz serve` migrates at start: processes started at once on a new PostgreSQL
    database take turns under an advisory lock (without it, two create `alembic_version`
    together and one dies with a unique violation, in about half of the tries)."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"set {POSTGRES_ENV} to run the PostgreSQL tests")
    for _ in range(3):
        with throwaway(url) as made:
            processes = [
                subprocess.Popen(
                    [sys.executable, "-c", MIGRATE, made],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                )
                for _ in range(3)
            ]
            for process in processes:
                _, errors = process.communicate(timeout=60)
                assert process.returncode == 0, errors.decode()[-600:]


def test_a_unit_of_work_survives_the_database_closing_its_connections() -> None:
    """PostgreSQL restarted (here: every connection of the database ended by the server):
    the pool's connections are not pinged before use, so the next unit of work meets a dead
    one; it runs again on a new connection instead of failing."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"set {POSTGRES_ENV} to run the PostgreSQL tests")

    async def main(made: str) -> None:
        import asyncpg

        database = open_database(made)
        await migrate(database)
        store = Store(database)
        name = made.rpartition("/")[2]
        admin = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
        try:
            assert await store.create(table_row("t1"), [SeatRow(0, "open")])
            ended = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = $1 AND pid <> pg_backend_pid()",
                name,
            )
            assert ended >= 1  # the pool's idle connection
            assert await store.add_move("t1", 1, MoveRow(0, "play 5", 2.0, "player"))
            loaded = await store.load("t1")
            assert loaded is not None and [m.text for m in loaded.moves] == ["play 5"]
        finally:
            await admin.close()
            await database.dispose()

    with throwaway(url) as made:
        run(main(made))


def test_a_seat_is_taken_only_as_seen_and_the_last_one_starts_the_table(
    database_url: str,
) -> None:
    async def main() -> None:
        database = open_database(database_url)
        await migrate(database)
        store = Store(database)
        try:
            open_seat, bot = SeatRow(0, "open"), SeatRow(1, "bot", bot="random")
            invited = SeatRow(2, "invited", invite_hash="i" * 64)
            assert await store.create(table_row("join1"), [open_seat, bot, invited])
            ann = SeatRow(0, "player", nickname="Ann", token_hash="a" * 64, player_id="p1")
            assert await store.take_seat("join1", open_seat, ann, 5.0) == (True, False)
            assert await store.take_seat("join1", open_seat, ann, 5.0) == (False, False)
            bob = SeatRow(2, "player", nickname="Bob", token_hash="b" * 64)
            taken = await store.take_seat("join1", invited, bob, 1764758400.123456)
            assert taken == (True, True)
            loaded = await store.load("join1")
            assert loaded is not None and loaded.seats == [ann, bot, bob]
            assert loaded.row.status == "playing"
            assert loaded.row.updated_at == 1764758400.123456
            # A seat that another token holds now is not taken.
            stale = SeatRow(0, "player", nickname="Cid", token_hash="c" * 64)
            assert await store.take_seat("join1", stale, bob, 6.0) == (False, False)
        finally:
            await database.dispose()

    run(main())


def test_the_last_seats_taken_at_once_by_two_processes_start_the_table(database_url: str) -> None:
    """Two processes take a table's last two seats at the same moment: whichever join
    comes second must see the other's seat and start the table (each join's seat and start
    check are one transaction; without the table's row locked first, both checks can miss
    the other's uncommitted seat and the table waits for ever)."""

    async def main() -> None:
        async with open_service(database_url) as one, open_service(database_url) as two:
            for _ in range(12):
                created = await one.create_table("xbere", 4)
                await one.join(created.table, "Ann", 0)
                await one.join(created.table, "Bob", 1)
                await two.table(created.table)  # cached on both, waiting
                await asyncio.gather(
                    one.join(created.table, "Cid", 2), two.join(created.table, "Dan", 3)
                )
                stored = await one.store.load(created.table)
                assert stored is not None and stored.row.status == "playing"

    run(main())
