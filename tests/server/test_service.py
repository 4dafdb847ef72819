"""The match service without any network: checks, storage order, bots, clock, chat, rematch,
resume and two services sharing one database."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import kibitz
from kibitz.core import Record, replay
from kibitz.server.config import Limits
from kibitz.server.errors import ServiceError
from kibitz.server.service import LiveTable, MatchService, SeatSpec
from kibitz.server.store import RECENT_CHAT

from .support import open_service, run, slow_bots, wait_for

SETUP = {  # X bere!, 2 players: a fixed deal so the tests can name cards
    "rows": [[10], [40], [70]],
    "hands": [[5, 12, 20, 33, 45, 51, 64, 80], [7, 15, 25, 38, 47, 58, 75, 90]],
}


async def two_players(service: MatchService, **kwargs: Any) -> tuple[str, str, str]:
    created = await service.create_table("xbere", 2, setup=SETUP, **kwargs)
    a = await service.join(created.table, "Ann")
    b = await service.join(created.table, "Bob")
    assert (a.seat, b.seat) == (0, 1)
    return created.table, a.token, b.token


async def first_legal(service: MatchService, table_id: str, seat: int) -> str:
    table = await service.table(table_id)
    return str(table.game.legal_moves(seat)[0])


async def play_out(service: MatchService, table_id: str, tokens: dict[int, str]) -> None:
    """Play the players' first legal moves (`tokens` by seat) until the game is over."""
    table = await service.table(table_id)
    while not table.game.is_over():
        humans = [s for s in table.game.to_act() if s in tokens]
        if not humans:
            await asyncio.sleep(0.01)
            continue
        seat = humans[0]
        move = str(table.game.legal_moves(seat)[0])
        try:
            await service.act(table_id, tokens[seat], move, table.game.version)
        except ServiceError as error:
            assert error.code == "stale_version"


async def code_of(coro: Any) -> str:
    with pytest.raises(ServiceError) as caught:
        await coro
    return caught.value.code


def test_create_join_start_and_seat_rules(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            created = await service.create_table(
                "xbere", 3, seats=[SeatSpec("open"), SeatSpec("invited"), SeatSpec("bot")]
            )
            table_id = created.table
            assert set(created.invites) == {1}
            assert (await service.summary(table_id))["status"] == "waiting"
            assert await code_of(service.join(table_id, "   ")) == "bad_nickname"
            assert await code_of(service.join(table_id, "x" * 25)) == "bad_nickname"
            assert await code_of(service.join(table_id, "Eve", seat=2)) == "seat_taken"
            assert await code_of(service.join(table_id, "Eve", seat=1)) == "bad_invite"
            assert await code_of(service.join(table_id, "Eve", seat=7)) == "table_full"
            assert await code_of(service.join("nope", "Eve")) == "no_such_table"
            assert await code_of(service.join("../../x", "Eve")) == "no_such_table"
            ann = await service.join(table_id, "  Ann\x00\u202e ")
            assert (ann.seat, ann.nickname) == (0, "Ann")
            assert await code_of(service.join(table_id, "Ann2", token=ann.token)) == (
                "already_seated"
            )
            assert await code_of(service.join(table_id, "Eve")) == "table_full"
            bob = await service.join(table_id, "Bob", invite=created.invites[1])
            assert bob.seat == 1
            summary = await service.summary(table_id)
            assert summary["status"] == "playing"
            assert [s["kind"] for s in summary["seats"]] == ["player", "player", "bot"]
            # The store agrees with the cache.
            stored = await service.store.load(table_id)
            assert stored is not None and stored.row.status == "playing"
            assert [s.nickname for s in stored.seats] == ["Ann", "Bob", None]
            assert ann.token not in str(stored) and stored.seats[0].token_hash

    run(main())


def test_act_checks_in_order_and_refusals_change_nothing(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            waiting = await service.create_table("xbere", 2, setup=SETUP)
            ann = await service.join(waiting.table, "Ann")
            assert await code_of(service.act(waiting.table, ann.token, "play 5", 0)) == (
                "not_started"
            )
            table_id, a, b = await two_players(service)
            # 1. the table exists (before anything else is looked at)
            assert await code_of(service.act("missing", "bad", "junk", 99)) == "no_such_table"
            # 3. the token holds a seat (before turn, notation, legality, version)
            assert await code_of(service.act(table_id, "bad", "junk", 99)) == "not_seated"
            assert await code_of(service.act(table_id, ann.token, "play 5", 0)) == "not_seated"
            # 5. notation and legality (before the version)
            assert await code_of(service.act(table_id, a, "junk", 99)) == "bad_notation"
            assert await code_of(service.act(table_id, a, "play 7", 99)) == "illegal_move"
            # 6. the version last
            assert await code_of(service.act(table_id, a, "play 5", 99)) == "stale_version"
            assert (await service.table(table_id)).game.version == 0
            assert await service.act(table_id, a, "play 5", 0) == 1
            assert await code_of(service.act(table_id, b, "play 7", 2)) == "stale_version"
            # Bob's turn began at version 0: Ann's hidden choice does not make it stale.
            assert await service.act(table_id, b, "play 7", 0) == 2
            # Ann's 5 is under every row: her decision began at version 2.
            table = await service.table(table_id)
            assert table.game.to_act() == frozenset({0})
            # 4. the seat may act now: only Ann decides
            assert await code_of(service.act(table_id, b, "junk", 99)) == "not_your_turn"
            take = str(table.game.legal_moves(0)[0])
            assert await code_of(service.act(table_id, a, take, 1)) == "stale_version"
            stored = await service.store.load(table_id)
            assert stored is not None and [(m.seat, m.text) for m in stored.moves] == [
                (0, "play 5"),
                (1, "play 7"),
            ]
            # Play to the end; 2. a finished table refuses first of all
            tokens = {0: a, 1: b}
            table = await service.table(table_id)
            while not table.game.is_over():
                seat = min(table.game.to_act())
                move = str(table.game.legal_moves(seat)[0])
                await service.act(table_id, tokens[seat], move, table.game.version)
            assert await code_of(service.act(table_id, "bad", "junk", 0)) == "table_over"
            summary = await service.summary(table_id)
            assert summary["status"] == "over" and summary["result"]["winners"]
            assert summary["result"]["teams"] == [[0], [1]]  # X bere!: each seat alone

    run(main())


def test_a_hidden_choice_may_change_until_the_last_seat_chooses(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            table_id, a, b = await two_players(service)
            assert await service.act(table_id, a, "play 5", 0) == 1
            # Ann changes her card twice; her versions stay current from her turn's start.
            assert await service.act(table_id, a, "play 12", 0) == 2
            assert await service.act(table_id, a, "play 20", 2) == 3
            table = await service.table(table_id)
            assert table.game.to_act() == frozenset({1})
            assert table.game.view(1)["chosen"] == [True, False]
            assert await service.act(table_id, b, "play 58", 1) == 4  # the last choice
            assert table.game.view(1)["revealed"] == [[20, 0], [58, 1]]
            assert table.game.to_act() == frozenset({0, 1})  # the next turn
            stored = await service.store.load(table_id)
            assert stored is not None
            moves = [(m.seat, m.text) for m in stored.moves]
            assert moves == [(0, "play 5"), (0, "play 12"), (0, "play 20"), (1, "play 58")]
            service.tables.drop(table_id)  # read back from the database: the same game
            again = await service.table(table_id)
            assert again.game.to_state() == table.game.to_state()

    run(main())


def test_every_move_is_stored_before_anyone_is_told(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            log: list[tuple[str, int]] = []
            add_move = service.store.add_move

            async def recording_add_move(table_id: str, number: int, *args: Any) -> bool:
                ok = await add_move(table_id, number, *args)
                log.append(("stored", number))
                return ok

            service.store.add_move = recording_add_move  # type: ignore[method-assign]

            def listener(table: LiveTable, message: dict[str, Any] | None) -> None:
                if message is None and table.game.version:
                    log.append(("told", table.game.version))

            service.listeners.append(listener)
            created = await service.create_table("xbere", 3, seats=[SeatSpec("bot")] * 3)
            live = await service.table(created.table)
            await wait_for(lambda: live.row.status == "over")  # set once the store has it
            stored = [n for kind, n in log if kind == "stored"]
            told = [n for kind, n in log if kind == "told"]
            assert stored == told == list(range(1, len(stored) + 1))
            for number in stored:
                assert log.index(("stored", number)) < log.index(("told", number))
            record = await service.record(created.table)
            game = replay(Record.from_dict(record))
            assert game.is_over() and game.version == len(stored)

    run(main())


def test_record_is_private_until_the_game_is_over(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            table_id, a, b = await two_players(service)
            assert await code_of(service.record(table_id)) == "not_over"
            tokens = {0: a, 1: b}
            table = await service.table(table_id)
            while not table.game.is_over():
                seat = max(table.game.to_act())
                move = str(table.game.legal_moves(seat)[-1])
                await service.act(table_id, tokens[seat], move, table.game.version)
            record = await service.record(table_id)
            assert record["setup"] == SETUP and record["game"] == "xbere"
            assert replay(Record.from_dict(record)).outcome() == table.game.outcome()

    run(main())


def test_human_with_bots_and_leave(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            created = await service.create_table(
                "6nimmt", 3, {"rounds": 1}, [SeatSpec("open"), SeatSpec("bot"), SeatSpec("bot")]
            )
            ann = await service.join(created.table, "Ann")
            table = await service.table(created.table)
            for _ in range(3):
                await wait_for(lambda: 0 in table.game.to_act() or table.game.is_over())
                if table.game.is_over():
                    break
                move = str(table.game.legal_moves(0)[0])
                await service.act(created.table, ann.token, move, table.game.version)
            assert table.game.version >= 3
            assert await service.leave(created.table, ann.token) == 0
            assert await code_of(service.act(created.table, ann.token, "play 1", 0)) == (
                "not_seated"
            )
            assert table.seats[0].kind == "open"
            bob = await service.join(created.table, "Bob")
            assert bob.seat == 0 and table.row.status == "playing"

    run(main())


def test_turn_clock_lets_a_stand_in_play_until_the_player_returns(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            created = await service.create_table(
                "xbere", 2, seats=[SeatSpec("open"), SeatSpec("bot")], clock=0.2
            )
            ann = await service.join(created.table, "Ann")
            table = await service.table(created.table)
            await wait_for(lambda: table.seats[0].away, timeout=5)
            await wait_for(lambda: table.game.version >= 4, timeout=5)
            by = {m.by for m in (await service.store.load(created.table)).moves}  # type: ignore[union-attr]
            assert "stand-in" in by
            await service.present(created.table, ann.token)
            assert not table.seats[0].away
            stored = await service.store.load(created.table)
            assert stored is not None and not stored.seats[0].away
            if 0 in table.game.to_act():
                move = str(table.game.legal_moves(0)[0])
                await service.act(created.table, ann.token, move, table.game.version)

    run(main())


def test_a_move_of_ones_own_brings_an_away_player_back(sqlite_url: str) -> None:
    """While a slow stand-in thinks for an away player, the player's own move is theirs and
    ends the stand-in's turns: the seat is back, in memory and in the database."""

    async def main() -> None:
        async with open_service(sqlite_url) as service:
            slow_bots(service, 3, seat=0)  # Ann's stand-in
            created = await service.create_table(
                "xbere", 2, seats=[SeatSpec("open"), SeatSpec("bot")], clock=0.5
            )
            ann = await service.join(created.table, "Ann")
            table = await service.table(created.table)
            await wait_for(lambda: table.seats[0].away, timeout=5)
            assert 0 in table.game.to_act()  # the stand-in is thinking for Ann
            move = str(table.game.legal_moves(0)[0])
            await service.act(created.table, ann.token, move, table.game.version)
            stored = await service.store.load(created.table)
            assert stored is not None and not stored.seats[0].away and not table.seats[0].away
            assert [(m.seat, m.text, m.by) for m in stored.moves if m.seat == 0] == [
                (0, move, "player")
            ]

    run(main())


def test_a_player_who_returns_off_turn_gets_a_clock_only_when_the_turn_comes(
    sqlite_url: str,
) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            slow_bots(service, 0.5, seat=1)  # the bot Bob
            created = await service.create_table(
                "goxeso", 2, {"size": 4}, seats=[SeatSpec("open"), SeatSpec("bot")], clock=0.3
            )
            table = await service.table(created.table)
            turn_began: list[float] = []

            def on_change(changed: LiveTable, message: Any) -> None:
                if message is None and 0 in changed.game.to_act() and not turn_began:
                    turn_began.append(changed.turn_since[0])

            ann = await service.join(created.table, "Ann")
            # Ann lets her clock run out; the stand-in plays her turn; the bot Bob thinks.
            await wait_for(lambda: table.seats[0].away and set(table.game.to_act()) == {1})
            await service.present(created.table, ann.token)
            returned = time.time()
            assert not table.seats[0].away
            assert 0 not in table.turn_since
            assert "0" not in service.render_state(table, 0).clock.remaining
            service.listeners.append(on_change)
            await wait_for(lambda: turn_began)
            assert turn_began[0] > returned  # her clock starts with her turn

    run(main())


def test_chat_is_plain_text_rate_limited_and_kept(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            table_id, a, _b = await two_players(service)
            message = await service.chat(table_id, a, "  hello\x07  <b>world</b>\n ")
            assert message.text == "hello <b>world</b>" and message.nickname == "Ann"
            assert await code_of(service.chat(table_id, a, " \x00 ")) == "bad_text"
            assert await code_of(service.chat(table_id, a, "x" * 301)) == "bad_text"
            assert await code_of(service.chat(table_id, "bad", "hi")) == "not_seated"
            codes: list[str] = []
            sent = 1
            while True:
                try:
                    await service.chat(table_id, a, "spam")
                    sent += 1
                except ServiceError as error:
                    codes.append(error.code)
                    break
                assert sent < 50
            assert codes[-1] == "rate_limited"
            lines = await service.chat_lines(table_id)
            assert lines[0].text == "hello <b>world</b>" and len(lines) == sent

    run(main())


def test_newest_chat_is_kept_in_memory_and_reloaded_after_a_restart(sqlite_url: str) -> None:
    """Players who (re)connect get the newest RECENT_CHAT lines without a database read;
    a restarted server reads them back once, with the table."""
    many = Limits(chat_per_minute=100000)

    async def main() -> None:
        async with open_service(sqlite_url, many) as service:
            table_id, a, b = await two_players(service)
            for n in range(RECENT_CHAT + 5):
                await service.chat(table_id, a if n % 2 else b, f"line {n}")
            recent, spectators_chat = await service.recent_chat(table_id)
            assert spectators_chat  # the default
            assert [m.text for m in recent] == [f"line {n}" for n in range(5, RECENT_CHAT + 5)]
            assert recent == (await service.chat_lines(table_id))[5:]
        async with open_service(sqlite_url, many) as restarted:
            assert await restarted.recent_chat(table_id) == (recent, True)

    run(main())


def test_rematch_keeps_seats_and_options(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            created = await service.create_table(
                "xbere",
                3,
                {"hand_size": 4},
                [SeatSpec("open"), SeatSpec("open"), SeatSpec("bot")],
                clock=30,
            )
            a = await service.join(created.table, "Ann")
            b = await service.join(created.table, "Bob")
            assert await code_of(service.rematch(created.table, a.token)) == "no_rematch"
            await play_out(service, created.table, {0: a.token, 1: b.token})
            first = await service.rematch(created.table, b.token)
            assert first.seat == 1 and first.nickname == "Bob"
            new = await service.summary(first.table)
            assert new["status"] == "waiting" and new["options"]["hand_size"] == 4
            assert new["clock"] == 30 and new["rematch_of"] == created.table
            assert [s["kind"] for s in new["seats"]] == ["invited", "player", "bot"]
            assert await code_of(service.join(first.table, "Eve", seat=0)) == "bad_invite"
            second = await service.rematch(created.table, a.token)
            assert (second.table, second.seat) == (first.table, 0)
            assert (await service.summary(first.table))["status"] == "playing"
            assert (await service.summary(created.table))["rematch"] == first.table
            again = await service.rematch(created.table, a.token)  # its answer was lost
            assert again == second
            assert await code_of(service.rematch(created.table, "a guess")) == "not_seated"

    run(main())


def test_a_new_service_resumes_every_table(sqlite_url: str) -> None:
    """Tables with bots start again at once; players' tables when a player comes back."""

    async def main() -> None:
        views: dict[str, list[Any]] = {}
        async with open_service(sqlite_url) as first:
            table_id, a, b = await two_players(first)
            await first.act(table_id, a, "play 5", 0)
            await first.act(table_id, b, "play 7", 1)
            bots = await first.create_table(
                "xbere", 3, seats=[SeatSpec("open"), SeatSpec("bot"), SeatSpec("bot")]
            )
            c = await first.join(bots.table, "Cid")
            live = await first.table(bots.table)
            await wait_for(lambda: live.game.to_act() == frozenset({0}))
            for tid in (table_id, bots.table):
                table = await first.table(tid)
                views[tid] = [table.game.view(s) for s in range(table.row.players)]
            bots_version = live.game.version
        async with open_service(sqlite_url) as second:
            assert await second.resume() == 1
            assert set(second.tables.live) == {bots.table}
            for tid, expected in views.items():
                table = await second.table(tid)
                assert [table.game.view(s) for s in range(table.row.players)] == expected
            assert await second.seat_of(table_id, b) == 1
            live = await second.table(bots.table)
            assert live.game.version == bots_version
            while not live.game.is_over() and live.game.version < bots_version + 12:
                if 0 in live.game.to_act():
                    move = str(live.game.legal_moves(0)[0])
                    await second.act(bots.table, c.token, move, live.game.version)
                else:
                    await asyncio.sleep(0.01)
            stored = await second.store.load(bots.table)
            assert stored is not None
            assert {m.by for m in stored.moves[bots_version:]} == {"player", "bot"}

    run(main())


def test_two_services_on_one_database_cannot_both_store_a_move(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as one, open_service(sqlite_url) as two:
            created = await one.create_table("xbere", 2, setup=SETUP)
            a = await one.join(created.table, "Ann")
            b = await one.join(created.table, "Bob")
            assert (await two.table(created.table)).row.status == "playing"
            await one.act(created.table, a.token, "play 5", 0)
            # `two` still has version 0 in its cache: the database refuses its move 1, so
            # `two` reads the table again and stores Bob's card as move 2, as one process
            # would have (Bob chose from version 0, which is still current for him).
            assert await two.act(created.table, b.token, "play 7", 0) == 2
            assert (await two.table(created.table)).game.version == 2
            stored = await one.store.load(created.table)
            assert stored is not None and [m.text for m in stored.moves] == ["play 5", "play 7"]

    run(main())


def test_the_last_seat_taken_in_another_process_starts_the_table(sqlite_url: str) -> None:
    """`two` read the table while it was empty; Ann sits down through `one`, then Bob takes
    the last seat through `two`, whose cache still shows Ann's seat open: the database says
    the table is full, so it starts (it stayed waiting forever when the cache decided)."""

    async def main() -> None:
        async with open_service(sqlite_url) as one, open_service(sqlite_url) as two:
            created = await one.create_table("xbere", 2)
            assert (await two.table(created.table)).row.status == "waiting"
            await one.join(created.table, "Ann")
            await two.join(created.table, "Bob", 1)
            live = await two.table(created.table)
            assert live.row.status == "playing" and live.game.to_act() == {0, 1}
            assert [s.nickname for s in live.seats] == ["Ann", "Bob"]
            stored = await one.store.load(created.table)
            assert stored is not None and stored.row.status == "playing"

    run(main())


def test_a_hello_reads_what_a_process_that_died_stored_and_never_told(sqlite_url: str) -> None:
    """Processes sharing a site (Redis) tell each other their changes; `one` here never
    does, as a process killed between storing a change and publishing it. Bob, whose
    client comes back through `two`, says hello: `two` reads the table again, finds his
    seat and the started game, and tells its connections (a connection's first hello is
    checked so; `app.py`)."""

    async def main() -> None:
        async with open_service(sqlite_url) as one, open_service(sqlite_url) as two:
            two.tables.shared = True
            created = await one.create_table("xbere", 2)
            assert (await two.table(created.table)).row.status == "waiting"
            await one.join(created.table, "Ann")
            bob = await one.join(created.table, "Bob")
            told: list[int] = []
            two.listeners.append(lambda table, message: told.append(table.game.version))
            assert await two.seat_of(created.table, bob.token, check=True) == 1
            live = await two.table(created.table)
            assert live.row.status == "playing" and live.game.to_act() == {0, 1}
            assert told == [0]

    run(main())


def test_a_rematch_asked_again_on_another_process_gives_the_same_seat(sqlite_url: str) -> None:
    """Ann's rematch seat was taken through `one`, whose answer was lost (it died before
    answering or telling `two`); she asks again through `two`, whose cache still shows her
    seat at the rematch waiting for her, and gets the same seat and token."""

    async def main() -> None:
        async with open_service(sqlite_url) as one, open_service(sqlite_url) as two:
            created = await one.create_table("xbere", 2, {"hand_size": 4})
            a = await one.join(created.table, "Ann")
            b = await one.join(created.table, "Bob")
            await play_out(one, created.table, {0: a.token, 1: b.token})
            bob = await one.rematch(created.table, b.token)
            assert [s.kind for s in (await two.table(bob.table)).seats] == ["invited", "player"]
            lost = await one.rematch(created.table, a.token)
            assert await two.rematch(created.table, a.token) == lost
            live = await two.table(bob.table)
            assert live.row.status == "playing" and live.seats[0].nickname == "Ann"

    run(main())


def test_create_table_refuses_bad_input(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            assert await code_of(service.create_table("chess")) == "unknown_game"
            assert await code_of(service.create_table("xbere", 9)) == "bad_options"
            assert await code_of(service.create_table("xbere", 2, {"nope": 1})) == ("bad_options")
            assert (
                await code_of(
                    service.create_table("xbere", 2, seats=[SeatSpec("bot", "grandmaster")] * 2)
                )
                == "unknown_bot"
            )
            assert (
                await code_of(service.create_table("xbere", 2, seats=[SeatSpec("robot")] * 2))
                == "bad_options"
            )
            assert await code_of(service.create_table("xbere", 2, seats=[SeatSpec()])) == (
                "bad_options"
            )
            assert await code_of(service.create_table("xbere", 2, clock=0)) == "bad_options"
            assert await service.list_tables() == []

    run(main())


def test_every_registered_game_can_be_served(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url) as service:
            for game_spec in kibitz.games():
                created = await service.create_table(
                    game_spec.name, seats=[SeatSpec("bot")] * game_spec.default_players
                )
                table = await service.table(created.table)
                await wait_for(lambda t=table: t.game.is_over(), timeout=30)
                assert (await service.summary(created.table))["status"] == "over"

    run(main())


def test_finished_tables_leave_memory_but_not_the_database(sqlite_url: str) -> None:
    async def main() -> None:
        limits = Limits(finished_kept=1)
        async with open_service(sqlite_url, limits) as service:
            tables = []
            for _ in range(3):
                created = await service.create_table("xbere", seats=[SeatSpec("bot")] * 2)
                table = await service.table(created.table)
                await wait_for(lambda t=table: t.row.status == "over", timeout=30)
                tables.append(table)
            finished = [t for t in service.tables.live.values() if t.row.status == "over"]
            assert [t.id for t in finished] == [tables[-1].id]
            again = await service.table(tables[0].id)  # read back from the database
            assert again is not tables[0]
            assert again.game.to_state() == tables[0].game.to_state()
            # A lock is kept only while a table is being changed.
            assert len(service.tables.locks) == 0
            missing = service.table("x" * 8)
            await asyncio.gather(
                *(service.table(t.id) for t in tables), missing, return_exceptions=True
            )
            assert len(service.tables.locks) == 0

    run(main())


def test_idle_unfinished_tables_leave_memory_and_come_back_intact(sqlite_url: str) -> None:
    async def main() -> None:
        async with open_service(sqlite_url, Limits(idle_kept=0.0)) as service:
            table_id, a, _b = await two_players(service)
            await service.act(table_id, a, "play 5", 0)
            before = await service.table(table_id)
            waiting = (await service.create_table("xbere", 2)).table
            assert table_id not in service.tables.live  # idle, nothing running: dropped
            again = await service.table(table_id)
            assert again is not before and again.game.to_state() == before.game.to_state()
            assert await service.seat_of(table_id, a) == 0
            # A table whose bot is thinking stays.
            slow_bots(service, 1)
            bots = (await service.create_table("xbere", seats=[SeatSpec("bot")] * 2)).table
            await service.create_table("xbere", 2)
            assert bots in service.tables.live and waiting not in service.tables.live

    run(main())
