"""A fifth game, defined in tests/toy and declared by its spec alone, appears in every layer:
`kibitz games` and the rest of the command line, the bots, the RL environments and OpenSpiel,
and the server's lobby API. Nothing outside tests/toy names it; it is registered only inside
each test (tests/ui/test_toy_game.py shows it in the browser's lobby)."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import kibitz
from kibitz.bots.registry import available
from kibitz.cli import main
from kibitz.core import Game, GameSpec, UnknownGameError, make, spec
from kibitz.core.conformance import check_game
from kibitz.core.schema import state_schema, view_schema
from toy import NAME, HighCard, registered


@pytest.fixture
def toy() -> Iterator[GameSpec]:
    with registered() as game_spec:
        yield game_spec
    assert NAME not in [s.name for s in kibitz.games()]


def _twin(game: Game[Any], seat: int, rng: random.Random) -> Game[Any]:
    """The same game with the card aside swapped for one of the other hand's."""
    state = game.to_state()
    other = state["hands"][1 - seat]
    if other:
        index = rng.randrange(len(other))
        other[index], state["aside"] = state["aside"], other[index]
        other.sort()
    return HighCard.from_state(state)


def test_the_toy_game_passes_the_conformance_checker_and_its_schemas(toy: GameSpec) -> None:
    from jsonschema import Draft202012Validator

    validators = {
        "view": Draft202012Validator(view_schema(HighCard)),
        "state": Draft202012Validator(state_schema(HighCard)),
    }

    def validate(kind: str, data: Any) -> None:
        validators[kind].validate(data)

    for deck in (5, 7):
        report = check_game(NAME, 2, range(20), {"deck": deck}, twin=_twin, validate=validate)
        assert report.finished == 20 and report.twins > 0


def test_it_is_registered_only_inside_the_block() -> None:
    with pytest.raises(UnknownGameError):
        spec(NAME)
    with registered():
        assert spec(NAME).title == "High card"
    with pytest.raises(UnknownGameError):
        make(NAME)


def test_kibitz_games_bots_rules_and_schema_list_it(
    toy: GameSpec, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "highcard High card (2-2 players, sequential)" in out
    assert "--deck {5,7} (default 5): Cards numbered 1 to deck" in out
    assert main(["bots", NAME]) == 0
    out = capsys.readouterr().out
    assert "highcard/easy" in out and "plays its highest card" in out
    assert available(NAME) == ["random", "easy"]  # weakest first
    assert main(["schema", NAME]) == 0
    assert json.loads(capsys.readouterr().out)["$id"] == "kibitz/highcard/view"
    assert main(["rules", NAME]) == 2
    assert "no rules page for highcard" in capsys.readouterr().err


def test_play_replay_and_simulate_it_in_the_terminal(
    toy: GameSpec,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    typed = itertools.cycle(str(card) for card in range(1, 8))
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    saved = tmp_path / "game.json"
    args = ["play", NAME, "--seed", "4", "--bots", "easy", "--deck", "7", "--save", str(saved)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert '"game": "highcard"' in out  # the generic renderer: the view as JSON
    record = kibitz.Record.from_json(saved.read_text())
    assert record.game == NAME and len(record.moves) == 6 and record.options == {"deck": 7}

    assert main(["replay", str(saved), "--seat", "1", "--json"]) == 0
    seen = json.loads(capsys.readouterr().out)
    assert seen["over"] is True and "aside" not in json.dumps(seen)
    assert main(["replay", str(saved), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state"]["aside"] in range(1, 8)

    assert main(["simulate", NAME, "--games", "30", "--bots", "easy,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "30 games of highcard, 4.0 moves per game" in out and "easy" in out


def test_the_rl_environments_use_the_generic_adapter(toy: GameSpec) -> None:
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from kibitz.rl import make_env, make_gym_env
    from kibitz.rl.adapters import adapter, supported
    from kibitz.rl.adapters.generic import GenericAdapter

    assert NAME in supported()
    found = adapter(NAME)
    assert isinstance(found, GenericAdapter) and found.lower_is_better is False
    api_test(make_env(NAME), num_cycles=100)
    check_env(make_gym_env(NAME, bots="easy", illegal="random"), skip_render_check=True)

    env = make_gym_env(NAME, bots="easy", deck=7)
    observation, _ = env.reset(seed=2)
    done, steps = False, 0
    while not done:
        legal = [int(a) for a in observation["action_mask"].nonzero()[0]]
        assert legal == list(range(len(legal))) and 1 <= len(legal) <= 3
        observation, reward, done, _truncated, _info = env.step(legal[-1])
        steps += 1
    outcome = env.game.outcome()
    assert steps <= 3 and outcome is not None
    assert reward == {frozenset({0}): 1.0, frozenset({1}): -1.0}.get(outcome.winners, 0.0)


def test_openspiel_registers_and_plays_it(toy: GameSpec) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import kibitz.rl.openspiel as kos

    game = kos.load(NAME, deck=7)
    assert f"kibitz_{NAME}" in kos.registered()
    assert f"kibitz_{NAME}" in pyspiel.registered_names()
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_players() == 2 and game.num_distinct_actions() >= 3
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_the_lobby_api_offers_it_and_a_table_of_it_plays(toy: GameSpec, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from kibitz.server import Settings, create_app

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'kibitz.sqlite3'}", bot_workers=0)
    with TestClient(create_app(settings)) as client:
        games = client.get("/api/games").json()
        assert [g["name"] for g in games][-1] == NAME  # order 100: after the four games
        listed = games[-1]
        assert listed["title"] == "High card" and listed["bots"] == ["random", "easy"]
        assert listed["dynamics"] == "sequential" and listed["teams"] == "none"
        assert listed["board"] is None and listed["cards"] is None and listed["strings"] is None
        assert listed["options"] == [
            {
                "name": "deck",
                "default": 5,
                "doc": "Cards numbered 1 to deck: 2 each with 5, 3 each with 7.",
                "choices": [5, 7],
            }
        ]
        body = {
            "game": NAME,
            "players": 2,
            "options": {"deck": 7},
            "seats": [{"kind": "open"}, {"kind": "bot", "bot": "easy"}],
            "join": {"nickname": "Ann", "seat": 0},
        }
        created = client.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        assert created.json()["table"]["game"] == NAME
