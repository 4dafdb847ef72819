"""End-to-end fixtures: a real kibitz server (uvicorn in a thread, temp SQLite database, on a
free loopback port) and Debian's chromium driven by Playwright. In CI (`CI=true`) a missing
browser or Playwright fails the tests; elsewhere it skips them."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("KIBITZ_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
SPEED = "0.03"
"""Animation speed factor for the tests (localStorage `kibitz.speed`): short but not zero."""


def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"the UI tests need a browser in CI: {reason}")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """`kibitz`'s app served by uvicorn in a thread."""

    def __init__(self, database: Path) -> None:
        import uvicorn

        from kibitz.server import Limits, Settings, create_app

        limits = Limits(
            requests_per_minute=100000,
            tables_per_minute=1000,
            # Every browser context that sits down makes a player: the whole suite makes many
            # more a minute than a visitor may.
            players_per_minute=1000,
            signins_per_minute=1000,
            connects_per_minute=10000,
            max_connections_per_ip=200,
            messages_per_second=1000.0,
            message_burst=1000,
        )
        settings = Settings(
            database_url=f"sqlite:///{database}",
            limits=limits,
            bot_workers=0,
            bot_seconds=0.2,
        )
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            create_app(settings),
            host="127.0.0.1",
            port=self.port,
            log_config=None,
            access_log=False,
            lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the kibitz server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def get(self, path: str) -> Any:
        import httpx

        response = httpx.get(self.url + path, timeout=10)
        response.raise_for_status()
        return response.json()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    pytest.importorskip("uvicorn")
    running = Server(tmp_path_factory.mktemp("ui") / "kibitz.sqlite3")
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python is not installed (pip install playwright)")
    if not CHROMIUM.exists():
        _missing(f"no browser at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS
        )
        try:
            yield launched
        finally:
            launched.close()


def new_page(browser: Any, server: Server, *, lang: str = "en", phone: bool = False) -> Any:
    """A page in a fresh browser context (its own localStorage), with fast animations."""
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(
        viewport=viewport, locale={"en": "en-US", "cs": "cs-CZ", "ru": "ru-RU"}[lang]
    )
    context.add_init_script(
        "if (!localStorage.getItem('kibitz.speed'))"
        f" localStorage.setItem('kibitz.speed', '{SPEED}');"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(  # what the server's Content-Security-Policy blocks is a bug of the pages
        "console",
        lambda message: (
            errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.errors = errors
    page.set_default_timeout(20000)
    return page


@pytest.fixture
def page(browser: Any, server: Server) -> Iterator[Any]:
    made = new_page(browser, server)
    try:
        yield made
    finally:
        made.context.close()
    assert not made.errors, made.errors


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
