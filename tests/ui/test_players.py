"""Players in the browser: the first visit's nickname makes a player; a game against bots rates
them (leaderboard, player page with its SVG history); a password claims them, another browser
signs in and finds their tables, takes their seat back without a token, renames and signs out;
a visitor invited to a table becomes a player by joining. The names every page shares (seats
from 1, bots by level, winners by team) are checked in the browser itself. Each new page is
photographed at desktop (1280x800) and phone (390x844) sizes into artifacts/screenshots/."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .conftest import new_page
from .helpers import create_table, play_to_end

PASSWORD = "correct horse battery"


def shoot(page: Any, screenshots: Path, name: str) -> None:
    """The page as it is, at desktop and at phone size."""
    for size, (width, height) in {"desktop": (1280, 800), "phone": (390, 844)}.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=str(screenshots / f"{name}-{size}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def signed_in_as(page: Any) -> str:
    """The nickname the header shows ("" when nobody is signed in)."""
    page.wait_for_selector("#player-menu, #signin-link")
    menu = page.locator("#player-menu summary")
    return str(menu.inner_text()) if menu.count() else ""


def test_a_player_from_first_visit_to_leaderboard_and_another_device(
    browser: Any, server: Any, screenshots: Path
) -> None:
    ada = new_page(browser, server)
    console: list[str] = []
    ada.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    ada.goto(server.url + "/#/")
    ada.wait_for_selector("#start-form")
    assert signed_in_as(ada) == ""
    shoot(ada, screenshots, "players-first-visit")
    ada.fill("#nickname", "Ada Lovelace")
    ada.click("#start")
    ada.wait_for_selector("#playing-as")
    assert signed_in_as(ada) == "Ada Lovelace"
    assert ada.locator("#start-form").count() == 0
    me = ada.evaluate("() => fetch('/api/me').then((r) => r.json())")
    assert me["nickname"] == "Ada Lovelace" and not me["claimed"]
    assert not [line for line in console if line.startswith("error")], console  # no failed request

    # A game against a bot: the player's seat, then a rating.
    table = create_table(ada, server.url, "xbere", ["you", "bot:easy"], {"hand_size": "3"})
    summary = server.get(f"/api/tables/{table}")
    assert summary["seats"][0]["player"] == me["id"]
    assert ada.inner_text("#table h1") == "X bere!: Ada Lovelace, Bot (easy)"
    play_to_end(ada, random.Random(4))
    ada.wait_for_selector("#end:not([hidden])")
    profile = server.get(f"/api/players/{me['id']}")
    assert profile["games"]["xbere"]["played"] == 1

    ada.goto(server.url + "/#/")
    ada.wait_for_selector(f"#mine-recent li[data-table='{table}']")
    shoot(ada, screenshots, "players-lobby-my-tables")
    board = server.get("/api/leaderboard/xbere")
    ada.goto(server.url + "/#/leaderboard/xbere")
    ada.wait_for_selector("#leaderboard:not([hidden]) tbody tr")
    assert ada.locator("#leaderboard tbody tr").count() == len(board)
    mine = ada.locator(f"#leaderboard tr.me[data-player='{me['id']}']")
    assert mine.locator("td.rating").inner_text() == f"{profile['games']['xbere']['rating']:.1f}"
    easy = ada.locator("#leaderboard tr.bot[data-player='bot.easy'] a")  # a level is a player
    assert easy.inner_text() == "Bot (easy)"
    ranks = [int(r) for r in ada.locator("#leaderboard tbody td:first-child").all_inner_texts()]
    assert ranks == list(range(1, len(board) + 1))
    shoot(ada, screenshots, "players-leaderboard")

    mine.locator("a").click()
    ada.wait_for_selector("svg.rating-chart")
    assert ada.locator("#profile-games tr[data-game='xbere'] td").nth(2).inner_text() == "1"
    dots = ada.locator("svg.rating-chart circle.dot")
    assert dots.count() == 2  # the start (0) and the game
    assert ada.locator(f"svg.rating-chart a[href='#/replay/{table}']").count() == 1
    assert ada.locator(f"#profile-recent a[href='#/replay/{table}']").count() == 1
    shoot(ada, screenshots, "players-profile")

    # An unfinished table with an open seat, then the password.
    waiting = create_table(ada, server.url, "6nimmt", ["you", "open"], {"rounds": "1"})
    ada.goto(server.url + "/#/me")
    ada.wait_for_selector("#password-form")
    shoot(ada, screenshots, "players-account")
    assert ada.get_attribute("#password-form-password", "minlength") == "8"
    ada.fill("#password-form-password", PASSWORD)
    ada.click("#password-form button")
    ada.wait_for_selector("#account-said")
    assert server.get(f"/api/players/{me['id']}")["claimed"] is True

    # Another browser: a wrong password, then the right one; the same player and tables.
    phone = new_page(browser, server, phone=True)
    phone.goto(server.url + "/#/me")
    phone.wait_for_selector("#signin-form")
    shoot(phone, screenshots, "players-sign-in")
    phone.fill("#signin-form-nickname", "ada lovelace")  # nicknames compare case-folded
    phone.fill("#signin-form-password", "wrong password")
    phone.click("#signin-form button")
    phone.wait_for_selector("#signin-form .status.error")
    assert "No player has this nickname and password" in phone.inner_text("#signin-form")
    phone.fill("#signin-form-password", PASSWORD)
    phone.click("#signin-form button")
    phone.wait_for_selector("#account-said")
    assert signed_in_as(phone) == "Ada Lovelace"
    phone.goto(server.url + "/#/")
    phone.wait_for_selector(f"#mine-unfinished li[data-table='{waiting}'] a.back")
    assert phone.locator(f"#mine-recent li[data-table='{table}']").count() == 1
    phone.click(f"#mine-unfinished li[data-table='{waiting}'] a.back")
    phone.wait_for_selector("#players .player.me[data-seat='0']")  # no token in this browser
    assert phone.evaluate(f"() => localStorage.getItem('kibitz.seat.{waiting}')") is None

    # A visitor with the table's link: joining makes them a player.
    guest = new_page(browser, server)
    guest.goto(f"{server.url}/#/t/{waiting}")
    guest.fill("#join-nickname", "Bea")
    guest.click(".join-seat[data-seat='1']")
    guest.wait_for_selector("#players .player.me[data-seat='1']")
    bea = guest.evaluate("() => fetch('/api/me').then((r) => r.json())")
    assert bea["nickname"] == "Bea"
    assert server.get(f"/api/tables/{waiting}")["seats"][1]["player"] == bea["id"]
    assert signed_in_as(guest) == "Bea"

    # Rename on one device shows at the table; sign out on the other.
    phone.goto(server.url + "/#/me")
    phone.fill("#rename-form-nickname", "Countess Ada")
    phone.click("#rename-form button")
    phone.wait_for_selector("#account-said")
    assert signed_in_as(phone) == "Countess Ada"
    guest.wait_for_function(
        "() => document.querySelector('#players').innerText.includes('Countess Ada')"
    )
    phone.click("#signout")
    phone.wait_for_selector("#signin-form")
    assert signed_in_as(phone) == ""
    ada.goto(server.url + "/#/")  # the lobby asks who is signed in: still Ada, renamed
    ada.wait_for_function(
        "() => document.querySelector('#player-menu summary').innerText === 'Countess Ada'"
    )
    for page in (ada, phone, guest):
        assert not page.errors, page.errors
        page.context.close()


def test_pages_in_czech_and_russian(browser: Any, server: Any, screenshots: Path) -> None:
    for lang, start, board in (("cs", "Začít hrát", "Žebříčky"), ("ru", "Начать игру", "Рейтинги")):
        page = new_page(browser, server, lang=lang)
        page.goto(server.url + "/#/")
        page.wait_for_selector("#start")
        assert page.inner_text("#start") == start
        assert (
            page.locator("select[name=seat-0]")
            .evaluate("e => e.closest('label').innerText")
            .startswith({"cs": "Místo 1", "ru": "Место 1"}[lang])
        )
        shoot(page, screenshots, f"players-first-visit-{lang}")
        page.fill("#nickname", f"Hráč {lang}")
        page.click("#start")
        page.wait_for_selector("#playing-as")
        page.goto(server.url + "/#/leaderboard/kozel")
        page.wait_for_selector("#leaderboards h1")
        assert page.inner_text("#leaderboards h1") == board
        if lang == "ru":
            assert page.locator("#leaderboards .tabs a.active").inner_text() == "Козёл"
        shoot(page, screenshots, f"players-leaderboard-{lang}")
        page.goto(server.url + "/#/me")
        page.wait_for_selector("#password-form")
        shoot(page, screenshots, f"players-account-{lang}")
        page.goto(server.url + "/#/rules/kozel")
        page.wait_for_selector(".cards-example svg.card")
        shoot(page, screenshots, f"rules-kozel-{lang}")
        assert not page.errors, page.errors
        page.context.close()


def test_rules_pages_show_examples_and_no_developer_notes(
    page: Any, server: Any, screenshots: Path
) -> None:
    for game in ("xbere", "6nimmt", "kozel", "goxeso"):
        page.goto(f"{server.url}/#/rules/{game}")
        page.wait_for_selector("article.rules .cards-example svg.card")
        text = page.inner_text("article.rules")
        for developers in ("tests/", "shared/", "issue", "How the code reads"):
            assert developers not in text, (game, developers)
        assert page.locator(".cards-example .example-card svg.card").count() >= 6
        assert page.locator(".cards-example code").count() == 0  # every card drawn
        shoot(page, screenshots, f"rules-{game}")


NAMES = """async ([name, args]) => {
  const m = await import("/static/js/names.js");
  return m[name](...args);
}"""
"""Calls a function of names.js in the page (by name: the pages' CSP allows no eval)."""


def test_names_every_page_shares(page: Any, server: Any) -> None:
    page.goto(server.url + "/#/")
    page.wait_for_selector("#create")

    def said(name: str, *args: Any) -> str:
        result: str = page.evaluate(NAMES, [name, list(args)])
        return result

    seats = [
        {"kind": "player", "nickname": "Ann"},
        {"kind": "bot", "bot": "medium"},
        {"kind": "open", "nickname": None},
        {"kind": "bot", "bot": "medium"},
    ]
    assert said("seatName", 0) == "Seat 1"
    assert said("seatPlayer", seats, 1) == "Bot (medium), seat 2"  # two seats share it
    assert said("seatPlayer", seats, 1, {"plain": True}) == "Bot (medium)"
    assert said("seatPlayer", seats[:2], 1) == "Bot (medium)"
    assert said("seatPlayer", seats, 2) == "Seat 3"
    assert said("seatPlayer", seats, 2, {"over": True}) == "Seat 3 (stand-in bot)"
    team = {"winners": [1, 3], "teams": [[0, 2], [1, 3]]}
    assert said("winnersText", team, seats) == (
        "Won: the team of seats 2 and 4 (Bot (medium), Bot (medium))"
    )
    eggs = {"winners": [0, 1, 2, 3], "teams": [[0, 2], [1, 3]]}
    assert said("winnersText", eggs, seats) == (
        "Shared win: Ann, Bot (medium), seat 2, Seat 3 (stand-in bot) and Bot (medium), seat 4"
    )
    alone = {"winners": [2], "teams": [[0], [1], [2], [3]]}
    assert said("winnersText", alone, seats) == "Won: Seat 3 (stand-in bot)"
    assert said("tableTitle", "kozel", seats) == "Kozel: Ann, Bot (medium), Seat 3, Bot (medium)"
    levels = page.locator("select[name=seat-1] option").all_inner_texts()  # Goxeso's
    weakest_first = ("random", "easy", "medium", "greedy", "hard")
    assert levels[3:] == [f"Bot ({level})" for level in weakest_first]
