"""Goxeso passes the conformance checker for every size, variant and classic Pexeso."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kibitz.core import Game, conformance, from_state, make
from kibitz.core.conformance import check_game
from kibitz.games.goxeso import Goxeso


def seen(turns: list[dict[str, Any]]) -> set[str]:
    """The cells of the face-down cards whose faces the recent turns showed to everybody,
    where those cards lie now (read from the turns' data, independently of the engine)."""
    known: set[str] = set()
    for turn in turns:
        cells = {flip["cell"] for flip in turn["flips"]}
        if turn["result"] == "match":
            known -= cells | {card["cell"] for card in turn["captured"]}
        else:
            known |= cells  # a swap keeps both cells known
        known -= {claim["cell"] for claim in turn["claims"]}
        if turn["lone"] is not None:
            known.discard(turn["lone"]["cell"])
    return known


def twin(game: Game[Any], seat: int, rng: random.Random) -> Game[Any]:
    """The same game with the faces of the face-down cards shuffled among themselves, but for
    what everyone has seen: the card face up now and the cards the recent turns showed.
    Holdings, empty cells and history are untouched."""
    state = game.to_state()
    board = state["board"]
    size = len(board)
    known = seen(state["turns"])
    if state["face_up"] is not None:
        known.add(state["face_up"]["cell"])
    hidden = [
        (row, col)
        for row in range(size)
        for col in range(size)
        if board[row][col] is not None and f"{'abcdefgh'[col]}{row + 1}" not in known
    ]
    faces = [board[row][col] for row, col in hidden]
    rng.shuffle(faces)
    for (row, col), face in zip(hidden, faces, strict=True):
        board[row][col] = face
    return from_state(state)


SEEDS = {4: range(4), 6: range(2), 8: range(1)}
"""Seeds per board size: a random 8x8 game is about 1,300 moves, and the checker's cost per
move grows with the history, so the big board gets one game per configuration."""

DEEP = {4: 3, 6: 15, 8: 60}
"""Views, determinizations, twins and state round trips every so many moves."""


@pytest.mark.parametrize("size", [4, 6, 8])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_goxeso_conforms(size: int, players: int) -> None:
    seeds = SEEDS[size]
    report = check_game("goxeso", players, seeds, {"size": size}, twin=twin, deep_every=DEEP[size])
    assert report.finished == len(seeds)
    assert report.twins > 0


@pytest.mark.parametrize("size", [4, 6, 8])
@pytest.mark.parametrize("variant", ["bridge", "cross"])
def test_team_variants_conform(size: int, variant: str) -> None:
    seeds = SEEDS[size]
    options = {"size": size, "variant": variant}
    report = check_game("goxeso", 4, seeds, options, twin=twin, deep_every=DEEP[size])
    assert report.finished == len(seeds)
    assert all(s[0] == s[2] and s[1] == s[3] for s in report.outcomes), "partners score alike"


@pytest.mark.parametrize(
    ("size", "players"), [(4, 1), (4, 2), (4, 3), (4, 4), (6, 1), (6, 3), (8, 2)]
)
def test_classic_conforms(size: int, players: int) -> None:
    seeds = SEEDS[size]
    options = {"size": size, "classic": True}
    report = check_game("goxeso", players, seeds, options, twin=twin, deep_every=DEEP[size])
    assert report.finished == len(seeds)
    assert all(sum(scores) <= size * size // 2 for scores in report.outcomes)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"size": 4}),
        (4, {"size": 4, "variant": "bridge"}),
        (4, {"size": 4, "variant": "cross"}),
    ],
)
def test_exchange_phase_conforms(
    players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random play rarely ends in mutual blocks (about one 4x4 game in 14): games are checked
    closely (deep checks every other move and at the end), seed after seed, until one of them
    has played an exchange phase. The checker's games are caught where it makes them (the
    engine may be compiled: its methods cannot be patched)."""
    played: list[Goxeso] = []

    def caught(*args: Any, **kwargs: Any) -> Game[Any]:
        game = make(*args, **kwargs)
        assert isinstance(game, Goxeso)
        played.append(game)
        return game

    monkeypatch.setattr(conformance, "make", caught)
    exchanged = 0
    for seed in range(150):
        check_game("goxeso", players, [seed], options, twin=twin, deep_every=2)
        exchanged += played[-1].exchanging
        if exchanged:
            break
    assert exchanged, "random play hardly ever reaches an exchange phase"


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"size": 4, "exchange": "none"}),
        (2, {"size": 4, "idle_turns": 2}),
        (4, {"size": 6, "idle_turns": 3, "variant": "cross"}),
        (1, {"size": 6, "idle_turns": 5, "classic": True}),
    ],
)
def test_other_readings_conform(players: int, options: dict[str, Any]) -> None:
    report = check_game("goxeso", players, range(4), options, twin=twin, deep_every=2)
    assert report.finished == 4
