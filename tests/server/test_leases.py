"""Per-table leases in PostgreSQL: one process drives a table's bots and clock; another takes
the table over once the first stops renewing, and the first then knows it lost it."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from kibitz.server.db import migrate, open_database
from kibitz.server.leases import DatabaseLeases
from kibitz.server.store import SeatRow, Store

from .conftest import POSTGRES_ENV, throwaway
from .support import run, wait_for
from .test_store import table_row


def test_a_lease_is_held_by_one_process_and_taken_over_when_it_lapses() -> None:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"set {POSTGRES_ENV} to run the PostgreSQL tests")
    with throwaway(url) as own:  # its running table must not show in other tests
        run(taken_over(own))


async def taken_over(url: str) -> None:
    """Two holders of leases, `one` and `two`, over one table with a bot seat."""
    database = open_database(url)
    await migrate(database)
    store = Store(database)
    table = f"lease{time.time_ns() % 10**9}"
    seats = [SeatRow(0, "bot", bot="random"), SeatRow(1, "open")]
    assert await store.create(table_row(table, "playing"), seats)
    one, two = DatabaseLeases(store, 1.0), DatabaseLeases(store, 1.0)
    gained: dict[str, list[str]] = {"one": [], "two": []}
    lost: dict[str, set[str]] = {"one": set(), "two": set()}

    def hooks(name: str) -> tuple[object, object]:
        async def on_gained(ids: list[str]) -> None:
            gained[name].extend(ids)

        return on_gained, lost[name].update

    try:
        await one.start(*hooks("one"))  # type: ignore[arg-type]
        assert await one.claim(table) and one.holds(table)
        await two.start(*hooks("two"))  # type: ignore[arg-type]
        assert not await two.claim(table) and not two.holds(table)
        await asyncio.sleep(1.5)  # `one` renews: it keeps the table
        assert one.holds(table) and table not in gained["two"]
        assert one._task is not None
        one._task.cancel()  # `one` freezes: no more renewals
        frozen = time.monotonic()
        await wait_for(lambda: table in gained["two"], timeout=5)
        taken = time.monotonic() - frozen
        assert 0.5 < taken < 2.5, taken  # the lease's length, plus a quarter at most
        assert two.holds(table)
        await wait_for(lambda: not one.holds(table), timeout=2)  # it stopped in time
        await one._tick(*hooks("one"))  # type: ignore[arg-type]
        assert table in lost["one"] and table not in one.held
    finally:
        await one.close()
        await two.close()
        await database.dispose()
