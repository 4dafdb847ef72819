"""Message rendering: a table's outgoing messages (the typed models of `protocol`) and its
public summary, built from the live table and nothing else.

A `state` carries the table's public facts and exactly `game.view(seat)`; this is the one
place that decides what a connection sees, so a view for a seat goes only where
`state_message` is asked for it (the hub asks with the connection's own seat).
"""

from __future__ import annotations

import time
from collections.abc import Collection, Iterable
from typing import Any

from kibitz.server import protocol
from kibitz.server.gamelogs import log_part
from kibitz.server.store import SPECTATOR_SEAT, ChatRow, SeatRow, TableRow
from kibitz.server.tables import LiveTable


def state_message(
    table: LiveTable, seat: int | None, connected: Collection[int] = ()
) -> protocol.StateMessage:
    """The `state` message for a connection at `seat` (None: a spectator): the table's
    public facts and `game.view(seat)`, nothing else."""
    return state_messages(table, (seat,), connected)[seat]


def state_messages(
    table: LiveTable, seats: Iterable[int | None], connected: Collection[int] = ()
) -> dict[int | None, protocol.StateMessage]:
    """The `state` message of each of `seats` (the public part is built once for all)."""
    row = table.row
    now = time.time()
    clock: protocol.ClockInfo | None = None
    if row.clock is not None:
        clock = protocol.ClockInfo(
            seconds=row.clock,
            remaining={
                str(s): round(max(0.0, since + row.clock - now), 1)
                for s, since in sorted(table.turn_since.items())
                if table.seats[s].kind != "bot" and not table.seats[s].away
            },
        )
    patience: protocol.PatienceInfo | None = None
    if row.patience is not None and row.clock is None and row.status == "playing":
        patience = protocol.PatienceInfo(
            seconds=row.patience,
            remaining={
                str(s): round(max(0.0, end - now), 1)
                for s, end in sorted(table.patience_ends().items())
            },
        )
    public = [public_seat(s, s.seat in connected) for s in table.seats]
    log = log_part(table)
    return {
        seat: protocol.StateMessage(
            table=row.id,
            game=row.game,
            version=table.game.version,
            status=row.status,  # type: ignore[arg-type]
            seat=seat,
            seats=public,
            clock=clock,
            rematch=row.rematch_id,
            view=table.game.view(seat),
            log=log,
            patience=patience,
        )
        for seat in seats
    }


def public_seat(s: SeatRow, connected: bool) -> protocol.SeatInfo:
    return protocol.SeatInfo(
        seat=s.seat,
        kind=s.kind,  # type: ignore[arg-type]
        nickname=s.nickname,
        bot=s.bot,
        player=s.player_id,
        away=s.away,
        connected=connected or s.kind == "bot",
    )


def chat_message(table_id: str, line: ChatRow) -> protocol.ChatMessage:
    seat = None if line.seat == SPECTATOR_SEAT else line.seat
    return protocol.ChatMessage(
        table=table_id, seat=seat, nickname=line.nickname, text=line.text, at=line.at
    )


def summary(row: TableRow, seats: Iterable[SeatRow], moves: int) -> dict[str, Any]:
    """A table's public summary (the lobby's REST answers): no seed, token or view."""
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "version": moves,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "nickname": s.nickname,
                "bot": s.bot,
                "player": s.player_id,
            }
            for s in seats
        ],
        "clock": row.clock,
        "stand_in": row.stand_in,
        "patience": row.patience,
        "abandoned_at": row.abandoned_at,
        "spectator_chat": row.spectator_chat,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "rematch_of": row.rematch_of,
        "rematch": row.rematch_id,
        "result": row.result,
    }
