"""Spectators chat in the browser where the table allows it (the lobby's "Spectators may
chat", on by default): their lines are marked; at a table without it they get no chat form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import new_page
from .helpers import create_table


def become_player(page: Any, base: str, nickname: str) -> None:
    """The lobby's first-visit form: choose a nickname."""
    page.goto(base + "/#/")
    page.fill("#nickname", nickname)
    page.click("#start")
    page.wait_for_selector("#playing-as")


def test_spectators_chat_where_the_table_allows_it(
    browser: Any, server: Any, screenshots: Path
) -> None:
    host = new_page(browser, server)
    table = create_table(host, server.url, "xbere", ["you", "open"], {}, nickname="Ada")
    watcher = new_page(browser, server, phone=True)
    become_player(watcher, server.url, "Vera")
    watcher.goto(f"{server.url}/#/t/{table}")
    watcher.wait_for_selector("#table[data-status=waiting] .chat-form:not([hidden])")
    assert "spectator" in watcher.get_attribute(".chat-form input", "placeholder")
    watcher.fill(".chat-form input", "good luck")
    watcher.click(".chat-form button")
    line = "#chat-log li.spectator:has-text('good luck')"
    host.wait_for_selector(line)
    assert "Vera" in host.inner_text(line) and "spectator" in host.inner_text(line)
    host.fill(".chat-form input", "thanks")
    host.click(".chat-form button")
    watcher.wait_for_selector("#chat-log li:not(.spectator):has-text('thanks')")
    watcher.screenshot(path=str(screenshots / "spectator-chat-phone.png"), full_page=True)
    host.screenshot(path=str(screenshots / "spectator-chat-desktop.png"))
    # A visitor who is nobody's player is told how to chat.
    stranger = new_page(browser, server)
    stranger.goto(f"{server.url}/#/t/{table}")
    stranger.wait_for_selector("#table[data-status=waiting] .chat-note:not([hidden])")
    assert stranger.locator(".chat-form[hidden]").count() == 1
    # A table made without spectator chat (the lobby's box unticked): no form, no note.
    quiet = create_table(host, server.url, "xbere", ["you", "open"], {"spectator_chat": False})
    watcher.goto(f"{server.url}/#/t/{quiet}")
    watcher.wait_for_selector(f"#table[data-table='{quiet}'][data-status=waiting]")
    watcher.wait_for_selector(".chat-form[hidden]", state="attached")
    assert watcher.locator(".chat-note[hidden]").count() == 1
    for page in (host, watcher, stranger):
        assert not page.errors, page.errors
        page.context.close()
