"""Table life in the browser: the choice the others get when a player is silent too long
(wait, a stand-in bot, end the table), the away player's "I'm back", and the turn alert in
the tab's title."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import new_page
from .helpers import click_move, on_server, sit, stored

SETUP = {  # X bere!, 2 players: both choose a card at once
    "rows": [[10], [40], [70]],
    "hands": [[5, 12, 20, 33, 45, 51, 64, 80], [7, 15, 25, 38, 47, 58, 75, 90]],
}
YOUR_TURN = "● Your turn \u2013 "
"""The tab title on this player's turn begins so (an en dash)."""
PATIENCE = 4.0
"""Seconds: short enough for a test, long enough to see the panel go after `wait`."""


def fixed_table(server: Any, patience: float | None = PATIENCE) -> str:
    async def work(service: Any) -> str:
        created = await service.create_table("xbere", 2, setup=SETUP, patience=patience)
        return str(created.table)

    return on_server(server, work)


def shoot(page: Any, screenshots: Path, name: str, selector: str) -> None:
    """The page at desktop and phone sizes, scrolled to `selector`."""
    for size, viewport in (("desktop", (1280, 800)), ("phone", (390, 844))):
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.locator(selector).scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / f"{name}-{size}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})


def test_a_silent_player_waited_for_replaced_and_the_table_ended(
    browser: Any, server: Any, screenshots: Path
) -> None:
    table = fixed_table(server)
    ann = new_page(browser, server)
    bob = new_page(browser, server)
    try:
        sit(ann, server.url, table, 0, "Ann")
        sit(bob, server.url, table, 1, "Bob")
        click_move(ann, "play 5")
        # Bob stays silent: once the patience has run out, Ann is asked what now.
        ann.wait_for_selector("#life:not([hidden]) #decide-wait")
        assert "Bob: no move for" in ann.inner_text("#life")
        assert bob.locator("#life").is_hidden()  # nobody asks Bob about himself
        shoot(ann, screenshots, "life-choice", "#life")

        ann.click("#decide-wait")  # his patience starts again
        ann.wait_for_selector("#life", state="hidden")
        ann.wait_for_selector("#life:not([hidden]) #decide-stand-in")
        ann.click("#decide-stand-in")
        ann.wait_for_selector("#players .player[data-seat='1'] .tag.warn")  # away
        # Bob's stand-in played his card; his page offers him his seat back.
        bob.wait_for_selector("#life.away #back")
        assert "Sending" not in bob.inner_text("#turn")
        assert "stand-in" in [m.by for m in stored(server, table).moves]
        shoot(bob, screenshots, "life-back", "#life")
        bob.click("#back")
        bob.wait_for_selector("#life", state="hidden")
        assert not stored(server, table).seats[1].away

        # Silent again: Ann plays on (her X row choices too) until the table waits on Bob
        # alone, and then ends the table.
        ann.on("dialog", lambda dialog: dialog.accept())
        for _ in range(20):
            ann.wait_for_function(
                "() => document.querySelector('#life:not([hidden]) #decide-end')"
                " || document.querySelector('#table').dataset.myTurn === '1'",
                timeout=30000,
            )
            if ann.locator("#life:not([hidden]) #decide-end").count():
                break
            click_move(ann, ann.evaluate("() => window.kibitzLegal()[0]"))
        ann.click("#decide-end")
        ann.wait_for_selector("#table[data-status=abandoned]")
        bob.wait_for_selector("#table[data-status=abandoned]")
        assert "abandoned" in ann.inner_text("#turn")
        row = stored(server, table).row
        assert row.status == "abandoned" and not row.rated
        ann.goto(server.url + "/#/")
        ann.wait_for_selector(f"#mine-abandoned [data-table='{table}'] a.replay")
        ann.click("details.options:has(#patience) summary")
        shoot(ann, screenshots, "life-lobby", "#mine-abandoned")
        shoot(ann, screenshots, "life-patience", "#patience")
        assert not ann.locator(f"#tables-playing [data-table='{table}']").count()
        assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
    finally:
        ann.context.close()
        bob.context.close()


def test_the_tab_title_says_whose_turn_it_is(browser: Any, server: Any) -> None:
    table = fixed_table(server, patience=None)
    ann = new_page(browser, server)
    bob = new_page(browser, server)
    try:
        sit(ann, server.url, table, 0, "Ann")
        sit(bob, server.url, table, 1, "Bob")
        ann.wait_for_function(f"() => document.title.startsWith('{YOUR_TURN}')")
        click_move(ann, "play 5")
        # Bob still chooses: not Ann's turn, her title is the table's again.
        ann.wait_for_function(
            "() => !document.title.startsWith('●') && document.title.includes('kibitz')"
        )
        click_move(bob, "play 7")
        ann.wait_for_function(f"() => document.title.startsWith('{YOUR_TURN}')")
        # The sound and notification are the player's choice, kept in this browser.
        assert not ann.is_checked("#alerts")
        ann.check("#alerts")
        ann.reload()
        ann.wait_for_selector("#alerts")
        assert ann.is_checked("#alerts")
        assert ann.evaluate("localStorage.getItem('kibitz.alerts')") == "1"
        assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
    finally:
        ann.context.close()
        bob.context.close()
