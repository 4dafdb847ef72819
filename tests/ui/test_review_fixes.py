"""Review fixes of issue 13, checked in the browser: an unknown table, a used invite link,
what an invitee and a spectator are not asked to do, the row games' felt and Kozel's legend."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .conftest import new_page
from .helpers import SETTLED, create_table, step


def test_an_unknown_table_shows_one_message(page: Any, server: Any, screenshots: Path) -> None:
    page.goto(f"{server.url}/#/t/nosuchtable1")
    page.wait_for_selector("#table[data-status=missing] #missing")
    assert "no such table" in page.inner_text("#missing").lower()
    assert page.locator("#table .chat-form, #table #players, #table #turn").count() == 0
    page.click("#missing a[href='#/']")
    page.wait_for_selector("#create")
    page.screenshot(path=str(screenshots / "unknown-table-desktop.png"))


def test_a_used_invite_link_says_the_seat_is_taken(browser: Any, server: Any) -> None:
    host = new_page(browser, server)
    create_table(host, server.url, "xbere", ["you", "invited"], {"hand_size": "4"})
    assert "Send the invite link" in host.inner_text("#turn")
    link = host.locator(".invite-link").first.input_value()
    guest = new_page(browser, server)
    guest.goto(link)
    guest.wait_for_selector("#join-invite")
    assert "invite link" not in guest.inner_text("#turn")  # the host's task, not the guest's
    assert guest.locator(".invite-link").count() == 0
    guest.fill("#join-nickname", "Bea")
    guest.click("#join-invite")
    guest.wait_for_selector("#players .player.me[data-seat='1']")
    late = new_page(browser, server, phone=True)
    late.goto(link)
    late.wait_for_selector("#table[data-status=playing] #invite-used")
    assert "taken" in late.inner_text("#invite-used")
    for page in (host, guest, late):
        assert not page.errors, page.errors
        page.context.close()


def test_the_rows_fill_the_felt_and_kozel_explains_its_points(browser: Any, server: Any) -> None:
    page = new_page(browser, server)
    create_table(page, server.url, "xbere", ["you", "bot:random"], {})
    page.wait_for_function(SETTLED)
    felt = page.locator(".felt").bounding_box()
    row = page.locator(".row[data-row='3'] .slots").bounding_box()  # the longest row: 5 slots
    card = page.locator(".row[data-row='1'] .slot").first.bounding_box()
    assert card["width"] >= 80 and row["width"] > felt["width"] * 0.5, (card, row, felt)
    rng = random.Random(1)
    while page.locator(".reveal figure").count() == 0:
        step(page, rng)
    page.wait_for_function(SETTLED)
    opacity = page.evaluate(
        "() => getComputedStyle(document.querySelector('.reveal figure')).opacity"
    )
    assert opacity == "1"
    create_table(page, server.url, "kozel", ["you"] + ["bot:random"] * 3, {"series": False})
    page.wait_for_selector("#kz-legend")
    assert "A 11, 10 10, K 4" in page.inner_text("#kz-legend")
    assert not page.errors, page.errors
    page.context.close()
