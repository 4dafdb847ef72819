"""Chat: plain-text lines of the seated players and, where the table allows it (its
`spectator_chat` option, on by default), of signed-in spectators; rate limited per seat or
per spectating player, stored with the table (a spectator's line under `SPECTATOR_SEAT`); the
newest lines are kept in memory for those who (re)connect."""

from __future__ import annotations

import time

from kibitz.server import protocol
from kibitz.server.config import Limits
from kibitz.server.errors import ServiceError
from kibitz.server.events import TableEvents
from kibitz.server.ratelimit import TokenBucket
from kibitz.server.render import chat_message
from kibitz.server.seating import seat_of
from kibitz.server.store import SPECTATOR_SEAT, ChatRow
from kibitz.server.tables import LiveTable, TableCache
from kibitz.server.text import clean_text


class Chat:
    def __init__(self, cache: TableCache, limits: Limits, events: TableEvents) -> None:
        self.cache = cache
        self.store = cache.store
        self.limits = limits
        self.events = events

    async def say(
        self, table_id: str, token: str | None, text: str, player: str | None = None
    ) -> protocol.ChatMessage:
        """Post a chat line for the seat `token` (or the player `player`) holds; everyone at
        the table hears it."""
        text = clean_text(text, self.limits.chat_length, "bad_text")
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            seat = seat_of(table, token, player)
            nickname = table.seats[seat].nickname or f"seat {seat}"
            return await self._post(table, seat, seat, nickname, text)

    async def say_as_spectator(
        self, table_id: str, player: str, nickname: str, text: str
    ) -> protocol.ChatMessage:
        """Post a chat line for the signed-in `player` who watches the table without a seat,
        if the table lets spectators chat (`no_spectator_chat` otherwise)."""
        text = clean_text(text, self.limits.chat_length, "bad_text")
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            if not table.row.spectator_chat:
                raise ServiceError("no_spectator_chat")
            return await self._post(table, player, SPECTATOR_SEAT, nickname, text)

    async def _post(
        self, table: LiveTable, speaker: int | str, seat: int, nickname: str, text: str
    ) -> protocol.ChatMessage:
        """Store and tell a line, if `speaker` (a seat, or a spectator's player id) has not
        used up its rate (with the table's lock held)."""
        bucket = table.chat_limits.get(speaker)
        if bucket is None:
            bucket = TokenBucket.per_minute(self.limits.chat_per_minute)
            table.chat_limits[speaker] = bucket
        if not bucket.take():
            raise ServiceError("rate_limited", "too many chat lines; wait a little")
        line = ChatRow(seat, nickname, text, time.time())
        await self.store.add_chat(table.id, line)
        table.chat.append(line)
        message = chat_message(table.id, line)
        self.events.said(table, message)
        return message

    async def lines(self, table_id: str, limit: int = 1000) -> list[protocol.ChatMessage]:
        """The table's chat, oldest first (the last `limit` lines, read from the database)."""
        async with self.cache.hold(table_id):
            await self.cache.load(table_id)
        return [chat_message(table_id, line) for line in await self.store.chat(table_id, limit)]

    async def recent(self, table_id: str) -> tuple[list[protocol.ChatMessage], bool]:
        """The table's newest chat lines (at most `RECENT_CHAT`), from memory, and whether
        its spectators may chat."""
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            lines = [chat_message(table_id, line) for line in table.chat]
            return lines, table.row.spectator_chat
