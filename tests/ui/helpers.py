"""Driving the pages like a player: create a table from the lobby, play by clicking only what
the page highlights as legal, and read the end screen."""

from __future__ import annotations

import random
from typing import Any

import kibitz

SETTLED = (
    "() => { const t = document.querySelector('#table');"
    " return t && (t.dataset.status === 'over' || t.dataset.myTurn === '1'); }"
)


def create_table(
    page: Any,
    base: str,
    game: str,
    seats: list[str],
    options: dict[str, str | bool] | None = None,
    *,
    nickname: str = "Ada",
) -> str:
    """Fill the lobby's form and create the table; returns its id. `seats` holds the
    values of the seat selects: `you`, `open`, `invited`, `bot:random`, ..."""
    page.goto(base + "/#/")
    page.fill("#nickname", nickname)
    page.check(f"input[name=game][value='{game}']")
    page.select_option("#players", str(len(seats)))
    for number, value in enumerate(seats):
        page.select_option(f"select[name=seat-{number}]", value)
    if options:
        page.click("details.options summary >> nth=0")
        for name, value in options.items():
            field = page.locator(f"[name={name}]")
            if isinstance(value, bool):
                field.set_checked(value)
            elif field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
    page.click("#create")
    page.wait_for_url("**/#/t/*")
    table: str = page.url.split("#/t/")[1].split("?")[0]
    page.wait_for_selector("#table[data-status]:not([data-status=loading])")
    return table


def step(page: Any, rng: random.Random, timeout: float = 20000) -> bool:
    """Wait until the page is over or lets this player act; then make one random legal choice
    by clicking. Returns False when the game is over."""
    page.wait_for_function(SETTLED, timeout=timeout)
    if page.get_attribute("#table", "data-status") == "over":
        return False
    moves = page.locator("#table [data-move]:not([disabled])")
    count = moves.count()
    if count == 0:
        # Kozel: choose a card first; the buttons for what can be done with it appear.
        cards = page.locator("#hand .card-btn.selectable:not([disabled])")
        assert cards.count() > 0, "my turn, but nothing to click"
        cards.nth(rng.randrange(cards.count())).click()
        return True
    target = moves.nth(rng.randrange(count))
    move = target.get_attribute("data-move")
    legal = page.evaluate("() => window.kibitzLegal && window.kibitzLegal()")
    if legal is not None:
        assert move in legal, (move, legal)
    target.click()
    return True


def play_to_end(page: Any, rng: random.Random, limit: int = 2000, on_step: Any = None) -> int:
    clicks = 0
    while step(page, rng):
        clicks += 1
        if on_step is not None:
            on_step(clicks)
        assert clicks < limit, "the game did not end"
    return clicks


def check_end(page: Any, server: Any, table: str) -> dict[str, Any]:
    """The end screen against the server's record: scores, winners, number of moves."""
    page.wait_for_selector("#end:not([hidden]) #result")
    record = server.get(f"/api/tables/{table}/record")
    outcome = kibitz.replay(kibitz.Record.from_dict(record)).outcome()
    shown = [
        int(cell.get_attribute("data-score")) for cell in page.locator("#result tbody tr").all()
    ]
    assert shown == list(outcome.scores)
    winners = page.get_attribute("#winners", "data-winners") or ""
    assert sorted(int(w) for w in winners.split(",") if w) == sorted(outcome.winners)
    assert int(page.get_attribute("#moves", "data-moves") or -1) == len(record["moves"])
    return record


def try_step(page: Any, rng: random.Random) -> str:
    """Like `step` without waiting: "over", "acted" or "waiting"."""
    if page.evaluate(SETTLED) is not True:
        return "waiting"
    if page.get_attribute("#table", "data-status") == "over":
        return "over"
    step(page, rng)
    return "acted"


def play_together(pages: list[Any], rng: random.Random, limit: int = 2000) -> None:
    """Several players at one table, each acting when their page lets them, to the end."""
    import time

    done: set[int] = set()
    rounds = 0
    while len(done) < len(pages):
        rounds += 1
        assert rounds < limit * 20, "the game did not end"
        acted = False
        for number, page in enumerate(pages):
            if number in done:
                continue
            result = try_step(page, rng)
            if result == "over":
                done.add(number)
            acted = acted or result == "acted"
        if not acted:
            time.sleep(0.03)
