"""Driving the pages like a player: create a table from the lobby, play by clicking only what
the page highlights as legal, and read the end screen."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import kibitz

if TYPE_CHECKING:
    from kibitz.server.service import MatchService
    from kibitz.server.store import StoredTable

T = TypeVar("T")

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
    values of the seat selects: `you`, `open`, `invited`, `bot:random`, ... On a first visit
    the player is created with `nickname`; a signed-in page keeps its own."""
    page.goto(base + "/#/")
    page.wait_for_selector("#create")
    if page.locator("#nickname").count():  # a first visit: the nickname makes the player
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


# ------------------------------------------------------------------ fixed deals and the store
#
# The REST API lets nobody fix a deal (a `setup` or `seed`), set a clock under a second or read
# who made each stored move: that would leak or bend a live game. Tests that need a position
# they can name, or the truth as stored, talk to the running server's match service itself,
# on the server's own event loop (the service's locks, bots and clocks live there).


def on_server(server: Any, work: Callable[[MatchService], Awaitable[T]]) -> T:
    """Run `work(service)` on the live server's event loop (uvicorn's thread) and return its
    result."""
    import asyncio

    service: MatchService = server.server.config.app.state.service
    loop = server.server.servers[0].get_loop()

    async def run() -> T:
        return await work(service)

    return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout=20)


def create_fixed_table(
    server: Any,
    game: str,
    seats: list[str],
    options: dict[str, Any] | None = None,
    *,
    setup: dict[str, Any] | None = None,
    seed: int | None = None,
    clock: float | None = None,
    stand_in: str | None = None,
) -> str:
    """A table made by the server's service with a fixed deal (`setup` or `seed`) and, if
    asked, a turn clock and its stand-in bot; returns its id. `seats` as in `create_table`
    (`open`, `invited`, `bot:NAME`); nobody sits yet (see `sit`)."""
    from kibitz.server.service import SeatSpec

    specs = [
        SeatSpec("bot", value[4:]) if value.startswith("bot:") else SeatSpec(value)
        for value in seats
    ]

    async def work(service: MatchService) -> str:
        created = await service.create_table(
            game,
            len(seats),
            options,
            specs,
            clock=clock,
            stand_in=stand_in,
            seed=seed,
            setup=setup,
        )
        return created.table

    return on_server(server, work)


def stored(server: Any, table: str) -> StoredTable:
    """The table as the database holds it now: its row, seats (kind, nickname, away) and
    every move with the seat and who made it (`player`, `bot` or `stand-in`)."""

    async def work(service: MatchService) -> StoredTable:
        found = await service.store.load(table)
        assert found is not None, f"no table {table} in the database"
        return found

    return on_server(server, work)


def sit(page: Any, base: str, table: str, seat: int, nickname: str) -> None:
    """Open the table's page and take `seat` with the join panel, as a visitor would."""
    page.goto(f"{base}/#/t/{table}")
    page.fill("#join-nickname", nickname)
    page.click(f".join-seat[data-seat='{seat}']")
    page.wait_for_selector(f"#players .player.me[data-seat='{seat}']")


def click_move(page: Any, move: str, timeout: float = 20000) -> None:
    """Wait until this page lets its player act and offers `move`, check that the server
    sent it as legal, and click it."""
    button = f"#table[data-my-turn='1'] [data-move='{move}']:not([disabled])"
    page.wait_for_selector(button, timeout=timeout)
    legal = page.evaluate("() => window.kibitzLegal && window.kibitzLegal()")
    assert legal is not None and move in legal, (move, legal)
    page.click(button)
