"""The game log panel and the end panel's account of the scores, in the real browser: the log a
player sees is the server's log of the game (one line per entry), the same after a reload and
for a spectator who arrives late, and in the replay viewer; the end panel says how each score
was made. Screenshots of both panels per game at desktop and phone sizes."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from .conftest import new_page
from .helpers import SETTLED, check_end, create_table, play_to_end, step

GAMES = {
    "xbere": (["you", "bot:random", "bot:random"], {"hand_size": "5", "rounds": "2"}),
    "6nimmt": (["you", "bot:random", "bot:random"], {"rounds": "2"}),
    "goxeso": (["you", "bot:random"], {"size": "4"}),
    "kozel": (["you", "bot:random", "bot:random", "bot:random"], {"series": False}),
}
LINES = "#game-log .log-part, #game-log .log-head, #game-log .log-line"
"""Every entry of the log is one of these elements."""


def wait_lines(page: Any, count: int) -> None:
    page.wait_for_function(f"() => document.querySelectorAll({LINES!r}).length === {count}")


def log_lines(page: Any) -> list[str]:
    texts: list[str] = page.locator(LINES).all_inner_texts()
    return texts


def wait_settled(page: Any) -> None:
    page.wait_for_function(SETTLED)
    page.wait_for_selector("#table[data-settled='1']")


def server_log(server: Any, table: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = server.get(f"/api/tables/{table}/replay")["log"]
    return entries


@pytest.mark.parametrize("game", list(GAMES))
def test_log_after_reload_for_a_late_spectator_and_the_end_panel(
    browser: Any, server: Any, screenshots: Any, game: str
) -> None:
    page = new_page(browser, server)
    seats, options = GAMES[game]
    table = create_table(page, server.url, game, seats, options)
    rng = random.Random(game)
    for _ in range(4):
        assert step(page, rng)
    wait_settled(page)
    during = log_lines(page)
    assert during, "the log is empty after four moves"
    page.screenshot(path=str(screenshots / f"log-{game}-table-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#game-log-panel").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"log-{game}-table-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 900})
    page.reload()
    wait_settled(page)
    assert log_lines(page) == during, "the log changed with a reload"

    play_to_end(page, rng)
    record = check_end(page, server, table)
    assert record["moves"]
    entries = server_log(server, table)
    wait_lines(page, len(entries))
    ended = log_lines(page)
    assert ended[: len(during)] == during, "the log lost its first lines"
    breakdown = page.locator("#end #breakdown")
    assert breakdown.count() == 1, "the end panel does not say how the scores were made"
    if game == "kozel":  # the last trick on demand: its four plays and who took it
        page.click("#last-trick summary")
        assert page.locator("#last-trick li").count() == 5
    for size, phone in (("desktop", False), ("phone", True)):
        if phone:
            page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(300)
        page.locator("#end").screenshot(path=str(screenshots / f"log-{game}-end-{size}.png"))
        page.locator("#game-log-panel").screenshot(
            path=str(screenshots / f"log-{game}-log-{size}.png")
        )

    for lang in ("ru", "cs"):  # every line in words of the language: no text key shows
        late = new_page(browser, server, lang=lang)
        late.goto(f"{server.url}/#/t/{table}")
        late.wait_for_selector("#table[data-status=over]")
        wait_lines(late, len(entries))
        assert late.locator("#end #breakdown").count() == 1
        shown = late.locator("#game-log-panel").inner_text() + late.locator("#end").inner_text()
        assert not re.search(r"\b[a-z]+log\.|log\.\w", shown), shown
        late.locator("#game-log-panel").screenshot(
            path=str(screenshots / f"log-{game}-log-{lang}.png")
        )
        late.locator("#end").screenshot(path=str(screenshots / f"log-{game}-end-{lang}.png"))
        if lang == "ru":
            assert not late.errors, late.errors
            late.context.close()
    late.goto(f"{server.url}/#/replay/{table}")
    late.wait_for_selector("#replay-controls")
    late.click("#replay-last")
    wait_lines(late, len(entries))
    late.click("#replay-first")
    late.click("#replay-next")
    late.wait_for_function(f"() => document.querySelectorAll({LINES!r}).length < {len(entries)}")
    late.click("#replay-next")
    late.wait_for_timeout(300)
    late.screenshot(path=str(screenshots / f"log-{game}-replay-cs.png"))
    assert not late.errors, late.errors
    assert not page.errors, page.errors
    late.context.close()
    page.context.close()


def test_a_spectator_arriving_mid_game_sees_the_whole_log(browser: Any, server: Any) -> None:
    player = new_page(browser, server)
    table = create_table(player, server.url, "xbere", ["you", "bot:random"], {"hand_size": "6"})
    rng = random.Random(3)
    for _ in range(3):
        assert step(player, rng)
    wait_settled(player)
    watcher = new_page(browser, server)
    watcher.goto(f"{server.url}/#/t/{table}")
    watcher.wait_for_selector("#table[data-status=playing]")
    expected = log_lines(player)
    wait_lines(watcher, len(expected))
    assert log_lines(watcher) == expected
    assert step(player, rng)
    wait_settled(player)
    more = log_lines(player)
    wait_lines(watcher, len(more))
    assert log_lines(watcher) == more
    assert not watcher.errors and not player.errors
    watcher.context.close()
    player.context.close()
