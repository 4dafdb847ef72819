"""Chat: a seated player's plain-text lines, rate limited per seat, stored with the table;
the newest lines are kept in memory for the players who (re)connect."""

from __future__ import annotations

import time

from kibitz.server import protocol
from kibitz.server.config import Limits
from kibitz.server.errors import ServiceError
from kibitz.server.events import TableEvents
from kibitz.server.ratelimit import TokenBucket
from kibitz.server.render import chat_message
from kibitz.server.seating import seat_of
from kibitz.server.store import ChatRow
from kibitz.server.tables import TableCache
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
            bucket = table.chat_limits.get(seat)
            if bucket is None:
                bucket = TokenBucket.per_minute(self.limits.chat_per_minute)
                table.chat_limits[seat] = bucket
            if not bucket.take():
                raise ServiceError("rate_limited", "too many chat lines; wait a little")
            line = ChatRow(seat, table.seats[seat].nickname or f"seat {seat}", text, time.time())
            await self.store.add_chat(table_id, line)
            table.chat.append(line)
            message = chat_message(table_id, line)
            self.events.said(table, message)
            return message

    async def lines(self, table_id: str, limit: int = 1000) -> list[protocol.ChatMessage]:
        """The table's chat, oldest first (the last `limit` lines, read from the database)."""
        async with self.cache.hold(table_id):
            await self.cache.load(table_id)
        return [chat_message(table_id, line) for line in await self.store.chat(table_id, limit)]

    async def recent(self, table_id: str) -> list[protocol.ChatMessage]:
        """The table's newest chat lines (at most `RECENT_CHAT`), from memory."""
        async with self.cache.hold(table_id):
            table = await self.cache.load(table_id)
            return [chat_message(table_id, line) for line in table.chat]
