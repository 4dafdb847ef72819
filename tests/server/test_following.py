"""How a process follows the moves another process stored (the Redis fan-out): a move that
comes next is applied as it arrives, and one the game refuses makes the table be read again
from the database, which is the truth."""

from __future__ import annotations

from kibitz.server.events import RedisEvents
from kibitz.server.store import MoveRow

from .support import run, two_services, wait_for
from .test_service import SETUP


def test_moves_of_another_process_are_followed_and_a_refused_one_is_read_again(
    own_postgres_url: str,
) -> None:
    run(follow(own_postgres_url))


async def follow(url: str) -> None:
    async with two_services(url) as (a, b):
        created = await a.create_table("xbere", 2, setup=SETUP)
        ann = await a.join(created.table, "Ann")
        bob = await a.join(created.table, "Bob")
        on_a, on_b = await a.table(created.table), await b.table(created.table)
        heard: list[int] = []
        b.events.subscribe(lambda table, _message: heard.append(table.game.version))

        await a.act(created.table, ann.token, "play 5", 0)
        await wait_for(lambda: on_b.game.version == 1, timeout=5)
        assert on_b.game.history == on_a.game.history and heard.count(1) == 1
        heard.clear()  # (the joins' events came before the move's: one table, in order)

        # A second move that no process stored, and that the game refuses (a card of Bob's
        # for Ann): B reads the table again instead, and its connections hear of it once.
        events = a.events
        assert isinstance(events, RedisEvents)
        refused = MoveRow(0, "play 7", 0.0, "player")
        events._publish(created.table, {"k": "move", "v": 2, "m": list(vars(refused).values())})
        await wait_for(lambda: heard == [1], timeout=5)
        assert on_b.game.history == on_a.game.history and not on_b.stale

        # A malformed move event changes nothing, and B goes on following the table.
        events._publish(created.table, {"k": "move", "v": 2, "m": "garbage"})
        await a.act(created.table, bob.token, "play 7", 1)
        await wait_for(lambda: on_b.game.version == 2, timeout=5)
        assert on_b.game.history == on_a.game.history
