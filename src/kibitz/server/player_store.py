"""Storage of players: their sessions (signed-in browsers), claimed logins, ratings and rating
history, and the tables they sat at. Every statement about players the server runs is here.

Secrets are stored only as SHA-256 hashes and compared in constant time (`secrets.
compare_digest`); passwords only as argon2 hashes (`players.py` makes and checks them).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from kibitz.server import db
from kibitz.server.ratings import BOT_PREFIX, RatedGame, Rating
from kibitz.server.store import LIVE, SeatRow, TableRow, _seat_row, _table_row


@dataclass
class PlayerRow:
    id: str
    nickname: str
    login: str | None = None
    """The case-folded nickname of a claimed player (one with a password)."""
    password_hash: str | None = None
    bot: str | None = None
    created_at: float = 0.0
    seen_at: float = 0.0


@dataclass(frozen=True)
class RatingRow:
    game: str
    rating: Rating


@dataclass(frozen=True)
class HistoryRow:
    game: str
    table_id: str
    mu: float
    sigma: float
    won: bool
    at: float


@dataclass(frozen=True)
class SeatAt:
    """A table, its seats and number of moves, and the seats a player held there."""

    table: TableRow
    seats: list[SeatRow]
    moves: int
    seats_held: list[int]


def _player_row(r: Any) -> PlayerRow:
    return PlayerRow(**{c.name: getattr(r, c.name) for c in db.players.columns})


def _rating(r: Any) -> Rating:
    return Rating(mu=r.mu, sigma=r.sigma, games=r.games, wins=r.wins)


class PlayerStore:
    def __init__(self, database: db.Database) -> None:
        self.database = database

    # ----------------------------------------------------------------- players and sessions

    async def create(self, player: PlayerRow, secret_hash: str) -> None:
        """Store a new player signed in with one session."""

        def work(conn: sa.Connection) -> None:
            conn.execute(sa.insert(db.players).values(**vars(player)))
            conn.execute(
                sa.insert(db.sessions).values(
                    player_id=player.id, secret_hash=secret_hash, created_at=player.created_at
                )
            )

        await self.database.run(work)

    async def player(self, player_id: str) -> PlayerRow | None:
        return await self._one(db.players.c.id == player_id)

    async def by_login(self, login: str) -> PlayerRow | None:
        return await self._one(db.players.c.login == login)

    async def _one(self, where: Any) -> PlayerRow | None:
        statement = sa.select(db.players).where(where)

        def work(conn: sa.Connection) -> PlayerRow | None:
            row = conn.execute(statement).first()
            return None if row is None else _player_row(row)

        return await self.database.run(work)

    async def session_player(self, player_id: str, secret_hash: str) -> PlayerRow | None:
        """The player if `secret_hash` is one of their sessions (compared in constant time)."""
        player = sa.select(db.players).where(db.players.c.id == player_id)
        hashes = sa.select(db.sessions.c.secret_hash).where(db.sessions.c.player_id == player_id)

        def work(conn: sa.Connection) -> PlayerRow | None:
            found = False
            for (stored,) in conn.execute(hashes):
                found = secrets.compare_digest(stored, secret_hash) or found
            row = conn.execute(player).first() if found else None
            return None if row is None else _player_row(row)

        return await self.database.run(work)

    async def add_session(self, player_id: str, secret_hash: str, at: float) -> None:
        statement = sa.insert(db.sessions).values(
            player_id=player_id, secret_hash=secret_hash, created_at=at
        )
        await self.database.run(lambda conn: conn.execute(statement))

    async def drop_session(self, player_id: str, secret_hash: str) -> None:
        statement = sa.delete(db.sessions).where(
            db.sessions.c.player_id == player_id, db.sessions.c.secret_hash == secret_hash
        )
        await self.database.run(lambda conn: conn.execute(statement))

    async def seen(self, player_id: str, at: float) -> None:
        statement = sa.update(db.players).where(db.players.c.id == player_id).values(seen_at=at)
        await self.database.run(lambda conn: conn.execute(statement))

    async def set_password(self, player_id: str, login: str, password_hash: str) -> bool:
        """Claim the player (or change the password); False when another claimed player
        has this login already."""
        statement = (
            sa.update(db.players)
            .where(db.players.c.id == player_id)
            .values(login=login, password_hash=password_hash)
        )
        try:
            await self.database.run(lambda conn: conn.execute(statement))
        except IntegrityError:
            return False
        return True

    async def rename(self, player_id: str, nickname: str, login: str | None) -> list[str] | None:
        """Give the player a new nickname (and login, when claimed), also at the seats they
        hold at unfinished tables; returns those tables' ids, or None when another claimed
        player has this login."""
        unfinished = sa.select(db.tables.c.id).where(db.tables.c.status != "over")
        seats = (
            sa.update(db.seats)
            .where(
                db.seats.c.player_id == player_id,
                db.seats.c.kind == "player",
                db.seats.c.table_id.in_(unfinished),
            )
            .values(nickname=nickname)
        )
        tables = sa.select(db.seats.c.table_id).where(
            db.seats.c.player_id == player_id,
            db.seats.c.kind == "player",
            db.seats.c.table_id.in_(unfinished),
        )

        def work(conn: sa.Connection) -> list[str]:
            conn.execute(
                sa.update(db.players)
                .where(db.players.c.id == player_id)
                .values(nickname=nickname, login=login)
            )
            conn.execute(seats)
            return [r.table_id for r in conn.execute(tables)]

        try:
            return await self.database.run(work)
        except IntegrityError:
            return None

    # ----------------------------------------------------------------- tables of a player

    async def unfinished(
        self, player_id: str, limit: int, statuses: tuple[str, ...] = LIVE
    ) -> list[SeatAt]:
        """The unfinished tables where the player holds a seat (or, with `statuses`, those
        in these), newest change first."""
        query = (
            sa.select(db.tables.c.id, db.seats.c.seat)
            .join(db.seats, db.seats.c.table_id == db.tables.c.id)
            .where(
                db.seats.c.player_id == player_id,
                db.seats.c.kind == "player",
                db.tables.c.status.in_(statuses),
            )
            .order_by(db.tables.c.updated_at.desc(), db.tables.c.id)
            .limit(limit)
        )

        def work(conn: sa.Connection) -> list[SeatAt]:
            held = {r.id: [r.seat] for r in conn.execute(query)}
            return _tables(conn, held)

        return await self.database.run(work)

    async def recent(self, player_id: str, limit: int) -> list[SeatAt]:
        """The last `limit` rated tables of the player (a human or a bot level), newest
        first, with the seats they held."""
        query = (
            sa.select(db.rating_history.c.table_id)
            .where(db.rating_history.c.player_id == player_id)
            .order_by(db.rating_history.c.id.desc())
            .limit(limit)
        )
        level = player_id.split(".", 1)[1] if player_id.startswith(BOT_PREFIX) else None

        def holds(s: SeatRow) -> bool:
            if level is not None:
                return s.kind == "bot" and s.bot == level
            return s.kind == "player" and s.player_id == player_id

        def work(conn: sa.Connection) -> list[SeatAt]:
            ids = [r.table_id for r in conn.execute(query)]
            found = _tables(conn, {table_id: [] for table_id in ids})
            for at in found:
                at.seats_held.extend(s.seat for s in at.seats if holds(s))
            return found

        return await self.database.run(work)

    # ----------------------------------------------------------------- ratings

    async def ratings_of(self, player_id: str) -> list[RatingRow]:
        query = (
            sa.select(db.ratings)
            .where(db.ratings.c.player_id == player_id)
            .order_by(db.ratings.c.game)
        )
        return await self.database.run(
            lambda conn: [RatingRow(r.game, _rating(r)) for r in conn.execute(query)]
        )

    async def history(self, player_id: str, limit: int) -> list[HistoryRow]:
        """The player's rating after each of their last `limit` rated games, oldest first."""
        query = (
            sa.select(db.rating_history)
            .where(db.rating_history.c.player_id == player_id)
            .order_by(db.rating_history.c.id.desc())
            .limit(limit)
        )

        def work(conn: sa.Connection) -> list[HistoryRow]:
            rows = conn.execute(query).all()
            return [
                HistoryRow(r.game, r.table_id, r.mu, r.sigma, bool(r.won), r.at)
                for r in reversed(rows)
            ]

        return await self.database.run(work)

    async def leaderboard(
        self, game: str, limit: int, offset: int
    ) -> list[tuple[PlayerRow, Rating]]:
        query = (
            sa.select(
                db.players,
                db.ratings.c.mu,
                db.ratings.c.sigma,
                db.ratings.c.games,
                db.ratings.c.wins,
            )
            .join(db.ratings, db.ratings.c.player_id == db.players.c.id)
            .where(db.ratings.c.game == game)
            .order_by(db.ratings.c.ordinal.desc(), db.players.c.id)
            .limit(limit)
            .offset(offset)
        )

        def work(conn: sa.Connection) -> list[tuple[PlayerRow, Rating]]:
            return [(_player_row(r), _rating(r)) for r in conn.execute(query)]

        return await self.database.run(work)

    async def rate(
        self,
        rated: RatedGame,
        compute: Callable[[Mapping[str, Rating]], dict[str, Rating]],
    ) -> dict[str, Rating]:
        """Rate one finished game in one transaction: read its players' ratings (locked
        against other processes rating at the same time), `compute` the new ones, store them
        with a history row each, and mark the table rated. Nothing happens (an empty answer)
        if the table was rated already."""

        def work(conn: sa.Connection) -> dict[str, Rating]:
            claimed = conn.execute(
                sa.update(db.tables)
                .where(db.tables.c.id == rated.table_id, db.tables.c.rated.is_(False))
                .values(rated=True)
            )
            if claimed.rowcount != 1:
                return {}
            _add_bots(conn, rated.bots(), rated.at)
            players = sorted(rated.players())
            rows = conn.execute(
                sa.select(db.ratings)
                .where(db.ratings.c.game == rated.game, db.ratings.c.player_id.in_(players))
                .order_by(db.ratings.c.player_id)
                .with_for_update()
            ).all()
            current = {r.player_id: _rating(r) for r in rows}
            new = compute(current)
            write_ratings(conn, rated, current, new)
            return new

        for attempt in range(3):
            try:
                return await self.database.run(work)
            except IntegrityError:  # another process added the same bot or rating row
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def mark_rated(self, table_id: str) -> None:
        """A finished table that needs no rating (no signed-in player sat at it)."""
        statement = sa.update(db.tables).where(db.tables.c.id == table_id).values(rated=True)
        await self.database.once(lambda conn: conn.execute(statement))

    async def finished(self, unrated: bool = False) -> list[str]:
        """The finished tables in the order they finished (their last move); with `unrated`
        only those the ratings have not taken into account yet."""
        query = (
            sa.select(db.tables.c.id)
            .where(db.tables.c.status == "over")
            .order_by(db.tables.c.updated_at, db.tables.c.id)
        )
        if unrated:
            query = query.where(db.tables.c.rated.is_(False))
        return await self.database.run(lambda conn: [r.id for r in conn.execute(query)])

    async def replace_ratings(
        self, games: list[tuple[RatedGame, dict[str, Rating], dict[str, Rating]]], tables: list[str]
    ) -> None:
        """`kibitz ratings rebuild`: forget every rating and history row, then store
        `games` (each with its players' ratings before and after) and mark `tables` rated,
        in one transaction."""

        def work(conn: sa.Connection) -> None:
            conn.execute(sa.delete(db.rating_history))
            conn.execute(sa.delete(db.ratings))
            conn.execute(sa.update(db.tables).values(rated=False))
            for rated, before, after in games:
                _add_bots(conn, rated.bots(), rated.at)
                write_ratings(conn, rated, before, after)
            for start in range(0, len(tables), 500):
                conn.execute(
                    sa.update(db.tables)
                    .where(db.tables.c.id.in_(tables[start : start + 500]))
                    .values(rated=True)
                )

        await self.database.run(work)


def _tables(conn: sa.Connection, held: dict[str, list[int]]) -> list[SeatAt]:
    """The tables `held` names (in its order), with their seats and move counts."""
    ids = list(held)
    if not ids:
        return []
    rows = {
        r.id: _table_row(r)
        for r in conn.execute(sa.select(db.tables).where(db.tables.c.id.in_(ids)))
    }
    seats: dict[str, list[SeatRow]] = {}
    for s in conn.execute(
        sa.select(db.seats).where(db.seats.c.table_id.in_(ids)).order_by(db.seats.c.seat)
    ):
        seats.setdefault(s.table_id, []).append(_seat_row(s))
    counted = (
        sa.select(db.moves.c.table_id, sa.func.count().label("n"))
        .where(db.moves.c.table_id.in_(ids))
        .group_by(db.moves.c.table_id)
    )
    counts = {r.table_id: int(r.n) for r in conn.execute(counted)}
    return [
        SeatAt(rows[i], seats.get(i, []), int(counts.get(i, 0)), list(held[i]))
        for i in ids
        if i in rows
    ]


def _add_bots(conn: sa.Connection, bots: list[str], at: float) -> None:
    if not bots:
        return
    known = {
        r.id for r in conn.execute(sa.select(db.players.c.id).where(db.players.c.id.in_(bots)))
    }
    for player_id in bots:
        if player_id not in known:
            level = player_id.split(".", 1)[1]
            conn.execute(
                sa.insert(db.players).values(
                    id=player_id, nickname=level, bot=level, created_at=at, seen_at=at
                )
            )


def write_ratings(
    conn: sa.Connection,
    rated: RatedGame,
    before: Mapping[str, Rating],
    after: Mapping[str, Rating],
) -> None:
    """Store the players' new ratings of one game and a history row for each."""
    winners = rated.winners()
    for player_id, rating in after.items():
        values = {
            "mu": rating.mu,
            "sigma": rating.sigma,
            "ordinal": rating.ordinal,
            "games": rating.games,
            "wins": rating.wins,
            "updated_at": rated.at,
        }
        if player_id in before:
            conn.execute(
                sa.update(db.ratings)
                .where(db.ratings.c.player_id == player_id, db.ratings.c.game == rated.game)
                .values(**values)
            )
        else:
            conn.execute(
                sa.insert(db.ratings).values(player_id=player_id, game=rated.game, **values)
            )
        conn.execute(
            sa.insert(db.rating_history).values(
                player_id=player_id,
                game=rated.game,
                table_id=rated.table_id,
                mu=rating.mu,
                sigma=rating.sigma,
                won=player_id in winners,
                at=rated.at,
            )
        )
