"""Rematches: the first player of a finished table to ask creates its rematch (same game,
options, clock and seats; bots stay, each player's seat kept for them), everyone else who
asks gets their seat there in one step.

A player's seat at the rematch is an invited seat whose code only that player's token makes
(`rematch_code`), so nobody else can take it.
"""

from __future__ import annotations

from collections.abc import Callable

from kibitz.server import logs
from kibitz.server.errors import ServiceError
from kibitz.server.lobby import Lobby
from kibitz.server.seating import Seated, Seating, SeatSpec, hash_secret, seat_of
from kibitz.server.tables import LiveTable, TableCache


def rematch_code(token_hash: str) -> str:
    """The invite code of a player's seat at the rematch: only that player's token makes it."""
    return hash_secret("rematch:" + token_hash)[:24]


def rematch_token(token: str) -> str:
    """A player's token at the rematch, made from their token at the finished table (which
    only they know, the database keeping its hash): asking again, after an answer lost with
    a process that died, gives the same seat and token back."""
    return hash_secret("rematch-token:" + token)[:32]


class Rematches:
    def __init__(
        self,
        cache: TableCache,
        lobby: Lobby,
        seating: Seating,
        changed: Callable[[LiveTable], None],
    ) -> None:
        self.cache = cache
        self.lobby = lobby
        self.seating = seating
        self.changed = changed

    async def rematch(self, table_id: str, token: str | None, player: str | None = None) -> Seated:
        """Sit the player `token` (or the signed-in `player`) names down at the rematch of
        the finished table; a player's seat there is theirs too."""
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            seat = seat_of(table, token, player)
            if table.row.status != "over":
                raise ServiceError("no_rematch", "the game is not over yet")
            if table.row.rematch_id is None:
                seats: list[SeatSpec] = []
                for s in table.seats:
                    if s.kind == "bot":
                        seats.append(SeatSpec("bot", s.bot))
                    elif s.kind == "player":
                        seats.append(SeatSpec("invited"))
                    else:
                        seats.append(SeatSpec("open"))
                codes = {
                    s.seat: rematch_code(s.token_hash or "")
                    for s in table.seats
                    if s.kind == "player"
                }
                try:
                    created = await self.lobby.create(
                        table.row.game,
                        table.row.players,
                        table.row.options,
                        seats,
                        clock=table.row.clock,
                        stand_in=table.row.stand_in,
                        patience=table.row.patience,
                        rematch_of=table_id,
                        invite_codes=codes,
                        spectator_chat=table.row.spectator_chat,
                    )
                    table.row.rematch_id = created.table
                    logs.event("table.rematch", table=table_id, rematch=created.table)
                except ServiceError as error:
                    if error.code != "no_rematch":
                        raise
                    await self.cache.refresh_seats(table)  # another process made it
                self.changed(table)
            new_id = table.row.rematch_id
            assert new_id is not None
            held = table.seats[seat]
            nickname = held.nickname or f"seat {seat}"
            code = rematch_code(held.token_hash or "")
        again = rematch_token(token) if token else None
        return await self.seating.join(
            new_id, nickname, seat, code, player=held.player_id, new_token=again
        )
