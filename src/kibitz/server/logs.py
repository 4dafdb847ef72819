"""Structured logs: one JSON object per line on stderr, for requests and table events.

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


def setup(level: int = logging.INFO) -> None:
    """Send the server's logs (and uvicorn's own errors) to stderr as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
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
