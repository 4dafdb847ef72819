"""Rules and table services played live in the browser, not only in replays or on the server:
a Goxeso swap after a miss and the exchange offers at the end, a Kozel four-of-a-suit takeover,
the turn clock with its stand-in bot, and leaving a seat. Each position is fixed (a setup, or
a seed found by search) so that the moves clicked here are certainly legal and the outcome
known; each test checks what the pages show against what the server stored."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import kibitz

from .conftest import new_page
from .helpers import (
    check_end,
    click_move,
    create_fixed_table,
    create_table,
    sit,
    step,
    stored,
)

# ------------------------------------------------------------------ Goxeso

GOXESO_BOARD = [
    ["1", "2", "3", "1"],
    ["4", "2", "3", "4"],
    ["5", "6", "5", "6"],
    ["7", "7", "J", "J"],
]
"""A 4x4 board (seat 0 starts) on which the moves below lead to the exchange phase: a miss at
b3/c3 swaps a 6 and a 5 so that row 3 reads 5 5 6 6; seat 1 matches the 1s in row 1 and
captures a 2 and a 3 between them; seat 0 does the same in row 2 with the 4s, which blocks the
2s and the 3s for both; the last four pairs lie side by side. The board is then empty and each
player holds a blocked half of 2 and of 3: two trades are possible."""

GOXESO_TURNS = [
    (0, "b3", "c3"),  # miss: 6 and 5 swap
    (1, "a1", "d1"),  # 1s, capturing b1 (2) and c1 (3)
    (0, "a2", "d2"),  # 4s, capturing b2 (2) and c2 (3): 2 and 3 blocked
    (1, "a3", "b3"),  # 5s: b3 holds a 5 only because of the swap
    (0, "c3", "d3"),  # 6s
    (1, "a4", "b4"),  # 7s
    (0, "c4", "d4"),  # jokers
]


def test_goxeso_swap_and_exchange_by_clicking(browser: Any, server: Any, screenshots: Path) -> None:
    """Two players at one live table: a miss swaps the two cards (the page tells it, the
    server's view and the later match prove it), then the exchange phase: an offer declined,
    the other trade offered and accepted, each completing a pair; a declined trade is not
    offered again. The end screen and the stored record must agree."""
    table = create_fixed_table(
        server, "goxeso", ["open", "open"], {"size": 4}, setup={"board": GOXESO_BOARD}
    )
    ada = new_page(browser, server)
    bea = new_page(browser, server)
    sit(ada, server.url, table, 0, "Ada")
    sit(bea, server.url, table, 1, "Bea")
    pages = [ada, bea]

    # The miss: the first card is face up for both players, then both turn back and swap.
    click_move(ada, "flip b3")
    bea.wait_for_selector("#gx-grid [data-cell='b3'].up")
    click_move(ada, "flip c3")
    bea.wait_for_selector("#table[data-my-turn='1']")
    ada.wait_for_selector(".gx-story:has-text('The two cards swap places: b3 ⇄ c3.')")
    assert bea.locator("#gx-grid .gx-cell.up").count() == 0  # nothing stays face up
    last = server.get(f"/api/tables/{table}")["view"]["last_turn"]
    assert (last["result"], last["swap"]) == ("miss", True)
    assert [(f["cell"], f["face"]) for f in last["flips"]] == [("b3", "6"), ("c3", "5")]

    for seat, first, second in GOXESO_TURNS[1:]:
        click_move(pages[seat], f"flip {first}")
        click_move(pages[seat], f"flip {second}")

    # The exchange phase: seat 1 would have played next, so Bea offers first.
    bea.wait_for_selector("#table[data-my-turn='1'] .gx-exchange [data-move]")
    assert bea.evaluate("() => window.kibitzLegal()") == ["offer 0 2 3", "offer 0 3 2", "pass"]
    for page in pages:
        assert page.locator("#gx-grid .gx-empty").count() == 16
        for holder in (0, 1):
            singles = f"#holdings [data-holder='{holder}'] .gx-single.blocked"
            assert page.locator(singles).count() == 2
    click_move(bea, "offer 0 2 3")  # Bea gets Ada's 2 for her 3
    ada.wait_for_selector("#table[data-my-turn='1'] .gx-exchange .ask")
    # `offer 0 2 3`: Bea gives her half of 3 (grapes) for Ada's half of 2 (banana).
    assert ada.inner_text(".gx-exchange .ask").startswith("Bea offers Ada: grapes for banana.")
    assert ada.evaluate("() => window.kibitzLegal()") == ["accept", "decline"]
    ada.screenshot(path=str(screenshots / "goxeso-live-exchange.png"), full_page=True)
    click_move(ada, "decline")
    # Ada plays after the offerer; the declined trade (her `offer 1 3 2`) is gone.
    ada.wait_for_selector("#table[data-my-turn='1'] [data-move='pass']")
    assert ada.evaluate("() => window.kibitzLegal()") == ["offer 1 2 3", "pass"]
    click_move(ada, "offer 1 2 3")  # Ada gets Bea's 2 for her 3
    bea.wait_for_selector("#table[data-my-turn='1'] .gx-exchange .ask")
    assert bea.inner_text(".gx-exchange .ask").startswith("Ada offers Bea: grapes for banana.")
    click_move(bea, "accept")

    record = check_end(ada, server, table)
    check_end(bea, server, table)
    assert ada.get_attribute("#winners", "data-winners") == "0,1"  # 4 pairs each
    assert [tuple(m) for m in record["moves"][-4:]] == [
        (1, "offer 0 2 3"),
        (0, "decline"),
        (0, "offer 1 2 3"),
        (1, "accept"),
    ]
    stored_record = kibitz.Record.from_dict(record)
    holdings = kibitz.replay(stored_record).to_state()["holdings"]
    assert sorted(holdings[0]["pairs"]) == ["2", "4", "6", "J"]
    assert sorted(holdings[1]["pairs"]) == ["1", "3", "5", "7"]
    assert holdings[0]["singles"] == holdings[1]["singles"] == []
    after_the_miss = kibitz.replay(stored_record, until=2).to_state()["board"]
    assert after_the_miss[2] == ["5", "5", "6", "6"]
    for page in pages:
        assert page.locator("#holdings .gx-single").count() == 0
        assert not page.errors, page.errors
        page.context.close()


# ------------------------------------------------------------------ Kozel

KOZEL_HANDS = [
    ["6C", "7C", "8C", "QC"],  # Ada: four clubs
    ["6S", "7H", "8D", "9S"],  # Bea
    ["10S", "JH", "QD", "KS"],
    ["AS", "9H", "10D", "JS"],
]
KOZEL_DEAL = {
    "dealer": 2,  # seat 3 leads the first trick, seat 0 answers first
    "hands": KOZEL_HANDS,
    "stock": [
        f"{rank}{suit}"
        for suit in "SHDC"
        for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
        if f"{rank}{suit}" not in {card for hand in KOZEL_HANDS for card in hand}
    ],
    "trump_card": "KH",
}
"""One deal in which only seat 0 holds four of a suit: whatever the bot at seat 3 leads,
seat 0 may take the first trick over; seat 1 (a player too) then holds the trick still."""


def test_kozel_four_of_a_suit_takeover_by_clicking(
    browser: Any, server: Any, screenshots: Path
) -> None:
    """Ada answers the bot's lead by choosing her four clubs and taking the trick over: the
    lead goes back to its owner (shown as sent back, and as known in that hand), the four
    clubs are the new lead, and the next player answers four cards. The server's view and its
    stored moves must say the same; after the others answer, Ada takes the trick and leads."""
    table = create_fixed_table(
        server,
        "kozel",
        ["open", "open", "bot:random", "bot:random"],
        {"series": False},
        setup=KOZEL_DEAL,
    )
    ada = new_page(browser, server)
    bea = new_page(browser, server)
    sit(ada, server.url, table, 0, "Ada")
    sit(bea, server.url, table, 1, "Bea")

    ada.wait_for_selector("#table[data-my-turn='1']")
    lead = server.get(f"/api/tables/{table}")["view"]["trick"]["plays"][0]
    assert lead["seat"] == 3 and lead["move"] == "lead"
    led: list[str] = lead["cards"]
    assert "take the trick over" in ada.inner_text("#turn")
    four = "four 6C 7C 8C QC"
    assert four in ada.evaluate("() => window.kibitzLegal()")
    for card in ("QC", "6C", "8C", "7C"):
        ada.click(f"#hand .card-btn[data-card='{card}']:not([disabled])")
    assert ada.locator("#kz-actions [data-move]").count() == 1  # only the takeover fits
    click_move(ada, four)

    # Bea must answer the four clubs now; the trick waits for her.
    bea.wait_for_selector("#table[data-my-turn='1']")
    assert all(len(move.split()) == 5 for move in bea.evaluate("() => window.kibitzLegal()"))
    for page in (ada, bea):
        page.wait_for_selector("#trick .kz-play.undone[data-seat='3']")
        assert page.locator("#trick .kz-play.undone").count() == 1
        taker = page.locator("#trick .kz-play:not(.undone)")
        assert taker.count() == 1
        assert taker.get_attribute("data-seat") == "0"
        assert "takes over" in taker.inner_text() and "on top" in taker.inner_text()
        assert taker.locator("svg.card").count() == 4
        assert "takeover used" in page.inner_text(".kz-info")
        assert f"took back: {' '.join(led)}" in page.inner_text(".kz-seat[data-seat='3']")
    assert ada.locator("#hand .card-btn").count() == 0  # all four are on the table
    ada.screenshot(path=str(screenshots / "kozel-live-takeover.png"), full_page=True)

    trick = server.get(f"/api/tables/{table}")["view"]["trick"]
    assert (trick["takeover"], trick["leader"], trick["top"], trick["count"]) == (0, 0, 0, 4)
    assert trick["plays"] == [
        {"seat": 0, "move": "four", "count": 4, "face_up": True, "cards": ["6C", "7C", "8C", "QC"]}
    ]
    assert [(p["seat"], p["cards"]) for p in trick["undone"]] == [(3, led)]
    moves = [(m.seat, m.text, m.by) for m in stored(server, table).moves]
    assert moves == [(3, f"lead {' '.join(led)}", "bot"), (0, four, "player")]

    # Bea discards her four; the bots answer; the four clubs take the trick and Ada leads.
    for card in KOZEL_HANDS[1]:
        bea.click(f"#hand .card-btn[data-card='{card}']:not([disabled])")
    click_move(bea, "discard 6S 7H 8D 9S")
    ada.wait_for_selector("#table[data-my-turn='1']")
    assert "lead" in ada.inner_text("#turn")
    assert ada.locator("#hand .card-btn").count() == 4  # drawn from the stock
    assert ada.inner_text("#teams tr[data-team='0'] td >> nth=0") == "1"
    view = server.get(f"/api/tables/{table}")["view"]
    assert view["tricks"][0]["winner"] == 0 and view["tricks"][0]["takeover"] == 0
    assert view["tricks_won"] == [1, 0] and view["to_act"] == [0]
    for page in (ada, bea):
        assert not page.errors, page.errors
        page.context.close()


# ------------------------------------------------------------------ the turn clock

CLOCK = 3.0
"""Seconds per decision at the clock table: long enough for a test to click a whole turn on
a busy machine, short enough to wait for once."""


def _row(page: Any, seat: int) -> Any:
    return page.locator(f"#players .player[data-seat='{seat}']")


def test_turn_clock_marks_away_a_stand_in_plays_and_the_player_returns(
    browser: Any, server: Any, screenshots: Path
) -> None:
    """A Goxeso table with a short clock and a random stand-in: the clock counts down on the
    pages; Ada lets it run out, both pages mark her away (and stop showing her clock) while the
    stand-in plays her turn, and the server stores those moves as the stand-in's; a chat line
    brings her back, and her next turn is hers again, clicked and stored as a player's."""
    seed = next(
        s for s in range(100) if kibitz.make("goxeso", players=2, seed=s, size=4).to_act() == {0}
    )
    table = create_fixed_table(
        server,
        "goxeso",
        ["open", "open"],
        {"size": 4},
        seed=seed,
        clock=CLOCK,
        stand_in="random",
    )
    ada = new_page(browser, server)
    bea = new_page(browser, server)
    sit(ada, server.url, table, 0, "Ada")
    sit(bea, server.url, table, 1, "Bea")  # the game starts: Ada's clock runs
    for page in (ada, bea):
        page.wait_for_selector("#players .player[data-seat='0'] .clock")
        clock = _row(page, 0).locator(".clock")
        assert clock.inner_text() in ("2s", "3s")
        assert _row(page, 0).locator(".tag.warn").count() == 0
        assert _row(page, 1).locator(".clock").count() == 0  # Bea need not act yet
    # The clock counts down on the page while nothing happens at the table.
    bea.wait_for_function(
        "() => ['1s', '0s'].includes(document.querySelector("
        "\"#players .player[data-seat='0'] .clock\")?.textContent)",
        timeout=CLOCK * 1000,
    )

    # Ada does nothing: she is marked away and the stand-in turns her two cards.
    for page in (ada, bea):
        page.wait_for_selector("#players .player[data-seat='0'] .tag.warn", timeout=CLOCK * 5000)
        assert "away" in _row(page, 0).locator(".tag.warn").inner_text()
    bea.wait_for_selector("#table[data-my-turn='1']")
    assert _row(bea, 0).locator(".clock").count() == 0
    assert _row(bea, 1).locator(".clock").count() == 1  # now Bea's clock runs
    bea.screenshot(path=str(screenshots / "clock-away-stand-in.png"), full_page=True)
    now = stored(server, table)
    assert now.seats[0].away
    assert [(m.seat, m.by) for m in now.moves] == [(0, "stand-in"), (0, "stand-in")]

    # Ada says something: she is back, on both pages and in the database.
    ada.fill(".chat-form input", "back")
    ada.click(".chat-form button")
    for page in (ada, bea):
        page.wait_for_selector(
            "#players .player[data-seat='0'] .tag.warn", state="detached", timeout=5000
        )
    bea.wait_for_selector("#chat-log li:has-text('back')")
    assert not stored(server, table).seats[0].away

    # Bea plays her turn; then Ada's turn is hers: her clock shows, she clicks both cards.
    rng = random.Random(seed)
    step(bea, rng)
    step(bea, rng)
    ada.wait_for_selector("#table[data-my-turn='1']")
    assert _row(ada, 0).locator(".clock").count() == 1
    assert _row(ada, 0).locator(".tag.warn").count() == 0
    step(ada, rng)
    step(ada, rng)
    bea.wait_for_selector("#table[data-my-turn='1']")
    final = stored(server, table)
    assert [(m.seat, m.by) for m in final.moves] == [
        (0, "stand-in"),
        (0, "stand-in"),
        (1, "player"),
        (1, "player"),
        (0, "player"),
        (0, "player"),
    ]
    assert not final.seats[0].away and not final.seats[1].away
    for page in (ada, bea):
        assert not page.errors, page.errors
        page.context.close()


# ------------------------------------------------------------------ leaving a seat


def test_leave_opens_the_seat_and_someone_else_sits_there(
    browser: Any, server: Any, screenshots: Path
) -> None:
    """Bea (who joined from the table page) leaves her seat during the game: the seat is open
    on every page and in the database, her page becomes a spectator's (no hand, no chat, no
    Leave button, a seat to take instead), and Dan, who was watching, sits down there with
    her hand and plays it. On the way, a watcher's join panel offers the seats that are open
    now, not those that were open when it first appeared."""
    ada = new_page(browser, server)
    table = create_table(ada, server.url, "xbere", ["you", "open", "open"], {"hand_size": "3"})
    cyril = new_page(browser, server)
    cyril.goto(f"{server.url}/#/t/{table}")
    cyril.wait_for_selector(".join-seat[data-seat='2']")
    assert cyril.locator(".join-seat").count() == 2  # seats 1 and 2
    bea = new_page(browser, server)
    sit(bea, server.url, table, 1, "Bea")
    cyril.wait_for_selector(".join-seat[data-seat='1']", state="detached")  # taken meanwhile
    cyril.fill("#join-nickname", "Cyril")
    cyril.click(".join-seat[data-seat='2']")
    cyril.wait_for_selector("#players .player.me[data-seat='2']")
    dan = new_page(browser, server)
    dan.goto(f"{server.url}/#/t/{table}")
    dan.wait_for_selector("#table[data-status=playing]")
    assert dan.locator(".join-seat").count() == 0  # no open seat to take yet
    bea.wait_for_selector("#table[data-my-turn='1']")
    hand = sorted(bea.evaluate("() => window.kibitzLegal()"))
    assert len(hand) == 3

    bea.once("dialog", lambda dialog: dialog.accept())
    bea.click("#leave")
    bea.wait_for_selector("#players .player.me", state="detached")
    for page in (ada, bea, cyril, dan):
        page.wait_for_function(
            "() => document.querySelector(\"#players .player[data-seat='1'] em\")"
            "?.textContent === 'Open'"
        )
    seats = server.get(f"/api/tables/{table}")["seats"]
    assert (seats[1]["kind"], seats[1]["nickname"]) == ("open", None)
    assert stored(server, table).seats[1].kind == "open"
    # The leaver's page is a spectator's now.
    assert bea.locator("#hand .card-btn").count() == 0
    assert bea.locator("#table [data-move]").count() == 0
    assert bea.locator("#leave").count() == 0
    # She chats on as a spectator (the table lets spectators chat).
    assert "spectator" in (bea.get_attribute(".chat-form input", "placeholder") or "")
    assert "You sit at seat" not in bea.inner_text("#table .note")
    assert bea.evaluate(f"() => localStorage.getItem('kibitz.seat.{table}')") is None
    bea.wait_for_selector(".join-seat[data-seat='1']")
    assert ada.locator("#leave").count() == cyril.locator("#leave").count() == 1
    bea.screenshot(path=str(screenshots / "leave-spectator.png"), full_page=True)

    # Dan takes the open seat: Bea's hand is his now.
    dan.wait_for_selector(".join-seat[data-seat='1']")
    dan.fill("#join-nickname", "Dan")
    dan.click(".join-seat[data-seat='1']")
    dan.wait_for_selector("#players .player.me[data-seat='1']")
    dan.wait_for_selector("#table[data-my-turn='1']")
    assert sorted(dan.evaluate("() => window.kibitzLegal()")) == hand
    assert dan.locator("#leave").count() == 1 and dan.locator(".chat-form").is_visible()
    for page in (ada, bea, cyril):
        page.wait_for_selector("#players .player[data-seat='1']:has-text('Dan')")
    bea.wait_for_selector(".join-seat", state="detached")  # nothing left to take
    seats = server.get(f"/api/tables/{table}")["seats"]
    assert (seats[1]["kind"], seats[1]["nickname"]) == ("player", "Dan")

    # Dan plays seat 1's card; with Ada's and Cyril's the round is revealed to everyone.
    rng = random.Random(4)
    for page in (dan, ada, cyril):
        step(page, rng)
    bea.wait_for_function("() => Number(document.querySelector('#table').dataset.version) >= 3")
    moves = stored(server, table).moves[:3]
    assert sorted((m.seat, m.by) for m in moves) == [(0, "player"), (1, "player"), (2, "player")]
    assert next(m.text for m in moves if m.seat == 1) in hand  # one of the cards Bea held
    assert dan.locator("#hand .card-btn").count() == 2
    for page in (ada, bea, cyril, dan):
        assert not page.errors, page.errors
        page.context.close()
