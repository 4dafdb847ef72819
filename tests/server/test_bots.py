"""Server-side bots: each table seat has its own bot, so a bot that remembers (Goxeso)
remembers only its own table, even when one worker process decides for many tables."""

from __future__ import annotations

import random
from typing import Any

from kibitz.bots import Budget, make_bot
from kibitz.bots.goxeso import cell_name
from kibitz.core import Record, make, start
from kibitz.core.rng import derive
from kibitz.server.service import LiveTable, SeatSpec

from .support import open_service, run, wait_for

SEEDS = (5, 6)
"""Two deals of the 4x4 board in which seat 0 starts: the tables' views look alike to a bot
(same game, players, size and start), so one shared memory would take them for one game."""


def wrong_memories(table: LiveTable, seat: int, bot: Any) -> list[str]:
    """Cells `bot` (of `seat` at `table`) remembers with a face other than the card there."""
    board = table.game.to_state()["board"]
    faces = {cell_name(r, c): face for r, row in enumerate(board) for c, face in enumerate(row)}
    return [
        f"seat {seat}: {cell} remembered as {face}, is {faces.get(cell)}"
        for cell, face in bot.memory.known.items()
        if faces.get(cell) != face
    ]


def fresh_bot_moves(record: Record, name: str, seconds: float) -> list[str]:
    """The moves a bot per seat makes at this table alone, shown the same views with the
    same seeds as the server's bots."""
    game = start(record)
    bots = {seat: make_bot(record.game, name) for seat in range(record.players)}
    moves = []
    for seat, text in record.moves:
        seed = derive(record.seed or 0, "bot", game.version, seat).getrandbits(63)
        rng = random.Random(seed)
        legal = game.legal_moves(seat)
        moves.append(str(bots[seat].choose(game.view(seat), legal, rng, Budget(seconds=seconds))))
        game.apply(seat, text)
    return moves


def test_two_goxeso_tables_in_one_worker_keep_their_own_memories(sqlite_url: str) -> None:
    assert {make("goxeso", players=2, seed=s, size=4).start for s in SEEDS} == {0}

    async def main() -> None:
        async with open_service(sqlite_url, bot_workers=1) as service:
            problems: list[str] = []
            remembered = 0
            choose = service.bots.choose

            async def checked(bot: Any, view: Any, *rest: Any, **options: Any) -> Any:
                """Each decision's bot, as it comes back from the worker, against the board
                of its table (nothing moves at a Goxeso table while its bot decides)."""
                nonlocal remembered
                text, bot = await choose(bot, view, *rest, **options)
                seat = view["seat"]
                live = service.tables.live.values()
                table = next(t for t in live if t.game.view(seat) == view)
                problems.extend(wrong_memories(table, seat, bot))
                remembered += len(bot.memory.known)
                return text, bot

            service.bots.choose = checked  # type: ignore[method-assign]
            ids = [
                (
                    await service.create_table(
                        "goxeso", 2, {"size": 4}, [SeatSpec("bot", "greedy")] * 2, seed=seed
                    )
                ).table
                for seed in SEEDS
            ]
            tables = [await service.table(table_id) for table_id in ids]
            await wait_for(lambda: all(t.game.is_over() for t in tables), timeout=60)
            assert all(len(t.bots) == 2 for t in tables)
            assert problems == [] and remembered > 20
            for table_id in ids:
                record = Record.from_dict(await service.record(table_id))
                assert [text for _, text in record.moves] == fresh_bot_moves(
                    record, "greedy", service.bots.seconds
                )

    run(main())
