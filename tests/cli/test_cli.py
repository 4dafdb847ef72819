"""The `kibitz` command: replay, play, simulate, rules, with exit code 2 on bad input."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from kibitz.bots import RandomBot
from kibitz.cli import main
from kibitz.cli.play import play_loop, resolve_input
from kibitz.core import IllegalMoveError, NotationError, Record, make

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


def test_play_help_lists_the_games_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "goxeso", "--help"]) == 0
    out = capsys.readouterr().out
    assert "usage: kibitz play" in out and "rule options of Goxeso" in out
    assert "--size {4,6,8} (default 6)" in out and "--classic / --no-classic" in out
    assert "--idle-turns VALUE (default none)" in out
    assert main(["play", "--help"]) == 0
    assert "kibitz play GAME --help lists" in capsys.readouterr().out.replace("\n", " ")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play", "xbere", "--deck-size", "5"], "--deck-size is 5"),
        (["play", "xbere", "--colour", "red"], "option(s) --colour; this game has: --deck-size"),
        (["play", "goxeso", "--size", "5"], "option --size: '5' is not one of 4, 6, 8"),
        (["play", "kozel", "--series-limit", "0"], "kibitz: --series-limit must be 1 to 1000"),
        (["simulate", "6nimmt", "--rounds", "0"], "kibitz: --rounds must be 1 to 100"),
    ],
)
def test_option_errors_name_the_flags(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and "_" not in err.replace("series_", "")


def test_play_uses_the_browsers_default_level_and_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from kibitz.bots import default_bot

    monkeypatch.setattr("builtins.input", lambda _prompt: "quit")
    assert main(["play", "xbere", "--seed", "1"]) == 0
    assert "bots: medium (choose others with --bots)" in capsys.readouterr().out
    assert {default_bot(name) for name in ("xbere", "6nimmt", "kozel", "goxeso")} == {"medium"}


def test_you_take_in_words() -> None:
    from kibitz.cli.render.nimmt import describe

    event = {"type": "take", "seat": 0, "card": 5, "row": 2, "reason": "low", "cards": [9]}
    assert describe(event, 0, False).endswith("row 2: you take 9")
    assert describe(event, 1, False).endswith("row 2: seat 0 takes 9")


def test_a_short_move_that_could_be_several_says_which() -> None:
    game = make("kozel", seed=3)
    seat = min(game.to_act())
    assert [str(m) for m in game.legal_moves(seat)][:3] == ["lead JS", "lead KS", "lead JS KS"]
    with pytest.raises(NotationError, match="'KS' could be lead KS or lead JS KS: type the whole"):
        resolve_input("KS", game.legal_moves(seat), game.parse_move)
    assert resolve_input("AD", game.legal_moves(seat), game.parse_move) == "lead AD"


def test_turning_a_face_up_goxeso_card_says_so() -> None:
    game = make("goxeso", players=2, seed=1, size=4)
    seat = min(game.to_act())
    game.apply(seat, "flip a1")
    text = resolve_input("a1", game.legal_moves(seat), game.parse_move)
    assert text == "flip a1"
    with pytest.raises(IllegalMoveError, match="a1 is face up already; turn a face-down card"):
        game.apply(seat, text)
