"""A second tab of a seat: when the seat is given up in the first tab and someone else sits
there, the second tab says the seat is no longer its player's and shows the table as a
spectator sees it (no hand, no Leave, no chat), never the new player's cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import new_page
from .helpers import create_table, sit


def test_a_second_tab_is_told_its_seat_is_gone(
    browser: Any, server: Any, screenshots: Path
) -> None:
    ada = new_page(browser, server)
    table = create_table(ada, server.url, "xbere", ["you", "open"], {"hand_size": "3"})
    bea = new_page(browser, server)
    sit(bea, server.url, table, 1, "Bea")
    second = bea.context.new_page()  # the same browser: the seat's token is there too
    second.goto(f"{server.url}/#/t/{table}")
    second.wait_for_selector("#players .player.me[data-seat='1']")
    second.wait_for_selector("#hand .card-btn")

    bea.once("dialog", lambda dialog: dialog.accept())
    bea.click("#leave")
    second.wait_for_selector("#players .player.me", state="detached")
    assert "no longer yours" in second.inner_text("#table .note")
    second.screenshot(path=str(screenshots / "unseated-desktop.png"), full_page=True)
    second.set_viewport_size({"width": 390, "height": 844})
    second.screenshot(path=str(screenshots / "unseated-phone.png"), full_page=True)

    dan = new_page(browser, server)
    sit(dan, server.url, table, 1, "Dan")
    second.wait_for_selector("#players .player[data-seat='1']:has-text('Dan')")
    assert second.locator("#hand .card-btn").count() == 0
    assert second.locator("#leave").count() == 0
    assert second.evaluate(f"() => localStorage.getItem('kibitz.seat.{table}')") is None
    for page in (ada, bea, dan):
        page.context.close()
