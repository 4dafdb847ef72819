"""X bere!: a face-down choice may be changed in the browser until the last player has
chosen; the other player sees only that a card is chosen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .conftest import new_page
from .helpers import click_move, create_fixed_table, sit, stored

SETUP = {"rows": [[10], [40], [70]], "hands": [[5, 12, 20, 33], [7, 15, 25, 38]]}


def test_a_chosen_card_can_be_changed_until_everyone_has_chosen(
    browser: Any, server: Any, screenshots: Path
) -> None:
    table = create_fixed_table(server, "xbere", ["open", "open"], {"hand_size": 4}, setup=SETUP)
    ann = new_page(browser, server)
    bob = new_page(browser, server, phone=True)
    sit(ann, server.url, table, 0, "Ann")
    sit(bob, server.url, table, 1, "Bob")
    click_move(ann, "play 12")
    # The choice shows raised in Ann's hand; every other card changes it.
    ann.wait_for_selector("#table[data-may-change='1'] #hand .chosen[data-card='12']")
    assert "your choice" in ann.inner_text("#hand .chosen").lower()
    assert "click another card to change it" in ann.inner_text("#turn")
    assert ann.locator("#hand button[data-move='play 12']").count() == 0
    ann.screenshot(path=str(screenshots / "xbere-change-choice-desktop.png"), full_page=True)
    ann.set_viewport_size({"width": 390, "height": 844})
    ann.screenshot(path=str(screenshots / "xbere-change-choice-phone.png"), full_page=True)
    ann.set_viewport_size({"width": 1280, "height": 800})
    ann.click("#hand [data-move='play 33']:not([disabled])")
    ann.wait_for_selector("#table[data-may-change='1'] #hand .chosen[data-card='33']")
    assert ann.locator("#hand button[data-move='play 12']").count() == 1  # back in the hand
    # Bob sees that Ann has chosen, not which card, nor that she changed it.
    bob.wait_for_selector("#nimmt-seats [data-seat='0'] .tag")
    assert "12" not in bob.inner_text("#nimmt-seats") and "33" not in bob.inner_text("#rows")
    bob.screenshot(path=str(screenshots / "xbere-change-choice-other-phone.png"), full_page=True)
    click_move(bob, "play 15")  # the last choice reveals: Ann's 33 fills row 1, she takes
    ann.wait_for_selector("#table[data-my-turn='1'] [data-move='x 15']")
    assert ann.get_attribute("#table", "data-may-change") == "0"
    moves = [(m.seat, m.text) for m in stored(server, table).moves]
    assert moves == [(0, "play 12"), (0, "play 33"), (1, "play 15")]
    for page in (ann, bob):
        assert not page.errors, page.errors
        page.context.close()
