"""Seats and their secret tokens: how a seat is taken (open or with an invite code), given
up, marked away and back, and which seat a token holds.

A token is the only proof that a client holds a seat. Tokens and invite codes are stored
only as SHA-256 hashes and compared in constant time; they are never logged. Player
accounts (issue 13) will tie seats to players here, and nowhere else.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from kibitz.server import logs
from kibitz.server.config import Limits
from kibitz.server.errors import ServiceError
from kibitz.server.store import SeatRow
from kibitz.server.tables import LiveTable, TableCache
from kibitz.server.text import clean_text

SEAT_KINDS = ("open", "invited", "bot")


def hash_secret(secret: str) -> str:
    """Tokens and invite codes are stored only as hashes."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret(length: int = 24) -> str:
    """A fresh token (or invite code with a shorter `length`)."""
    return secrets.token_urlsafe(length)


def holder(table: LiveTable, token: str | None) -> int | None:
    """The seat that `token` holds at the table, or None."""
    if not isinstance(token, str) or not token:
        return None
    digest = hash_secret(token)
    for s in table.seats:
        if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
            return s.seat
    return None


def seat_of(table: LiveTable, token: str) -> int:
    """The seat that `token` holds at the table; `not_seated` if none."""
    seat = holder(table, token)
    if seat is None:
        raise ServiceError("not_seated")
    return seat


def free_seat(table: LiveTable, seat: int | None, invite: str | None) -> int:
    """The seat a newcomer gets: `seat` if it is open (or invited with this `invite` code),
    else the invited seat of `invite`, else the first open seat."""

    def invited(s: SeatRow) -> bool:
        return (
            invite is not None
            and s.invite_hash is not None
            and secrets.compare_digest(s.invite_hash, hash_secret(invite))
        )

    if seat is not None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ServiceError("bad_message", "seat must be a seat number")
        if not 0 <= seat < len(table.seats):
            raise ServiceError("table_full", f"no seat {seat} at this table")
        s = table.seats[seat]
        if s.kind == "open":
            return seat
        if s.kind == "invited":
            if invited(s):
                return seat
            raise ServiceError("bad_invite")
        raise ServiceError("seat_taken")
    if invite is not None:
        for s in table.seats:
            if s.kind == "invited" and invited(s):
                return s.seat
        raise ServiceError("bad_invite")
    for s in table.seats:
        if s.kind == "open":
            return s.seat
    raise ServiceError("table_full")


@dataclass(frozen=True)
class SeatSpec:
    """How a seat starts: `open` (anyone may sit), `invited` (only with the invite code the
    creator gets) or `bot` with a bot name or level."""

    kind: str = "open"
    bot: str | None = None


@dataclass(frozen=True)
class Seated:
    table: str
    seat: int
    token: str
    nickname: str


class Seating:
    """Taking, leaving and returning to seats. `changed(table)` is called under the table's
    lock after each stored change (it tells the connections and reschedules bots)."""

    def __init__(
        self, cache: TableCache, limits: Limits, changed: Callable[[LiveTable], None]
    ) -> None:
        self.cache = cache
        self.store = cache.store
        self.limits = limits
        self.changed = changed

    async def seat_of(self, table_id: str, token: str) -> int:
        """The seat that `token` holds at the table; `not_seated` if none."""
        async with self.cache.hold(table_id):
            return seat_of(await self.cache.load(table_id), token)

    async def join(
        self,
        table_id: str,
        nickname: str,
        seat: int | None = None,
        invite: str | None = None,
        token: str | None = None,
    ) -> Seated:
        """Sit down at an open seat (or the invited seat whose code is given); returns the
        seat's secret token. `token`, when given, is a seat this client already holds."""
        nickname = clean_text(nickname, self.limits.nickname_length, "bad_nickname")
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            if table.row.status == "over":
                raise ServiceError("table_over")
            if token is not None and holder(table, token) is not None:
                raise ServiceError("already_seated")
            number = free_seat(table, seat, invite)
            old = table.seats[number]
            new_token = new_secret()
            new = SeatRow(number, "player", nickname=nickname, token_hash=hash_secret(new_token))
            expect = {"kind": old.kind, "token_hash": old.token_hash}
            if not await self.store.update_seat(table_id, number, expect, new):
                self.cache.drop(table_id)
                raise ServiceError("seat_taken")
            table.seats[number] = new
            logs.event("table.joined", table=table_id, seat=number)
            now = time.time()
            full = all(s.kind in ("bot", "player") for s in table.seats)
            if (
                full
                and table.row.status == "waiting"
                and await self.store.set_status(table_id, "waiting", "playing", now)
            ):
                table.row.status = "playing"
                table.turn_since.clear()
                table.turn_version.clear()
                table.track_turns(now)
                logs.event("table.started", table=table_id)
            self.changed(table)
            return Seated(table_id, number, new_token, nickname)

    async def leave(self, table_id: str, token: str) -> int:
        """Give up one's seat: it becomes open for anyone (a stand-in bot plays it meanwhile
        if the table has a turn clock). Returns the seat left."""
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            number = seat_of(table, token)
            if table.row.status == "over":
                return number
            old = table.seats[number]
            new = SeatRow(number, "open")
            if not await self.store.update_seat(
                table_id, number, {"token_hash": old.token_hash}, new
            ):
                self.cache.drop(table_id)
                raise ServiceError("not_seated")
            table.seats[number] = new
            logs.event("table.left", table=table_id, seat=number)
            self.changed(table)
            return number

    async def present(self, table_id: str, seat: int) -> None:
        """The seat's player is here (they came back or wrote): a stand-in bot stops."""
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            if await self.back(table, seat):
                self.changed(table)

    async def back(self, table: LiveTable, seat: int) -> bool:
        """Mark an away player back (with the table's lock held); True if they were away. If
        it is their turn, their clock starts again from now (it only ever runs while their
        seat is to act)."""
        old = table.seats[seat]
        if not old.away:
            return False
        new = SeatRow(seat, old.kind, old.bot, old.nickname, old.token_hash, None, False)
        if not await self.store.update_seat(table.id, seat, {"away": True}, new):
            return False
        table.seats[seat] = new
        if seat in table.game.to_act():
            table.turn_since[seat] = time.time()
        logs.event("table.back", table=table.id, seat=seat)
        return True

    async def away(self, table: LiveTable, seat: int) -> bool:
        """Mark a player away (their clock ran out; with the table's lock held); True if the
        database agreed."""
        s = table.seats[seat]
        new = SeatRow(seat, s.kind, s.bot, s.nickname, s.token_hash, None, True)
        if not await self.store.update_seat(table.id, seat, {"away": False}, new):
            return False
        table.seats[seat] = new
        logs.event("table.away", table=table.id, seat=seat)
        return True
