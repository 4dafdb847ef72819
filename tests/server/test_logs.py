"""The server's log lines: readable text by default, JSON lines with --log-format json."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator

import pytest

from kibitz.server import logs


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    """What the server's logger writes, after `logs.setup`, read from a string."""
    log = logging.getLogger("kibitz.server")
    saved = (log.handlers[:], log.level, log.propagate)
    out = io.StringIO()
    try:
        yield out
    finally:
        log.handlers[:], log.level, log.propagate = saved


def _setup(out: io.StringIO, log_format: str) -> None:
    logs.setup(logging.INFO, log_format)
    logging.getLogger("kibitz.server").handlers[0].setStream(out)  # type: ignore[attr-defined]


def test_text_is_one_readable_line_per_event(captured: io.StringIO) -> None:
    _setup(captured, "text")
    logs.event("table.created", table="Xy3_aB9k", game="xbere", players=2)
    logs.event("table.over", table="Xy3_aB9k", result={"winners": [1]})
    logging.getLogger("kibitz.server").info("Uvicorn running on http://127.0.0.1:8000")
    first, second, third = captured.getvalue().splitlines()
    assert third.endswith(" Uvicorn running on http://127.0.0.1:8000")  # others' text as it is
    assert re.fullmatch(r"\d\d:\d\d:\d\d table created  table=Xy3_aB9k game=xbere players=2", first)
    assert second.endswith('table over  table=Xy3_aB9k result={"winners": [1]}')


def test_text_leaves_requests_and_connections_to_level_debug(captured: io.StringIO) -> None:
    _setup(captured, "text")
    logs.event("http.request", method="GET", path="/api/tables", status=200)
    logs.event("ws.open", client="127.0.0.1")
    logs.event("table.started", table="abc")
    assert (
        captured.getvalue().count("\n") == 1 and "table started  table=abc" in captured.getvalue()
    )
    _setup(captured, "json")
    logs.event("http.request", method="GET", path="/api/tables", status=200)
    assert '"event": "http.request"' in captured.getvalue()


def test_text_shows_the_level_and_the_traceback_of_an_error(captured: io.StringIO) -> None:
    _setup(captured, "text")
    try:
        raise RuntimeError("disk full")
    except RuntimeError:
        logs.error("table.store_failed", table="abc")
    lines = captured.getvalue().splitlines()
    assert re.fullmatch(r"\d\d:\d\d:\d\d ERROR table store failed  table=abc", lines[0])
    assert lines[-1] == "    RuntimeError: disk full"


def test_json_format_is_one_object_per_line(captured: io.StringIO) -> None:
    _setup(captured, "json")
    logs.event("player.created", player="Qd8s")
    data = json.loads(captured.getvalue())
    assert data["event"] == "player.created" and data["player"] == "Qd8s"
    assert data["level"] == "info" and isinstance(data["ts"], float)
