"""The terminal rendering of Kozel views, and `kibitz play kozel` end to end."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from kibitz.bots import RandomBot
from kibitz.cli import main
from kibitz.cli.play import play_loop
from kibitz.cli.render import render
from kibitz.core import Record, make

from .deals import FOUR
from .helpers import play, start


def test_render_shows_hand_trick_trump_stock_and_backs() -> None:
    game = start(["7C 8C 9C 10C", "6S 7D 8D 9D", "7H 8H 9H 10H", "8S JS AD 6C"], "AH")
    play(game, "lead 6S", "beat 7H", "discard 8S")
    text = render(game.view(0))
    assert "trump: AH (hearts)" in text and "stock: 20 cards" in text
    assert "Your hand: 7C 8C 9C 10C" in text
    assert "lead     6S" in text and "beat     7H   <- on top" in text
    assert "discard  ## (face down)" in text and "8S" not in text
    assert "four 7C 8C 9C 10C" in text  # among the legal moves
    assert "8S" in render(game.view(3))  # seat 3 sees its own discard
    play(game, "four 7C 8C 9C 10C")
    text = render(game.view(1))
    assert "taken over by seat 0 (opponent)" in text and "known: 6S" in text
    assert "8S" not in text


def test_render_points_and_losing_points() -> None:
    game = make("kozel", setup=FOUR["setup"], seed=1)
    play(game, *FOUR["moves"][:4])
    text = render(game.view(1))
    assert "opponents: 1 trick, 10+ points seen" in text
    play(game, *FOUR["moves"][4:])
    text = render(game.view(1))
    assert "Deal 1: 16-104 card points; 4 losing points to opponents" in text
    assert "Losing points: opponents: 4, your team: 0 (series to 12)" in text
    assert "Last trick (deal 1 #3): you took it" in text
    spectator = render(game.view(None))
    assert "seats 0+2: 4" in spectator and "Your hand" not in spectator


def test_render_game_over() -> None:
    game = make("kozel", setup=FOUR["setup"], series=False)
    play(game, *FOUR["moves"])
    text = render(game.view(0))
    assert "Game over. Losing points 4-0. Winners: seat 1 (opponent), seat 3 (opponent)" in text
    assert "16 points" in text and "104 points" in text


def test_play_kozel_against_bots(tmp_path: Path) -> None:
    game = make("kozel", seed=4, series=False)

    def read(_prompt: str) -> str:
        return str(game.legal_moves(0)[-1])

    out = io.StringIO()
    save = tmp_path / "kozel.json"
    bots = {seat: RandomBot() for seat in (1, 2, 3)}
    code = play_loop(game, 0, bots=bots, rng=random.Random(1), read=read, out=out, save=save)
    assert code == 0 and game.is_over()
    assert "Game over" in out.getvalue()
    assert Record.from_json(save.read_text()) == Record.of(game)


def test_replay_json_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = make("kozel", setup=FOUR["setup"], series=False)
    play(game, *FOUR["moves"][:5])
    path = tmp_path / "game.json"
    path.write_text(Record.of(game).to_json())
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    state = out["state"]
    assert out["scores"] == [0, 0, 0, 0]
    assert state["trick"]["plays"][0]["cards"] == ["7D"] and state["trump"] == "8H"
    assert state["tricks_won"] == [1, 0] and state["points"] == [16, 0]
    assert state["losing_points"] == [0, 0] and len(state["stock"]) == 12
