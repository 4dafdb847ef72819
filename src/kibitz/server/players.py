"""Players: who a browser is, across reloads and tables.

A first visit creates a player: a random id, the nickname typed once, and a session, whose
random secret goes into an HttpOnly, SameSite cookie (`id:secret`) and is stored only as a
SHA-256 hash, compared in constant time, never logged. The seats a player takes are tied to
them (`SeatRow.player_id`), so their tables follow them to every browser they sign in on.

Claiming is optional: a player who sets a password (stored as an argon2 hash) may sign in on
another device with their nickname and that password; claimed nicknames are unique (case
folded). No e-mail. Sign-in attempts are rate limited per client address and per nickname.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from kibitz.core import KibitzError, spec
from kibitz.server import logs, render
from kibitz.server.config import Limits
from kibitz.server.errors import ServiceError
from kibitz.server.player_store import PlayerRow, PlayerStore, SeatAt
from kibitz.server.ratelimit import RateLimiter
from kibitz.server.ratings import Rating
from kibitz.server.text import clean_text

COOKIE = "kibitz_player"
PLAYER_ID = re.compile(r"^[A-Za-z0-9_.-]{1,32}$")
PASSWORD_LENGTH = (8, 128)
HISTORY = 500
"""Rating history points a player page shows (the newest)."""
RECENT = 20
"""Finished tables a player page and "my tables" show."""


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class Player:
    """A signed-in player, as a request or a connection knows them."""

    id: str
    nickname: str
    claimed: bool


def public(row: PlayerRow) -> dict[str, Any]:
    """What anyone may know of a player."""
    return {
        "id": row.id,
        "nickname": row.nickname,
        "bot": row.bot,
        "claimed": row.login is not None,
        "created_at": row.created_at,
    }


def _player(row: PlayerRow) -> Player:
    return Player(row.id, row.nickname, row.login is not None)


def _login(nickname: str) -> str:
    return nickname.casefold()


def _check_password(password: Any) -> str:
    low, high = PASSWORD_LENGTH
    if not isinstance(password, str) or not low <= len(password) <= high:
        raise ServiceError("bad_password")
    return password


class Passwords:
    """argon2id hashes (argon2-cffi's defaults), made and checked in a thread: a hash takes
    tens of milliseconds on purpose, which the event loop must not wait for."""

    def __init__(self) -> None:
        from argon2 import PasswordHasher

        self._hasher = PasswordHasher()
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        return await asyncio.to_thread(self._hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` matches `stored`; with no stored hash a dummy one is checked,
        so an unknown nickname takes as long as a wrong password."""
        from argon2.exceptions import InvalidHashError, VerificationError

        if stored is None:
            if self._dummy is None:
                self._dummy = await self.hash(secrets.token_urlsafe(16))
            stored = self._dummy
            password = password + "\x00never"
        try:
            return await asyncio.to_thread(self._hasher.verify, stored, password)
        except (VerificationError, InvalidHashError):
            return False


class Players:
    """Creating, identifying, claiming, signing in and out, renaming; profiles and the
    leaderboard. `renamed(table_ids, player_id, nickname)` tells the tables the player sits
    at (their cached seats show the new nickname)."""

    def __init__(
        self,
        store: PlayerStore,
        limits: Limits,
        renamed: Callable[[list[str], str, str], Awaitable[None]],
    ) -> None:
        self.store = store
        self.limits = limits
        self.renamed = renamed
        self.passwords = Passwords()
        per_minute = (
            limits.signins_per_minute,
            limits.signins_per_player_per_minute,
            limits.players_per_minute,
        )
        self._by_address, self._by_login, self._creations = (
            RateLimiter(n, burst=n) for n in per_minute
        )

    async def create(self, nickname: Any, address: str) -> tuple[Player, str]:
        """A new player with one session; returns them and their cookie value."""
        nickname = clean_text(nickname, self.limits.nickname_length, "bad_nickname")
        if not self._creations.take(address):
            raise ServiceError("rate_limited", "too many new players; wait a minute")
        now = time.time()
        row = PlayerRow(id=secrets.token_urlsafe(9), nickname=nickname, created_at=now, seen_at=now)
        secret = secrets.token_urlsafe(24)
        await self.store.create(row, hash_secret(secret))
        logs.event("player.created", player=row.id)
        return _player(row), f"{row.id}:{secret}"

    async def identify(self, cookie: str | None) -> Player | None:
        """The player a cookie value signs in, or None (no cookie, a malformed or unknown
        one, or a session that was signed out)."""
        row = await self._session(cookie)
        return None if row is None else _player(row)

    async def _session(self, cookie: str | None) -> PlayerRow | None:
        if not isinstance(cookie, str) or len(cookie) > 100:
            return None
        player_id, _, secret = cookie.partition(":")
        if not secret or not PLAYER_ID.match(player_id):
            return None
        return await self.store.session_player(player_id, hash_secret(secret))

    async def me(self, player: Player) -> dict[str, Any]:
        """The signed-in player and their tables: the unfinished ones, the recent finished
        ones, and the recent abandoned ones."""
        row = await self.store.player(player.id)
        if row is None:
            raise ServiceError("not_signed_in")
        now = time.time()
        if now - row.seen_at > 3600:
            await self.store.seen(row.id, now)
        unfinished = await self.store.unfinished(player.id, 50)
        abandoned = await self.store.unfinished(player.id, RECENT, ("abandoned",))
        return {
            **public(row),
            "tables": [_held(at) for at in unfinished],
            "recent": await self._recent(player.id),
            "abandoned": [_held(at) for at in abandoned],
        }

    async def set_password(self, player: Player, password: Any, current: Any) -> Player:
        """Claim the player with a password, or change it (then `current` must match)."""
        password = _check_password(password)
        row = await self.store.player(player.id)
        if row is None:
            raise ServiceError("not_signed_in")
        if row.password_hash is not None and not (
            isinstance(current, str) and await self.passwords.verify(row.password_hash, current)
        ):
            raise ServiceError("bad_signin", "the current password is wrong")
        login = _login(row.nickname)
        if not await self.store.set_password(row.id, login, await self.passwords.hash(password)):
            raise ServiceError("nickname_taken")
        logs.event("player.claimed", player=row.id)
        return Player(row.id, row.nickname, True)

    async def sign_in(self, nickname: Any, password: Any, address: str) -> tuple[Player, str]:
        """A new session for the claimed player with this nickname and password; returns
        them and the cookie value."""
        if not isinstance(nickname, str) or not isinstance(password, str):
            raise ServiceError("bad_signin")
        login = _login(" ".join(nickname.split()))
        if not self._by_address.take(address) or not self._by_login.take(login[:64]):
            raise ServiceError("rate_limited", "too many sign-in attempts; wait a minute")
        row = await self.store.by_login(login)
        matches = await self.passwords.verify(row.password_hash if row else None, password)
        if row is None or not matches:
            logs.event("player.signin_failed", client=address)
            raise ServiceError("bad_signin")
        secret = secrets.token_urlsafe(24)
        await self.store.add_session(row.id, hash_secret(secret), time.time())
        logs.event("player.signed_in", player=row.id)
        return _player(row), f"{row.id}:{secret}"

    async def sign_out(self, cookie: str | None) -> None:
        """End the session this cookie holds (the player stays; sign in to come back)."""
        row = await self._session(cookie)
        if row is not None and cookie is not None:
            await self.store.drop_session(row.id, hash_secret(cookie.partition(":")[2]))
            logs.event("player.signed_out", player=row.id)

    async def rename(self, player: Player, nickname: Any) -> Player:
        """A new nickname, shown at once at the seats the player holds at unfinished
        tables (finished tables keep the name they were played under)."""
        nickname = clean_text(nickname, self.limits.nickname_length, "bad_nickname")
        row = await self.store.player(player.id)
        if row is None:
            raise ServiceError("not_signed_in")
        login = _login(nickname) if row.login is not None else None
        tables = await self.store.rename(row.id, nickname, login)
        if tables is None:
            raise ServiceError("nickname_taken")
        await self.renamed(tables, row.id, nickname)
        logs.event("player.renamed", player=row.id)
        return Player(row.id, nickname, row.login is not None)

    async def profile(self, player_id: str) -> dict[str, Any]:
        """A player's public page: nickname, games played and won and rating per game, the
        rating after each rated game, and the recent finished tables."""
        row = await self.store.player(player_id) if PLAYER_ID.match(player_id) else None
        if row is None:
            raise ServiceError("no_such_player")
        history = await self.store.history(player_id, HISTORY)
        return {
            **public(row),
            "games": {
                r.game: {
                    "played": r.rating.games,
                    "won": r.rating.wins,
                    **_rating(r.rating.mu, r.rating.sigma),
                }
                for r in await self.store.ratings_of(player_id)
            },
            "history": [
                {"game": h.game, "table": h.table_id, "won": h.won, "at": h.at}
                | _rating(h.mu, h.sigma)
                for h in history
            ],
            "recent": await self._recent(player_id),
        }

    async def _recent(self, player_id: str) -> list[dict[str, Any]]:
        return [
            {**render.summary(at.table, at.seats, at.moves), "seats_held": at.seats_held}
            for at in await self.store.recent(player_id, RECENT)
        ]

    async def leaderboard(self, game: str, limit: int, offset: int) -> list[dict[str, Any]]:
        """The players of `game` by rating (mu - 3 sigma), best first."""
        try:
            spec(game)
        except KibitzError as error:
            raise ServiceError("unknown_game", str(error)) from None
        rows = await self.store.leaderboard(game, limit, offset)
        return [
            {
                "rank": offset + number,
                "player": public(row),
                "played": rating.games,
                "won": rating.wins,
                **_rating(rating.mu, rating.sigma),
            }
            for number, (row, rating) in enumerate(rows, 1)
        ]


def _held(at: SeatAt) -> dict[str, Any]:
    """A table of the player's with the seat they hold there."""
    return {**render.summary(at.table, at.seats, at.moves), "seat": at.seats_held[0]}


def _rating(mu: float, sigma: float) -> dict[str, float]:
    """A rating as the API shows it: `rating` is the conservative mu - 3 sigma."""
    ordinal = Rating(mu=mu, sigma=sigma).ordinal
    return {"rating": round(ordinal, 2), "mu": round(mu, 3), "sigma": round(sigma, 3)}
