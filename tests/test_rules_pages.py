"""The rules pages (docs/rules, with their cs and ru translations): the part the browser shows
players carries no repository paths, issue numbers or test names, and illustrates the rules
with examples whose cards are the game's; the notes for developers follow the marker line
(docs/rules/*.md; the browser's rules.js cuts there, `kibitz rules` prints everything)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules"
PAGES = sorted(RULES.glob("*.md")) + sorted(RULES.glob("*/*.md"))
MARKER = "\n<!-- developers -->\n"
CARD = {
    "xbere": r"[1-9][0-9]?|100",
    "6nimmt": r"[1-9][0-9]?|10[0-4]",
    "kozel": r"(6|7|8|9|10|J|Q|K|A)[SHDC]",
    "goxeso": r"[1-9]|[12][0-9]|3[01]|J",
}
"""A card as each game writes it in its examples (besides ? face down and _ an empty place)."""
FOR_DEVELOPERS = re.compile(
    r"shared/|tests/|src/|docs/|\.py\b|\bissue\b|\btest_|\bseed\b|`[a-z_]+=|Game id|Id hry|Id игры"
)


def _split(path: Path) -> tuple[str, str]:
    text = path.read_text(encoding="utf-8")
    assert text.count(MARKER) == 1, f"{path}: one developers' marker line"
    players, developers = text.split(MARKER)
    return players, developers


@pytest.mark.parametrize("path", PAGES, ids=[p.relative_to(RULES).as_posix() for p in PAGES])
def test_the_players_part_speaks_to_players(path: Path) -> None:
    players, developers = _split(path)
    assert not FOR_DEVELOPERS.search(players), FOR_DEVELOPERS.search(players)
    assert "shared/seeds/" in developers or path.stem == "6nimmt"  # the source moved there
    assert "tests/games/" in developers


@pytest.mark.parametrize("path", PAGES, ids=[p.relative_to(RULES).as_posix() for p in PAGES])
def test_examples_are_drawn_with_the_games_cards(path: Path) -> None:
    players, _ = _split(path)
    blocks = re.findall(r"```cards\n(.*?)```", players, flags=re.S)
    assert len(blocks) >= 3, f"{path}: a few illustrated examples"
    card = re.compile(rf"^(?:{CARD[path.stem]}|\?|_)\*?$")
    for block in blocks:
        for line in block.splitlines():
            cards = line.split(": ", 1)[-1].split()
            assert cards and all(card.match(c) for c in cards), (path.name, line)


def test_every_page_has_its_translations() -> None:
    english = {p.name for p in RULES.glob("*.md")}
    for lang in ("cs", "ru"):
        assert {p.name for p in (RULES / lang).glob("*.md")} == english
