"""The toy fifth game (tests/toy), registered only while the test runs, in the browser: the
lobby and the rules menu list it from its spec (title, order, its option's choices), and a
table of it plays to the end on the generic board, as its spec names no board module."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from toy import NAME, registered

from .conftest import Server, new_page
from .helpers import check_end, create_table, play_to_end

TITLES = "label.game-choice strong"


def test_the_lobby_offers_a_game_declared_only_by_its_spec(
    browser: Any, server: Server, screenshots: Path
) -> None:
    with registered():
        page = new_page(browser, server)
        try:
            page.goto(server.url + "/#/")
            page.wait_for_selector(f"input[name=game][value='{NAME}']")
            titles = page.locator(TITLES).all_inner_texts()
            assert titles == ["Goxeso", "X bere!", "Kozel", "6 nimmt!", "High card"]
            page.check(f"input[name=game][value='{NAME}']")
            assert page.locator("select[name=deck] option").all_text_contents() == ["5", "7"]
            menu = page.locator("details.menu .menu-items a").all_text_contents()
            assert menu[-1] == "High card"
            page.screenshot(path=str(screenshots / "toy-lobby.png"))

            table = create_table(page, server.url, NAME, ["you", "bot:easy"], {"deck": "7"})
            assert page.locator(".generic-board").count() == 1
            page.screenshot(path=str(screenshots / "toy-table.png"))
            assert play_to_end(page, random.Random(5)) == 3
            record = check_end(page, server, table)
            assert record["game"] == NAME and record["options"] == {"deck": 7}
        finally:
            page.context.close()
        assert not page.errors, page.errors

    page = new_page(browser, server)
    try:
        page.goto(server.url + "/#/")
        page.wait_for_selector("input[name=game][value='goxeso']")
        assert "High card" not in page.locator(TITLES).all_inner_texts()
    finally:
        page.context.close()
