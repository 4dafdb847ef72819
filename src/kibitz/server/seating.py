"""Seats and their secret tokens: how a seat is taken (open or with an invite code), given
up, marked away and back, and which seat a token holds.

A seat is held by its secret token, and by the signed-in player who took it (`players.py`;
the seat's `player_id`), so a player gets their seat back in any browser they are signed in
on. Tokens and invite codes are stored only as SHA-256 hashes and compared in constant time;
they are never logged.
"""

from __future__ import annotations

import dataclasses
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


def holder(table: LiveTable, token: str | None, player: str | None = None) -> int | None:
    """The seat that `token` holds at the table, else the one the player `player` holds, or
    None."""
    if isinstance(token, str) and token:
        digest = hash_secret(token)
        for s in table.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
    if player is not None:
        for s in table.seats:
            if s.kind == "player" and s.player_id == player:
                return s.seat
    return None


def holds(s: SeatRow, token_hash: str | None, player: str | None) -> bool:
    """Whether the seat `s` is held by the token whose hash is `token_hash` (else by the
    signed-in `player`): a connection bound to a seat gets its views only while this holds."""
    if s.kind != "player":
        return False
    if (
        token_hash is not None
        and s.token_hash is not None
        and secrets.compare_digest(s.token_hash, token_hash)
    ):
        return True
    return player is not None and s.player_id == player


def seat_of(table: LiveTable, token: str | None, player: str | None = None) -> int:
    """The seat that `token` (or the player `player`) holds at the table; `not_seated` if
    none."""
    seat = holder(table, token, player)
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

    async def seat_of(
        self, table_id: str, token: str | None, player: str | None = None, *, check: bool = False
    ) -> int:
        """The seat that `token` (or the player `player`) holds at the table; `not_seated`
        if none. With `check` (a new connection's hello: perhaps a client of a process that
        died), the table is compared with the database first when processes share it
        (`TableCache.load_current`)."""
        async with self.cache.hold(table_id):
            load = self.cache.load_current if check else self.cache.load
            return seat_of(await load(table_id), token, player)

    async def join(
        self,
        table_id: str,
        nickname: str | None,
        seat: int | None = None,
        invite: str | None = None,
        *,
        token: str | None = None,
        player: str | None = None,
        new_token: str | None = None,
    ) -> Seated:
        """Sit down at an open seat (or the invited seat whose code is given); returns the
        seat's secret token. `token`, when given, is a seat this client already holds;
        `player`, the signed-in player who sits down (the seat is then theirs too);
        `new_token`, the token to give the seat (a rematch's): when seat `seat` holds it
        already, this is the same join asked again, and its answer is given again."""
        nickname = clean_text(nickname, self.limits.nickname_length, "bad_nickname")
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            if table.row.ended:
                raise ServiceError("table_over")
            again = self._asked_again(table, seat, new_token, nickname)
            if again is not None:
                return again
            if holder(table, token, player) is not None:
                raise ServiceError("already_seated")
            number = free_seat(table, seat, invite)
            old = table.seats[number]
            new_token = new_token or new_secret()
            new = SeatRow(
                number,
                "player",
                nickname=nickname,
                token_hash=hash_secret(new_token),
                player_id=player,
            )
            now = time.time()
            taken, started = await self.store.take_seat(table_id, old, new, now)
            if not taken:
                # Taken elsewhere: perhaps by this same join, on a process that died before
                # it could answer or tell this one.
                self.cache.drop(table_id)
                again = self._asked_again(
                    await self.cache.load(table_id), seat, new_token, nickname
                )
                if again is not None:
                    return again
                raise ServiceError("seat_taken")
            table.seats[number] = new
            logs.event("table.joined", table=table_id, seat=number)
            if started:
                if any(s.kind not in ("bot", "player") for s in table.seats):
                    await self.cache.refresh_seats(table)  # seats taken elsewhere meanwhile
                table.row.status = "playing"
                table.turn_since.clear()
                table.turn_version.clear()
                table.track_turns(now)
                logs.event("table.started", table=table_id)
            self.changed(table)
            return Seated(table_id, number, new_token, nickname)

    @staticmethod
    def _asked_again(
        table: LiveTable, seat: int | None, new_token: str | None, nickname: str
    ) -> Seated | None:
        """The answer to a join asked before, when seat `seat` already holds `new_token`."""
        if new_token is None or seat is None or not 0 <= seat < len(table.seats):
            return None
        s = table.seats[seat]
        if s.token_hash != hash_secret(new_token):
            return None
        return Seated(table.id, seat, new_token, s.nickname or nickname)

    async def leave(self, table_id: str, token: str | None, player: str | None = None) -> int:
        """Give up one's seat: it becomes open for anyone (a stand-in bot plays it meanwhile
        if the table has a turn clock). Returns the seat left."""
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            number = seat_of(table, token, player)
            if table.row.ended:
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

    async def present(self, table_id: str, token: str | None, player: str | None = None) -> None:
        """The player of the seat that `token` (or the signed-in `player`) holds is here
        (they came back or wrote): a stand-in bot stops. Only the seat's current holder
        counts: a connection whose token lost the seat marks nobody back."""
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            seat = holder(table, token, player)
            if seat is not None and await self.back(table, seat):
                self.changed(table)

    async def back(self, table: LiveTable, seat: int) -> bool:
        """Mark an away player back (with the table's lock held); True if they were away. If
        it is their turn, their clock starts again from now (it only ever runs while their
        seat is to act)."""
        old = table.seats[seat]
        if not old.away:
            return False
        new = dataclasses.replace(old, invite_hash=None, away=False)
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
        new = dataclasses.replace(s, invite_hash=None, away=True)
        if not await self.store.update_seat(table.id, seat, {"away": False}, new):
            return False
        table.seats[seat] = new
        logs.event("table.away", table=table.id, seat=seat)
        return True

    async def renamed(self, table_ids: list[str], player: str, nickname: str) -> None:
        """The player's seats at these tables (renamed in the database) show the new
        nickname in the cached tables too."""
        for table_id in table_ids:
            if self.cache.get(table_id) is None:
                continue
            async with self.cache.hold(table_id):
                table = self.cache.get(table_id)
                if table is None:
                    continue
                for number, s in enumerate(table.seats):
                    if s.kind == "player" and s.player_id == player:
                        table.seats[number] = dataclasses.replace(s, nickname=nickname)
                self.changed(table)
