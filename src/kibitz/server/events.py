"""Table events: how a stored change reaches the connections that watch the table.

The match service calls `state_changed(table)` (each connection then needs its own `state`)
or `said(table, message)` (one public message for everyone at the table, a chat line), always
under the table's lock and only after the database has the change, so listeners see the
changes of a table one at a time and in the order they were stored.

Today the listeners are this process's own (the WebSocket hub). The fan-out between
processes (issue 12: Redis pub/sub) belongs here and nowhere else: an implementation with
these same two calls that also publishes each event, with the table's sequence number, for
the hubs of the other processes.
"""

from __future__ import annotations

from collections.abc import Callable

from kibitz.server import logs, protocol
from kibitz.server.tables import LiveTable

Listener = Callable[[LiveTable, protocol.ChatMessage | None], None]
"""Called under the table's lock after each stored change: with None when the table's state
changed (each connection then needs its own view), or with a public message for everyone
at the table (a chat line)."""


class TableEvents:
    """The in-process fan-out: every listener hears every table's events."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def state_changed(self, table: LiveTable) -> None:
        self._tell(table, None)

    def said(self, table: LiveTable, message: protocol.ChatMessage) -> None:
        self._tell(table, message)

    def _tell(self, table: LiveTable, message: protocol.ChatMessage | None) -> None:
        for listener in self.listeners:
            try:
                listener(table, message)
            except Exception:
                logs.error("listener.failed", table=table.id)
