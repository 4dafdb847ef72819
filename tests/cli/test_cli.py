"""The `kibitz` command: replay, play, simulate, rules, with exit code 2 on bad input."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from kibitz.bots import RandomBot
from kibitz.cli import main
from kibitz.cli.play import play_loop
from kibitz.core import Record, make

SETUP = {"rows": [[10], [20], [30]], "hands": [[40, 5], [50, 51]]}


def _record(tmp_path: Path, moves: list[list[object]]) -> Path:
    path = tmp_path / "game.json"
    path.write_text(
        json.dumps({"game": "xbere", "players": 2, "seed": 1, "setup": SETUP, "moves": moves})
    )
    return path


def test_replay_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path, [[0, "play 40"], [1, "play 50"]])
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "xbere" and out["over"] is False and out["to_act"] == [0, 1]
    assert out["scores"] == [1, 1] and out["winners"] == []
    assert out["state"]["rows"] == [[10], [20], [30, 40, 50]]
    assert set(out["state"]) >= {"rows", "hands", "x_rows", "x_piles"}


def test_replay_seat_view_hides_other_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path, [[0, "play 40"]])
    assert main(["replay", str(path), "--seat", "0", "--json"]) == 0
    state = json.loads(capsys.readouterr().out)["state"]
    assert state["hand"] == [5] and "hands" not in state and "51" not in json.dumps(state)


def test_replay_bad_move_exits_2_naming_the_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path, [[0, "play 40"], [1, "play 99"]])
    assert main(["replay", str(path)]) == 2
    assert "move 2" in capsys.readouterr().err


def test_replay_until_and_text_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path, [[0, "play 40"], [1, "play 50"]])
    assert main(["replay", str(path), "--until", "1"]) == 0
    out = capsys.readouterr().out
    assert "Rows:" in out and "seat 0: 5" in out


def test_play_a_whole_game_with_scripted_input(tmp_path: Path) -> None:
    game = make("xbere", players=2, setup=SETUP)
    answers = iter(["help", "nonsense", "moves", "5", "take 2", "40"])
    out = io.StringIO()
    save = tmp_path / "saved.json"
    code = play_loop(
        game,
        0,
        bots={1: RandomBot()},
        rng=random.Random(1),
        read=lambda _prompt: next(answers),
        out=out,
        save=save,
    )
    text = out.getvalue()
    assert code == 0 and game.is_over()
    assert "Not possible: cannot read move 'nonsense'" in text
    assert "(your only move: x 20)" in text
    assert "Game over" in text
    assert Record.from_json(save.read_text()) == Record.of(game)


def test_play_quits_on_end_of_input() -> None:
    game = make("xbere", players=2, setup=SETUP)

    def read(_prompt: str) -> str:
        raise EOFError

    out = io.StringIO()
    assert play_loop(game, 0, bots={1: RandomBot()}, rng=random.Random(1), read=read, out=out) == 0
    assert "Left the game." in out.getvalue()


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "xbere", "--games", "5", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "5 games of xbere" in out and out.count("random") == 3


def test_rules_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "xbere"]) == 0
    assert "X bere!" in capsys.readouterr().out
    assert main(["games"]) == 0
    assert "--take-on" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "chess"],
        ["play", "xbere", "--colour", "red"],
        ["simulate", "xbere", "--games", "0"],
        ["rules", "chess"],
        ["replay", "/no/such/file"],
    ],
)
def test_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("kibitz: ")
