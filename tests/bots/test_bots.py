"""Every bot of every game: legal moves from reachable views, budgets, determinism, and a
decision that depends on the view alone."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from bot_helpers import SMALL, bots_for, play, random_prefix

from kibitz.bots import Budget, available, make_bot
from kibitz.bots.ismcts import SearchBot
from kibitz.core import determinize, games

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("xbere", 4, {}),
    ("xbere", 2, {"take_on": "over", "scoring": "bullheads"}),
    ("6nimmt", 4, {"rounds": 1}),
    ("goxeso", 2, {"size": 4}),
    ("goxeso", 4, {"size": 4, "variant": "cross"}),
    ("goxeso", 2, {"size": 4, "classic": True}),
    ("kozel", 4, {"series": False}),
]
"""(game, players, options): small configurations of every game."""

REGISTERED = {spec.name for spec in games()}


def cases() -> list[Any]:
    return [
        pytest.param(
            *case,
            marks=pytest.mark.skipif(case[0] not in REGISTERED, reason=f"no {case[0]} yet"),
            id=f"{case[0]}-{case[1]}-{'-'.join(f'{k}={v}' for k, v in case[2].items())}",
        )
        for case in CASES
    ]


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_every_game_has_the_levels(name: str, players: int, options: dict[str, Any]) -> None:
    assert {"random", "easy", "medium", "hard"} <= set(available(name))


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_levels_are_listed_weakest_first(name: str, players: int, options: dict[str, Any]) -> None:
    levels = available(name)
    expected = ["random", "easy", "medium", "greedy", "hard"]
    assert levels == [level for level in expected if level in levels]


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_bots_play_legal_moves_from_reachable_views(
    name: str, players: int, options: dict[str, Any]
) -> None:
    for seed in range(3):
        for steps in (0, 7, 23, 60):
            game = random_prefix(name, players, seed, steps, **options)
            if game.is_over():
                continue
            for level in available(name):
                bot = make_bot(name, level)
                for seat in sorted(game.to_act()):
                    legal = game.legal_moves(seat)
                    move = bot.choose(game.view(seat), legal, random.Random(seed), SMALL)
                    assert move in legal, (level, steps, str(move))


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_a_whole_game_of_each_level_is_deterministic(
    name: str, players: int, options: dict[str, Any]
) -> None:
    from kibitz.core import make

    levels = available(name)
    lineup = [levels[i % len(levels)] for i in range(players)]

    def moves(seed: int) -> list[tuple[int, str]]:
        game = make(name, players=players, seed=seed, **options)
        bots = [make_bot(name, level) for level in lineup]
        out = [(seat, str(move)) for seat, move in play(game, bots, random.Random(seed))]
        assert game.is_over()
        return out

    first = moves(5)
    assert first == moves(5)
    assert first != moves(6)


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_the_move_depends_on_the_view_alone(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """A game and its twin (the hidden part resampled from the seat's view) give the seat
    the same view, and every bot the same move from the same seed."""
    for seed in range(2):
        for steps in (3, 20):
            game = random_prefix(name, players, seed, steps, **options)
            if game.is_over():
                continue
            seat = min(game.to_act())
            twin = determinize(game.view(seat), random.Random(seed + 100))
            assert twin.view(seat) == game.view(seat)
            for level in available(name):
                made = [
                    str(
                        make_bot(name, level).choose(
                            g.view(seat), g.legal_moves(seat), random.Random(seed), SMALL
                        )
                    )
                    for g in (game, twin)
                ]
                assert made[0] == made[1], (level, made)


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_hard_honours_iteration_and_time_budgets(
    name: str, players: int, options: dict[str, Any]
) -> None:
    bot = make_bot(name, "hard")
    if not isinstance(bot, SearchBot):
        pytest.skip(f"{name}/hard is a planner without a search budget")
    for steps in range(0, 40):
        game = random_prefix(name, players, 1, steps, **options)
        seat = min(game.to_act())
        if len(game.legal_moves(seat)) > 1:
            break
    legal = game.legal_moves(seat)
    assert len(legal) > 1
    bot.choose(game.view(seat), legal, random.Random(0), Budget(iterations=25))
    assert bot.search.last.iterations == 25
    start = time.perf_counter()
    bot.choose(game.view(seat), legal, random.Random(0), Budget(seconds=0.05))
    elapsed = time.perf_counter() - start
    assert bot.search.last.iterations >= 1
    assert elapsed < 0.05 + 0.3


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_smoke_match(name: str, players: int, options: dict[str, Any]) -> None:
    """Each level plays whole games against the others; outcomes are well formed."""
    from kibitz.bots.arena import parse_entrant, play_game

    levels = ["hard@20", "medium", "easy", "random"]
    entrants = [parse_entrant(levels[i % len(levels)]) for i in range(players)]
    for index in range(2):
        result = play_game(name, entrants, options, 3, index)
        assert result.winners
        winning = [side for side in result.sides if set(side) & set(result.winners)]
        for side in result.sides:
            for i in side:
                assert result.shares[i] == (1 / len(winning) if side in winning else 0.0)
        assert all(m > 0 for m in result.moves)


def test_levels_are_fresh_objects() -> None:
    assert make_bot("xbere", "easy") is not make_bot("xbere", "easy")
    assert bots_for("xbere", "hard", 2)[0] is not bots_for("xbere", "hard", 2)[1]
