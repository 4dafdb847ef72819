"""Rules and table services played live in the browser, not only in replays or on the server:
a Goxeso swap after a miss and the exchange offers at the end, a Kozel four-of-a-suit takeover,
the turn clock with its stand-in bot, and leaving a seat. Each position is fixed (a setup, or
a seed found by search) so that the moves clicked here are certainly legal and the outcome
known; each test checks what the pages show against what the server stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import kibitz

from .conftest import new_page
from .helpers import check_end, click_move, create_fixed_table, sit

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
    assert "b3 ⇄ c3" in ada.inner_text(".gx-story")
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
