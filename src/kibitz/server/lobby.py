"""The lobby: creating tables (game, options, seats, clock), listing them, their public
summaries, and the records of finished ones.

A new table's deal is secret: its seed never leaves the server until the game is over, and
the invite codes of its invited seats go only to the creator.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import kibitz.games  # noqa: F401  (registers every game)
from kibitz.bots import available
from kibitz.core import KibitzError, Record, make, spec
from kibitz.core.options import options_to_dict
from kibitz.core.rng import fresh_seed
from kibitz.server import logs, render
from kibitz.server.errors import ServiceError
from kibitz.server.protocol import DEFAULT_PATIENCE
from kibitz.server.seating import SEAT_KINDS, SeatSpec, hash_secret, new_secret
from kibitz.server.store import SeatRow, TableRow
from kibitz.server.tables import LiveTable, TableCache


@dataclass(frozen=True)
class Created:
    table: str
    invites: dict[int, str]
    """Invite code of each invited seat (only the creator learns them)."""


class Lobby:
    """Tables as a whole. A new table that plays on by itself (a bot seat or a turn clock)
    is `claim`ed (this process will drive it: `leases.py`); `started(table)` is called under
    a new table's lock once it is stored (it schedules the bots of an all-bot table)."""

    def __init__(
        self,
        cache: TableCache,
        claim: Callable[[str], Awaitable[bool]],
        started: Callable[[LiveTable], None],
    ) -> None:
        self.cache = cache
        self.store = cache.store
        self.claim = claim
        self.started = started

    async def create(
        self,
        game: str,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seats: list[SeatSpec] | None = None,
        *,
        clock: float | None = None,
        stand_in: str | None = None,
        patience: float | None = DEFAULT_PATIENCE,
        seed: int | None = None,
        setup: dict[str, Any] | None = None,
        rematch_of: str | None = None,
        invite_codes: dict[int, str] | None = None,
        spectator_chat: bool = True,
    ) -> Created:
        """A new table. Seats default to open. `patience`: seconds the table waits for a
        silent player before the others may choose what happens (`life.py`; None: for
        ever); a table with a turn clock keeps it but has no use for it."""
        try:
            game_spec = spec(game)
        except KibitzError as error:
            raise ServiceError("unknown_game", str(error)) from None
        if players is None:
            players = len(seats) if seats else game_spec.default_players
        if seed is None:  # stored even with a setup: it draws every later chance event
            seed = fresh_seed()
        try:
            new_game = make(game, players=players, seed=seed, setup=setup, options=options)
        except KibitzError as error:
            raise ServiceError("bad_options", str(error)) from None
        seat_specs = seats if seats is not None else [SeatSpec()] * players
        if len(seat_specs) != players:
            raise ServiceError("bad_options", f"{len(seat_specs)} seats for {players} players")
        bots = available(game)
        for seat_spec in seat_specs:
            if seat_spec.kind not in SEAT_KINDS:
                raise ServiceError(
                    "bad_options", f"a seat is open, invited or bot, not {seat_spec.kind!r}"
                )
            if seat_spec.kind == "bot" and (seat_spec.bot or "random") not in bots:
                raise ServiceError(
                    "unknown_bot", f"no bot {seat_spec.bot!r}; bots: {', '.join(bots)}"
                )
        if stand_in is not None and stand_in not in bots:
            raise ServiceError("unknown_bot", f"no bot {stand_in!r}; bots: {', '.join(bots)}")
        if clock is not None and not clock > 0:
            raise ServiceError("bad_options", "the turn clock must be a positive number")
        if patience is not None and not patience > 0:
            raise ServiceError("bad_options", "the patience must be a positive number")
        table_id = secrets.token_urlsafe(6)
        invites: dict[int, str] = {}
        seat_rows: list[SeatRow] = []
        for number, seat_spec in enumerate(seat_specs):
            if seat_spec.kind == "bot":
                seat_rows.append(SeatRow(number, "bot", bot=seat_spec.bot or "random"))
            elif seat_spec.kind == "invited":
                code = (invite_codes or {}).get(number) or new_secret(9)
                invites[number] = code
                seat_rows.append(SeatRow(number, "invited", invite_hash=hash_secret(code)))
            else:
                seat_rows.append(SeatRow(number, "open"))
        now = time.time()
        status = "playing" if all(s.kind == "bot" for s in seat_rows) else "waiting"
        row = TableRow(
            id=table_id,
            game=game,
            players=players,
            options=options_to_dict(new_game.options),
            seed=seed,
            setup=setup,
            status=status,
            clock=clock,
            stand_in=stand_in,
            created_at=now,
            updated_at=now,
            rematch_of=rematch_of,
            patience=patience,
            spectator_chat=spectator_chat,
        )
        if not await self.store.create(row, seat_rows, rematch_of=rematch_of):
            raise ServiceError("no_rematch", "this table already has a rematch")
        table = LiveTable(row, seat_rows, new_game)
        table.track_turns(now)
        self.cache.add(table)
        logs.event("table.created", table=table_id, game=game, players=players, status=status)
        if clock is not None or any(s.kind == "bot" for s in seat_rows):
            try:
                await self.claim(table_id)
            except Exception:  # another process adopts it soon (`leases.py`)
                logs.error("table.claim_failed", table=table_id)
        async with self.cache.hold(table_id):
            self.started(table)
            self.cache.forget()
        return Created(table_id, invites)

    async def table(self, table_id: str) -> LiveTable:
        """The live table `table_id` (loaded from the database when not cached)."""
        async with self.cache.hold(table_id):
            return await self.cache.load(table_id)

    async def list(
        self, status: str | None = None, limit: int = 50, offset: int = 0, *, active: bool = False
    ) -> list[dict[str, Any]]:
        """Tables, newest change first; `active`: only the live ones, unfinished tables
        moved or with a player connected in the last `Limits.active_within` seconds."""
        since = time.time() - self.cache.limits.active_within if active else None
        rows = await self.store.list_tables(status, limit, offset, active_since=since)
        return [render.summary(row, seats, count) for row, seats, count in rows]

    async def summary(self, table_id: str) -> dict[str, Any]:
        table = await self.table(table_id)
        return render.summary(table.row, table.seats, table.game.version)

    async def record(self, table_id: str) -> dict[str, Any]:
        """The record (records format) of a finished or abandoned table; refused while it is
        being played, since the record holds the seed and every hidden choice."""
        table = await self.table(table_id)
        if not table.row.ended:
            raise ServiceError("not_over")
        return Record.of(table.game).to_dict()
