"""Moves: the one way a move gets into a table, for players, bots and stand-ins alike.

The checks, in this order: the table exists, it is not over, the caller holds the seat (for a
player), the table has started, the seat may act now, the move parses, it is legal (these
three are the game's own `Game.check`, made once), the caller's state version is current.
Then the move is applied, stored, and only once the database has it is anyone told. A move
that ends the game is rated (`ratings.py`) before its answer goes out.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from kibitz.core import (
    GameOverError,
    IllegalMoveError,
    KibitzError,
    NotationError,
    NotYourTurnError,
)
from kibitz.server import logs
from kibitz.server.errors import ServiceError
from kibitz.server.seating import Seating, seat_of
from kibitz.server.store import MoveRow
from kibitz.server.tables import LiveTable, TableCache, result_of

_REFUSALS: tuple[tuple[type[KibitzError], str], ...] = (
    (NotYourTurnError, "not_your_turn"),
    (NotationError, "bad_notation"),
    (IllegalMoveError, "illegal_move"),
    (GameOverError, "table_over"),
)
"""How the game's refusals of a move are answered."""

STORE_TRIES = 5
"""Times a move is tried when other processes keep storing the table's next move first."""


class Moves:
    """Acting at tables. `moved(table, move)` is called under the table's lock after each
    stored move (it tells the connections and schedules the next bots and clocks);
    `changed(table)` instead when the mover's seat changed too (an away player came back)."""

    def __init__(
        self,
        cache: TableCache,
        seating: Seating,
        moved: Callable[[LiveTable, MoveRow], None],
        changed: Callable[[LiveTable], None],
        finished: Callable[[LiveTable], Awaitable[None]],
    ) -> None:
        self.cache = cache
        self.store = cache.store
        self.seating = seating
        self.moved = moved
        self.changed = changed
        self.finished = finished

    async def act(
        self,
        table_id: str,
        token: str | None,
        move: str,
        version: int,
        *,
        by: str = "player",
        player: str | None = None,
    ) -> int:
        """Make `move` for the seat that `token` (or the player `player`) holds; returns the
        new state version. A move of one's own brings an away player back (the stand-in
        stops)."""
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            if table.row.ended:
                raise ServiceError("table_over")
            seat = seat_of(table, token, player)
            back = by == "player" and await self.seating.back(table, seat)
            try:
                return await self.apply(table, seat, move, version, by, seat_changed=back)
            except ServiceError:
                if back:
                    self.changed(table)
                raise

    async def apply(
        self,
        table: LiveTable,
        seat: int,
        text: str,
        version: int | None,
        by: str,
        *,
        seat_changed: bool = False,
    ) -> int:
        """Check, apply and store `text` for `seat` (with the table's lock held); `version`
        None skips the version check (a bot's move, chosen from the state it was shown).
        When another process stored a move first, the table is read again and the move
        checked and stored anew, as this process would have done had it come second (two
        players of a table on two processes choosing at once)."""
        for _ in range(STORE_TRIES):
            game = table.game
            if table.row.status == "waiting":
                raise ServiceError("not_started")
            if table.row.status == "abandoned":
                raise ServiceError("table_over", "the table was abandoned")
            try:
                move = game.check(seat, text)
            except KibitzError as error:
                code = next((c for kind, c in _REFUSALS if isinstance(error, kind)), "internal")
                raise ServiceError(code, str(error)[:300]) from None
            if version is not None and not (
                table.turn_version.get(seat, game.version) <= version <= game.version
            ):
                raise ServiceError(
                    "stale_version", f"the table is at version {game.version}, not {version}"
                )
            game.apply(seat, move)
            now = time.time()
            result = result_of(game)
            row = MoveRow(seat, str(move), now, by)
            try:
                stored = await self.store.add_move(table.id, game.version, row, result)
            except Exception:
                self.cache.drop(table.id)
                logs.error("table.store_failed", table=table.id)
                raise ServiceError("internal") from None
            if stored:
                break
            logs.event("table.conflict", logging.DEBUG, table=table.id, version=game.version)
            await self.cache.catch_up(table)  # the moves stored meanwhile elsewhere
            self.cache.refreshed(table)
        else:
            raise ServiceError("stale_version", "other moves were stored first")
        table.row.updated_at = now
        if result is not None:
            table.row.status = "over"
            self.cache.forget()
            table.row.result = result
            logs.event("table.over", table=table.id, moves=game.version, result=result)
        table.track_turns(now)
        logs.event(
            "table.move", logging.DEBUG, table=table.id, seat=seat, by=by, version=game.version
        )
        if seat_changed:
            self.changed(table)
        else:
            self.moved(table, row)
        if result is not None:
            await self.finished(table)
        return game.version
