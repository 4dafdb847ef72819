"""The game log of a live table (`kibitz.core.gamelog`), kept beside its game and brought
up to date when a message needs it: connections get it whole in `welcome` and the entries of
each move in its `state`. The log is built from spectator views, so every connection gets
the same one."""

from __future__ import annotations

from kibitz.core.gamelog import GameLog
from kibitz.server import protocol
from kibitz.server.tables import LiveTable


def table_log(table: LiveTable) -> GameLog:
    """The table's log with every move of its game (call it with the table's lock held)."""
    if table.log is None:
        table.log = GameLog(table.game)
    table.log.follow(table.game)
    return table.log


def log_part(table: LiveTable) -> protocol.LogPart:
    """The entries the table's last move added, and where they start in the log (all of
    them before the first move)."""
    log = table_log(table)
    since = log.since(table.game.version - 1) if table.game.version else 0
    return protocol.LogPart(since=since, entries=log.entries[since:])
