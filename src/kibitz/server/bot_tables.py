"""All-bot tables and the addresses that created them: each address may keep a bounded
number of unfinished all-bot tables (`Limits.bot_tables_per_ip`), and their bots take turns
for the workers by that address (`BotRunner`), so one address's bot games cannot crowd out
everyone else's.

Kept in this process's memory: after a restart, or on another process of the site, a table
counts for nobody and is its own owner (each process counts the tables created through it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from kibitz.server.errors import ServiceError
from kibitz.server.seating import SeatSpec


def all_bots(seats: Sequence[SeatSpec] | None) -> bool:
    """Whether a table created with these seats has no seat a person can take."""
    return bool(seats) and all(s.kind == "bot" for s in seats or ())


class BotTables:
    """The unfinished all-bot tables created by each address."""

    def __init__(self, per_address: int) -> None:
        self.per_address = per_address
        self._by_address: dict[str, set[str]] = {}
        self._owner: dict[str, str] = {}
        self._pending: dict[str, int] = {}
        """Tables admitted and being created, by address (counted against the limit)."""

    def owner(self, table_id: str) -> str | None:
        """The address that created the all-bot table, if this process knows it."""
        return self._owner.get(table_id)

    async def admit(self, address: str, over: Callable[[str], Awaitable[bool]]) -> None:
        """Refuse (`too_many_bot_tables`) a new all-bot table from `address` when it has
        `per_address` unfinished ones; `over(table_id)` says whether one has finished. An
        admitted table is then `add`ed once created, or `release`d if that failed."""
        tables = self._by_address.get(address, set())
        for table_id in sorted(tables):
            if await over(table_id):
                self.forget(table_id)
        held = len(self._by_address.get(address, ())) + self._pending.get(address, 0)
        if held >= self.per_address:
            raise ServiceError(
                "too_many_bot_tables",
                f"one address may run {self.per_address} all-bot tables at once; "
                "wait until one is over",
            )
        self._pending[address] = self._pending.get(address, 0) + 1

    def release(self, address: str) -> None:
        """An admitted table was not created after all."""
        left = self._pending.get(address, 0) - 1
        if left > 0:
            self._pending[address] = left
        else:
            self._pending.pop(address, None)

    def add(self, address: str, table_id: str) -> None:
        """The admitted table `table_id` of `address` was created."""
        self.release(address)
        self._by_address.setdefault(address, set()).add(table_id)
        self._owner[table_id] = address

    def forget(self, table_id: str) -> None:
        address = self._owner.pop(table_id, None)
        if address is not None:
            tables = self._by_address[address]
            tables.discard(table_id)
            if not tables:
                del self._by_address[address]
