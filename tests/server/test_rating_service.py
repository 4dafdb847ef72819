"""Ratings as the server keeps them, on SQLite and PostgreSQL: every finished game with a
signed-in player is rated when it ends (bots as players, one per level), games without one are
not, a table finishing while the server is down is rated at the next start, and `kibitz
ratings rebuild` gives exactly the ratings the live server gave."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import sqlalchemy as sa

from kibitz.cli import main as cli
from kibitz.server import db
from kibitz.server.errors import ServiceError
from kibitz.server.service import MatchService, SeatSpec

from .support import open_service, run

GAMES: list[tuple[str, dict[str, Any], list[str]]] = [
    # game, options, seats: a player's name, "anon" (a seat without a player) or bot:LEVEL
    ("xbere", {"hand_size": 3}, ["Ann", "bot:random"]),
    ("6nimmt", {"rounds": 1}, ["Ann", "Bea", "bot:easy"]),
    ("kozel", {"series": False}, ["Ann", "bot:random", "bot:easy", "bot:random"]),
    ("goxeso", {"size": 4, "variant": "bridge"}, ["Bea", "bot:random", "Ann", "bot:random"]),
    ("goxeso", {"size": 4}, ["Ann", "Bea"]),
    ("xbere", {"hand_size": 3}, ["bot:random", "bot:easy"]),  # no player: not rated
    ("xbere", {"hand_size": 3}, ["anon", "bot:easy"]),  # nobody signed in: not rated
    ("xbere", {"hand_size": 3}, ["Bea", "anon", "bot:random"]),
]


async def play(
    service: MatchService, game: str, options: dict[str, Any], seats: list[str], ids: dict[str, str]
) -> str:
    """Create the table, sit its players down, and play their moves at random to the end."""
    specs = [SeatSpec("bot", s[4:]) if s.startswith("bot:") else SeatSpec() for s in seats]
    table_id = (await service.create_table(game, len(seats), options, specs)).table
    tokens = {}
    for number, name in enumerate(seats):
        if name == "anon":
            tokens[number] = (await service.join(table_id, "Anon", number)).token
        elif not name.startswith("bot:"):
            seated = await service.join(table_id, name, number, player=ids[name])
            tokens[number] = seated.token
    rng = random.Random(len(seats) * 31 + len(game))
    while True:
        table = await service.table(table_id)
        if table.game.is_over():
            return table_id
        acting = [s for s in sorted(table.game.to_act()) if s in tokens]
        if not acting:
            await asyncio.sleep(0.002)
            continue
        seat = acting[0]
        move = str(rng.choice(list(table.game.legal_moves(seat))))
        try:
            await service.act(table_id, tokens[seat], move, table.game.version)
        except ServiceError as error:
            if error.code not in ("stale_version", "not_your_turn", "table_over"):
                raise


async def players(service: MatchService, *names: str) -> dict[str, str]:
    return {name: (await service.players.create(name, "test"))[0].id for name in names}


def snapshot(conn: sa.Connection) -> dict[str, Any]:
    """Every rating and history row (without the history's own ids), and the rated flags."""
    ratings = sorted(tuple(r) for r in conn.execute(sa.select(db.ratings)))
    history = sorted(
        (r.player_id, r.game, r.table_id, r.mu, r.sigma, r.won, r.at)
        for r in conn.execute(sa.select(db.rating_history))
    )
    rated = dict(conn.execute(sa.select(db.tables.c.id, db.tables.c.rated)).tuples().all())
    return {"ratings": ratings, "history": history, "rated": rated}


def test_finished_games_are_rated_live_and_rebuild_gives_the_same(own_database_url: str) -> None:
    async def main() -> dict[str, Any]:
        async with open_service(own_database_url) as service:
            ids = await players(service, "Ann", "Bea")
            tables = [await play(service, g, o, s, ids) for g, o, s in GAMES]
            live = await service.store.database.run(snapshot)
            assert all(live["rated"][t] for t in tables)
            rated = {h[2] for h in live["history"]}
            assert rated == set(tables[:5]) | {tables[7]}  # not the bot-only or anonymous ones
            by_player = {}
            for player_id, game, *_ in live["ratings"]:
                by_player.setdefault(player_id, set()).add(game)
            assert by_player[ids["Ann"]] == {"xbere", "6nimmt", "kozel", "goxeso"}
            assert by_player[ids["Bea"]] == {"6nimmt", "goxeso", "xbere"}
            assert by_player["bot.random"] == {"xbere", "kozel", "goxeso"}
            assert by_player["bot.easy"] == {"6nimmt", "kozel"}  # not the unrated xbere games
            assert len(by_player) == 4  # the anonymous seats are not kept

            ann = await service.players.profile(ids["Ann"])
            assert ann["games"]["goxeso"]["played"] == 2
            assert sum(g["played"] for g in ann["games"].values()) == 5
            assert [h["table"] for h in ann["history"]] == tables[:5]
            assert {r["id"] for r in ann["recent"]} == set(tables[:5])
            kozel = next(r for r in ann["recent"] if r["id"] == tables[2])
            assert kozel["seats_held"] == [0] and kozel["result"]["winners"]
            bot = await service.players.profile("bot.random")
            assert bot["bot"] == "random" and bot["games"]["goxeso"]["played"] == 1
            bridge = next(r for r in bot["recent"] if r["id"] == tables[3])
            assert bridge["seats_held"] == [1, 3]
            board = await service.players.leaderboard("goxeso", 50, 0)
            assert [e["rank"] for e in board] == [1, 2, 3]
            assert [e["rating"] for e in board] == sorted(
                (e["rating"] for e in board), reverse=True
            )
            assert {e["player"]["id"] for e in board} == {ids["Ann"], ids["Bea"], "bot.random"}
            assert board[1:] == await service.players.leaderboard("goxeso", 50, 1)
            return live

    live = run(main())
    # The command rebuilds everything from the stored records: the same numbers, bit for bit.
    assert cli(["ratings", "rebuild", "--database-url", own_database_url]) == 0

    async def after() -> dict[str, Any]:
        async with open_service(own_database_url) as service:
            rebuilt: dict[str, Any] = await service.store.database.run(snapshot)
            return rebuilt

    assert run(after()) == live


def test_a_game_that_finished_unrated_is_rated_at_the_next_start(own_database_url: str) -> None:
    async def main() -> None:
        async with open_service(own_database_url) as service:
            ids = await players(service, "Ann")

            async def crashed(table: Any) -> None:  # the server died before rating
                return None

            service.moves.finished = crashed
            table_id = await play(service, "xbere", {"hand_size": 3}, ["Ann", "bot:easy"], ids)
            assert (await service.players.profile(ids["Ann"]))["games"] == {}
        async with open_service(own_database_url) as again:
            await again.resume()
            profile = await again.players.profile(ids["Ann"])
            assert profile["games"]["xbere"]["played"] == 1
            assert [h["table"] for h in profile["history"]] == [table_id]
            await again.rater.catch_up()  # a table is never rated twice
            assert (await again.players.profile(ids["Ann"]))["games"]["xbere"]["played"] == 1

    run(main())


def test_the_rating_is_stored_before_the_last_move_is_answered(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            ids = await players(service, "Ann", "Bea")
            table_id = await play(service, "xbere", {"hand_size": 3}, ["Ann", "Bea"], ids)
            # `play` returned after the last `act` returned: no waiting here.
            assert (await service.table(table_id)).row.rated
            profile = await service.players.profile(ids["Bea"])
            assert profile["games"]["xbere"]["played"] == 1

    run(main())
