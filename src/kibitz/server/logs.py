"""The server's logs on stderr, one line per table or request event: readable text for a
terminal (the default: `14:05:03 table created  table=Xy3_aB9k game=xbere players=2`), or
one JSON object per line (`kibitz serve --log-format json`) for a log collector.

Logs stay on the server; still, no move text, token or seed is ever logged, so a log line
can be shown to anyone.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

logger = logging.getLogger("kibitz.server")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if fields:
            data.update(fields)
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """One line a person reads: the local time, the event in words, then its fields; an
    error's traceback follows on indented lines."""

    def format(self, record: logging.LogRecord) -> str:
        when = time.strftime("%H:%M:%S", time.localtime(record.created))
        fields = getattr(record, "fields", None)
        words = record.getMessage()
        if fields is not None:  # an event of ours, named like table.store_failed
            words = words.replace(".", " ").replace("_", " ")
        level = "" if record.levelno == logging.INFO else f"{record.levelname} "
        fields = fields or {}
        shown = " ".join(f"{key}={_text(value)}" for key, value in fields.items())
        line = f"{when} {level}{words}" + (f"  {shown}" if shown else "")
        if record.exc_info:
            trace = self.formatException(record.exc_info)
            line += "\n" + "\n".join("    " + part for part in trace.splitlines())
        return line


def _text(value: Any) -> str:
    """A field's value on a text line: plain words as they are, anything else as JSON."""
    if isinstance(value, str) and value and not any(c.isspace() or c == '"' for c in value):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)


FORMATS = {"text": TextFormatter, "json": JsonFormatter}
"""`kibitz serve --log-format` choices."""

TRAFFIC = ("http.", "ws.")
"""Events of every request and connection (the lobby asks every few seconds): the text log
shows them only at level debug, so that a terminal shows what happens at the tables."""


def _not_traffic(record: logging.LogRecord) -> bool:
    return record.levelno > logging.INFO or not record.getMessage().startswith(TRAFFIC)


def setup(level: int = logging.INFO, log_format: str = "text") -> None:
    """Send the server's logs (and uvicorn's own errors) to stderr, as readable lines
    (`text`: table, player and server events; requests and connections too at level debug)
    or JSON lines (`json`: everything)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(FORMATS[log_format]())
    if log_format == "text" and level > logging.DEBUG:
        handler.addFilter(_not_traffic)
    for name in ("kibitz.server", "uvicorn.error"):
        log = logging.getLogger(name)
        log.handlers[:] = [handler]
        log.setLevel(level)
        log.propagate = False


def event(name: str, level: int = logging.INFO, **fields: Any) -> None:
    """Log one table or request event with its fields."""
    if logger.isEnabledFor(level):
        logger.log(level, name, extra={"fields": fields})


def error(name: str, **fields: Any) -> None:
    logger.error(name, extra={"fields": fields}, exc_info=True)


def now() -> float:
    return time.time()
