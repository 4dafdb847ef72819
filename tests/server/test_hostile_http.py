"""Hostile REST requests get a documented error, never a 500; every answer carries the
security headers; the pages run no inline script; /docs needs no CDN."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kibitz.server import Limits
from kibitz.server.http_guard import CONTENT_SECURITY_POLICY

from .support import a_bug, app_client

STATIC = Path(__file__).parents[2] / "src" / "kibitz" / "server" / "static"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path, Limits(tables_per_minute=1000, requests_per_minute=100000)) as made:
        yield made


def error_of(response: object) -> dict[str, str]:
    """The documented error of an answer (and nothing else in its body)."""
    body = response.json()  # type: ignore[attr-defined]
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    error: dict[str, str] = body["error"]
    return error


@pytest.mark.parametrize("key", ["seed", "players", "setup", "name", "options"])
def test_an_option_named_like_makes_own_arguments_is_an_unknown_option(
    client: TestClient, key: str
) -> None:
    created = client.post("/api/tables", json={"game": "xbere", "players": 2, "options": {key: 1}})
    assert created.status_code == 400
    assert error_of(created)["code"] == "bad_options" and key in error_of(created)["message"]
    record = {"game": "xbere", "players": 2, "seed": 1, "options": {key: 1}, "moves": []}
    replayed = client.post("/api/replay", content=json.dumps(record))
    assert replayed.status_code == 400
    assert error_of(replayed)["code"] == "bad_record" and key in error_of(replayed)["message"]


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("[" * 8000 + "]" * 8000, "nested too deeply"),
        ('{"game": "xbere", "players": 2, "seed": ' + "7" * 5000 + "}", "number too long"),
        ('{"game": "xbere", "players": ' + "9" * 4000 + ', "seed": 1}', "cannot start"),
        ('{"game": "xbere", "players": 2, "seed": 1, "moves": [[1e999, "x"]]}', "move 1"),
        (b"\xff\xfe{", "UTF-8"),
    ],
)
def test_unreadable_records_are_bad_records(
    client: TestClient, body: str | bytes, said: str
) -> None:
    answer = client.post("/api/replay", content=body)
    assert answer.status_code == 400, answer.text
    assert error_of(answer)["code"] == "bad_record" and said in error_of(answer)["message"]


def test_errors_of_routing_and_parsing_have_the_documented_shape(client: TestClient) -> None:
    missing = client.get("/api/no/such/path")
    assert missing.status_code == 404 and error_of(missing)["code"] == "not_found"
    wrong = client.delete("/api/tables")
    assert wrong.status_code == 405 and error_of(wrong)["code"] == "bad_method"
    assert "GET" in wrong.headers["allow"]
    garbled = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert garbled.status_code == 400 and error_of(garbled)["code"] == "bad_message"
    static = client.get("/static/js/no-such-module.js")
    assert static.status_code == 404 and error_of(static)["code"] == "not_found"


def test_a_bug_answers_internal_in_the_documented_shape(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    monkeypatch.setattr(service, "list_tables", a_bug)
    answer = client.get("/api/tables")
    assert answer.status_code == 500 and error_of(answer)["code"] == "internal"
    assert "a bug" not in answer.text


def test_a_chunked_body_over_the_limit_gets_413(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(30):
            yield b"x" * 1024

    answer = client.post("/api/tables", content=chunks())
    assert answer.status_code == 413 and error_of(answer)["code"] == "too_large"
    small = client.post(
        "/api/tables",
        content=iter([b'{"game": "xbere",', b' "players": 2}']),
        headers={"content-type": "application/json"},
    )
    assert small.status_code == 201, small.text


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/games", "/static/js/main.js", "/docs", "/api/nothing"):
        headers = client.get(path).headers
        assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY, path
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
    assert "script-src 'self';" in CONTENT_SECURITY_POLICY  # no 'unsafe-inline', no CDN


def test_pages_hold_no_inline_script() -> None:
    pages = sorted(STATIC.rglob("*.html"))
    assert pages
    for page in pages:
        html = page.read_text()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (page, tag)
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), page  # no code in tags
        assert not re.search(r"\son[a-z]+\s*=", html), page  # no onclick=... handlers
        assert "javascript:" not in html and "<style" not in html and "style=" not in html


def test_api_docs_come_from_the_server_itself(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(s.startswith("/") and not s.startswith("//") for s in sources)
    for source in sources:
        assert client.get(source).status_code == 200, source
    assert "SwaggerUIBundle" in client.get("/docs/swagger-ui-bundle.js").text
    assert client.get("/docs/index.html").status_code == 404  # only the files the page uses
    assert client.get("/redoc").status_code == 404


def test_documented_limits_are_the_codes() -> None:
    """docs/protocol.md's Limits section states the defaults of `Limits`, bursts included."""
    limits = Limits()
    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    section = " ".join(doc.split("## Limits", 1)[1].split("\n## ", 1)[0].split())
    for fact in (
        f"{limits.messages_per_second:g} messages a second (bursts of {limits.message_burst})",
        f"messages up to {limits.max_message_bytes // 1024} KiB ({limits.max_message_bytes} "
        "bytes of UTF-8",
        f"{limits.max_connections_per_ip} open WebSockets",
        f"{limits.connects_per_minute} new ones a minute",
        f"{limits.requests_per_minute} REST requests a minute ({limits.requests_per_minute // 4} "
        "at once)",
        f"{limits.tables_per_minute} new tables a minute ({limits.tables_per_minute // 4} at once)",
        f"{limits.http_connections_per_ip} other HTTP connections",
        f"({limits.send_queue} waiting, or one waiting {limits.send_timeout:g} s)",
        f"a whole request within {limits.request_timeout:g} s",
        f"silent for {limits.ws_idle_timeout:g} s",
    ):
        assert fact in section, fact
