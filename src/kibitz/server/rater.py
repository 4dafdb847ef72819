"""Rating finished tables: live, as each game ends, and all over again from the stored
records (`kibitz ratings rebuild`). Both go through `ratings.rated_game` and
`ratings.update` in the order the tables finished, so they give the same ratings.

Live rating runs one game at a time in this process (an asyncio lock), in the order the
games' last moves were stored; across processes the database's row locks keep two ratings
of one player from overwriting each other. A table is marked rated in the same transaction
as its ratings, so a table is never rated twice, and one that finished while the server
stopped before rating it is rated at the next start (`catch_up`).
"""

from __future__ import annotations

import asyncio

from kibitz.core import KibitzError, replay
from kibitz.server import logs
from kibitz.server.db import Database
from kibitz.server.errors import ServiceError
from kibitz.server.player_store import PlayerStore
from kibitz.server.ratings import RatedGame, Rating, rated_game, update
from kibitz.server.store import Store
from kibitz.server.tables import LiveTable, TableCache, record_of


class Rater:
    def __init__(self, cache: TableCache, store: PlayerStore) -> None:
        self.cache = cache
        self.store = store
        self._lock = asyncio.Lock()

    async def rate(self, table: LiveTable) -> None:
        """Rate the table's finished game (with the table's lock held); a failure is
        logged, never raised: the game is over and stored either way."""
        rated = rated_game(table.id, table.game, table.seats, table.row.updated_at)
        try:
            async with self._lock:
                if rated is None:
                    await self.store.mark_rated(table.id)
                else:
                    await self.store.rate(rated, lambda current: update(current, rated))
            table.row.rated = True
        except Exception:
            logs.error("table.rating_failed", table=table.id)
        else:
            if rated is not None:
                logs.event("table.rated", table=table.id, players=len(rated.players()))

    async def catch_up(self) -> int:
        """Rate the finished tables that are not rated yet (the server stopped in between);
        returns how many."""
        count = 0
        for table_id in await self.store.finished(unrated=True):
            async with self.cache.hold(table_id):
                try:
                    table = await self.cache.load(table_id)
                except ServiceError:  # logged by the cache; its record cannot be replayed
                    continue
                if not table.row.rated:
                    await self.rate(table)
                    count += 1
        return count


async def rebuild(database: Database) -> tuple[int, int]:
    """Forget every rating and rate every finished table again from its stored record, in
    the order the tables finished; returns (tables rated, finished tables)."""
    tables = Store(database)
    players = PlayerStore(database)
    finished = await players.finished()
    ratings: dict[str, dict[str, Rating]] = {}
    games: list[tuple[RatedGame, dict[str, Rating], dict[str, Rating]]] = []
    for table_id in finished:
        stored = await tables.load(table_id)
        if stored is None:
            continue
        try:
            game = replay(record_of(stored))
        except KibitzError:
            logs.error("table.replay_failed", table=table_id)
            continue
        rated = rated_game(table_id, game, stored.seats, stored.row.updated_at)
        if rated is None:
            continue
        known = ratings.setdefault(rated.game, {})
        before = {p: known[p] for p in rated.players() if p in known}
        after = update(before, rated)
        known.update(after)
        games.append((rated, before, after))
    await players.replace_ratings(games, finished)
    return len(games), len(finished)
