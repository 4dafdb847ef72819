"""Each game, from the lobby to the end screen, played by clicking highlighted legal moves
against random bots; the end screen must match the server's record."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import new_page
from .helpers import check_end, create_table, play_to_end

GAMES = {
    "xbere": (["you", "bot:random", "bot:random"], {"hand_size": "5"}),
    "6nimmt": (["you", "bot:random", "bot:random"], {"rounds": "1"}),
    "goxeso": (["you", "bot:random"], {"size": "4"}),
    "kozel": (["you", "bot:random", "bot:random", "bot:random"], {"series": False}),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_play_a_whole_game(browser: Any, server: Any, screenshots: Any, game: str) -> None:
    page = new_page(browser, server)
    seats, options = GAMES[game]
    table = create_table(page, server.url, game, seats, options)
    rng = random.Random(game)

    def shoot(clicks: int) -> None:
        if clicks == 6:
            page.screenshot(path=str(screenshots / f"{game}-mid.png"), full_page=True)

    clicks = play_to_end(page, rng, on_step=shoot)
    assert clicks >= 3
    check_end(page, server, table)
    page.wait_for_timeout(500)  # the end panel's entrance
    page.screenshot(path=str(screenshots / f"{game}-end.png"), full_page=True)
    assert not page.errors, page.errors
    page.context.close()
