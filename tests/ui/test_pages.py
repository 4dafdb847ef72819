"""The server side of the pages (no browser): rules in each language, card pictures, the
static files, and replays of stored and uploaded records."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import kibitz

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from kibitz.server import Settings, create_app

STATIC = Path(kibitz.__file__).parent / "server" / "static"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'k.sqlite3'}", bot_workers=0)
    with TestClient(create_app(settings)) as made:
        yield made


@pytest.mark.parametrize("game", ["xbere", "6nimmt", "goxeso", "kozel"])
@pytest.mark.parametrize("lang", ["en", "cs", "ru"])
def test_rules_in_each_language(client: TestClient, game: str, lang: str) -> None:
    response = client.get(f"/api/rules/{game}", params={"lang": lang})
    assert response.status_code == 200
    text = response.text
    assert text.startswith("# ")
    if lang == "cs":
        assert "Pravidla" in text
    if lang == "ru":
        assert "Правила" in text


def test_unknown_rules_and_language(client: TestClient) -> None:
    assert client.get("/api/rules/chess").status_code == 400
    assert client.get("/api/rules/xbere", params={"lang": "de"}).status_code == 400


def test_pictures_and_pages_are_served(client: TestClient) -> None:
    assert client.get("/").status_code == 200
    assert "main.js" in client.get("/").text
    for name in ("1.svg", "32.svg", "J.svg", "faces.json"):
        assert client.get(f"/assets/goxeso/{name}").status_code == 200
    for path in STATIC.rglob("*.*"):
        relative = path.relative_to(STATIC).as_posix()
        assert client.get(f"/static/{relative}").status_code == 200, relative


def test_no_page_loads_anything_from_elsewhere() -> None:
    for path in STATIC.rglob("*.*"):
        text = path.read_text(encoding="utf-8")
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", ""), path
        assert "https://" not in text, path


TEXTS = [STATIC / "js" / "strings.js", *sorted((STATIC / "js" / "strings").glob("*.js"))]


@pytest.mark.parametrize("path", TEXTS, ids=[p.name for p in TEXTS])
def test_every_text_has_all_three_languages(path: Path) -> None:
    """The shared texts (strings.js) and each game's (strings/<name>.js): every key that
    English has, Czech and Russian have too."""
    import re

    source = path.read_text(encoding="utf-8")
    blocks = re.split(r"\n(?:const |  )(?:en|cs|ru)(?: =)? ?[:=]? \{", source)
    assert len(blocks) == 4, path
    en, cs, ru = (set(re.findall(r'^\s+"?([\w.$-]+)"?:', b, re.M)) for b in blocks[1:4])
    assert en, path
    assert en - cs <= {"goxeso.variant.none"}, sorted(en - cs)
    assert en - ru <= {"goxeso.variant.none"}, sorted(en - ru)


def test_replay_of_an_uploaded_record(client: TestClient) -> None:
    game = kibitz.make("xbere", players=2, seed=3, hand_size=3)
    rng = random.Random(1)
    while not game.is_over():
        for seat in sorted(game.to_act()):
            if seat in game.to_act():
                game.apply(seat, rng.choice(game.legal_moves(seat)))
    record = kibitz.Record.of(game)
    answer = client.post("/api/replay", content=record.to_json(), params={"seat": 1})
    assert answer.status_code == 200
    data = answer.json()
    assert len(data["views"]) == len(record.moves) + 1
    assert data["views"][-1] == game.view(1)
    assert data["outcome"]["scores"] == list(game.outcome().scores)
    bad = client.post("/api/replay", content='{"game": "xbere"}')
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "bad_record"
    wrong = record.to_dict()
    wrong["moves"][0][1] = "play 1000"
    import json

    assert client.post("/api/replay", content=json.dumps(wrong)).status_code == 400


def test_a_running_table_has_no_replay(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "xbere", "players": 2}).json()
    table = created["table"]["id"]
    answer = client.get(f"/api/tables/{table}/replay")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "not_over"
