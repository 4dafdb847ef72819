"""The match service: the one authority between the transports and the games.

`MatchService` puts the parts together and is what the web adapter (`app.py`) and the tests
talk to; each part lives in a module of its own:

- `tables`: the table cache and the per-table locks (every change is made under its lock);
- `lobby`: creating, listing and summarising tables, finished tables' records;
- `seating`: seats and their tokens (join, leave, away and back);
- `moves`: the one way a move gets in, with its checks in a fixed order;
- `chat` and `rematch`;
- `players` (who a browser is, claims, sign-in, profiles) and `rater` (the ratings of
  finished games, `ratings.py` their arithmetic);
- `render`: the outgoing messages (`protocol`'s typed models) built from a table;
- `events`: how a stored change reaches the connections, of this process and (with Redis)
  of every other process of the site;
- `scheduler`: the bots, turn clocks and patience timers, and `leases`: which process
  drives them;
- `life`: what happens at a table whose player is silent too long, and the idle tables
  abandoned.

The truth is the database: a change is stored before anyone is told, and a move that another
process stored first (the moves' primary key refuses the second) marks the cached table
stale, so several server processes can share one database. With `redis_url` they do: the
fan-out is `RedisEvents` and the leases are `DatabaseLeases` (PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Callable

from kibitz.server import logs, protocol
from kibitz.server.bot_tables import BotTables
from kibitz.server.bots import BotRunner
from kibitz.server.chat import Chat
from kibitz.server.config import Limits
from kibitz.server.errors import ServiceError
from kibitz.server.events import Listener, RedisEvents, TableEvents
from kibitz.server.gamelogs import table_log
from kibitz.server.leases import DatabaseLeases, Leases
from kibitz.server.life import TableLife
from kibitz.server.lobby import Created, Lobby
from kibitz.server.moves import Moves
from kibitz.server.player_store import PlayerStore
from kibitz.server.players import Player, Players
from kibitz.server.rater import Rater
from kibitz.server.rematch import Rematches
from kibitz.server.render import state_message
from kibitz.server.scheduler import Scheduler
from kibitz.server.seating import Seated, Seating, SeatSpec
from kibitz.server.store import MoveRow, Store
from kibitz.server.tables import LiveTable, TableCache

__all__ = ["Created", "LiveTable", "MatchService", "Player", "SeatSpec", "Seated"]


class MatchService:
    """Tables, seats, moves, bots, turn clocks, chat and rematches."""

    def __init__(
        self,
        store: Store,
        bots: BotRunner,
        limits: Limits | None = None,
        *,
        redis_url: str | None = None,
        redis_prefix: str = "kibitz:",
        lease_seconds: float = 4.0,
    ) -> None:
        self.store = store
        self.bots = bots
        self.limits = limits or Limits()
        self.tables = TableCache(store, self.limits)
        self.tables.shared = redis_url is not None
        self.events: TableEvents
        self.leases: Leases
        if redis_url is None:
            self.events = TableEvents()
            self.leases = Leases(store)
        else:
            self.events = RedisEvents(redis_url, self.tables, self._schedule, redis_prefix)
            self.leases = DatabaseLeases(store, lease_seconds)
        self.seating = Seating(self.tables, self.limits, self._changed)
        self.rater = Rater(self.tables, PlayerStore(store.database))
        self.players = Players(self.rater.store, self.limits, self.seating.renamed)
        self.moves = Moves(self.tables, self.seating, self._moved, self._changed, self.rater.rate)
        self.bot_tables = BotTables(self.limits.bot_tables_per_ip)
        self.scheduler = Scheduler(
            self.tables,
            bots,
            self.moves,
            self.seating,
            self._changed,
            leases=self.leases,
            owner=self.bot_tables.owner,
        )
        self.tables.busy = self.scheduler.busy
        self.tables.refreshed = self._followed
        self.lobby = Lobby(self.tables, self.leases.claim, self.scheduler.schedule)
        self.chats = Chat(self.tables, self.limits, self.events)
        self.rematches = Rematches(self.tables, self.lobby, self.seating, self._changed)
        self.life = TableLife(
            self.tables,
            self.seating,
            self._changed,
            self.leases.claim,
            lambda: self.events.presence.everywhere().keys(),
        )
        # The service's calls, one part each.
        self.create_table = self.lobby.create
        self.table = self.lobby.table
        self.list_tables = self.lobby.list
        self.summary = self.lobby.summary
        self.record = self.lobby.record
        self.seat_of = self.seating.seat_of
        self.join = self.seating.join
        self.leave = self.seating.leave
        self.present = self.seating.present
        self.act = self.moves.act
        self.chat = self.chats.say
        self.spectator_chat = self.chats.say_as_spectator
        self.chat_lines = self.chats.lines
        self.recent_chat = self.chats.recent
        self.rematch = self.rematches.rematch
        self.decide = self.life.decide
        self.back = self.life.back
        self.render_state = state_message

    @property
    def listeners(self) -> list[Listener]:
        return self.events.listeners

    def _changed(self, table: LiveTable) -> None:
        """After a stored change (with the table's lock held): tell the connections, then
        start what must play on."""
        self.events.state_changed(table)
        self.scheduler.schedule(table)

    def _moved(self, table: LiveTable, move: MoveRow) -> None:
        """After a stored move and nothing else (with the table's lock held)."""
        self.events.moved(table, move)
        self.scheduler.schedule(table)

    def _followed(self, table: LiveTable) -> None:
        """After a stale table was read again and had changed (with the table's lock held)."""
        self.events.tell(table, None)
        self.scheduler.schedule(table)

    def _schedule(self, table: LiveTable) -> None:
        """After the fan-out applied another process's change and told the connections
        (with the table's lock held, or nobody holding or awaiting it): start the bots and
        clocks this process drives."""
        self.scheduler.schedule(table)

    async def resume(self) -> int:
        """Rate the finished tables not rated yet (`Rater.catch_up`), start hearing the other
        processes, and drive the tables this process holds the leases of: each unfinished
        table that plays on by itself (a bot seat or a turn clock) is loaded from its stored
        record and its bots and clocks restart; and start sweeping idle tables (`life.py`).
        Returns how many tables were resumed. Other tables are loaded when a player comes
        back to them."""
        rated = await self.rater.catch_up()
        await self.events.start()
        resumed = 0

        async def gained(table_ids: list[str]) -> None:
            nonlocal resumed
            for table_id in table_ids:
                try:
                    async with self.tables.hold(table_id):
                        table = self.tables.get(table_id)
                        if table is None:
                            table = await self.tables.load(table_id)
                        elif await self.tables.refresh(table):  # its last driver's moves
                            self.events.tell(table, None)
                        self.scheduler.schedule(table)
                    resumed += 1
                except ServiceError:
                    logs.error("table.resume_failed", table=table_id)

        await self.leases.start(gained, self.scheduler.drop)
        self.life.start()
        logs.event("server.resumed", tables=resumed, rated=rated)
        return resumed

    async def close(self) -> None:
        await self.life.close()
        await self.scheduler.close()
        await self.leases.close()
        await self.events.close()

    async def notify(self, table_id: str) -> None:
        """Send every connection at the table its state again (after a presence change:
        the seats' `connected` flags)."""
        async with self.tables.hold(table_id):
            self.events.presence_changed(await self.tables.load(table_id))

    async def deliver(self, table_id: str, send: Callable[[LiveTable], None]) -> None:
        """Run `send(table)` under the table's lock, so it sees no half-made change and its
        message is queued in order with the table's other messages."""
        async with self.tables.hold(table_id):
            send(await self.tables.load(table_id))

    async def is_over(self, table_id: str) -> bool:
        """Whether nothing more is played at the table: its game is over, it was abandoned,
        or it is gone."""
        try:
            return (await self.table(table_id)).row.ended
        except ServiceError:
            return True

    async def welcome(
        self, table_id: str, seat: int | None, request: int | str | None
    ) -> protocol.WelcomeMessage:
        """The `welcome` for a connection that is now at the table (at `seat`)."""
        chat, spectator_chat = await self.recent_chat(table_id)
        async with self.tables.hold(table_id):
            log = list(table_log(await self.tables.load(table_id)).entries)
        return protocol.WelcomeMessage(
            id=request,
            table=table_id,
            seat=seat,
            chat=chat,
            spectator_chat=spectator_chat,
            log=log,
        )
