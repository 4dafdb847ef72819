"""The search interface (`Game.stage`, `stage_scores`, `observe`, `features`) says what the
seats' views say, over seeded random games of every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kibitz
from kibitz.core import Game
from kibitz.games.goxeso.cards import face_name
from kibitz.games.goxeso.moves import Flip
from kibitz.games.kozel.cards import SUITS, mask_of, parse_card
from kibitz.games.kozel.moves import DISCARD, KozelMove

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("xbere", 3, {"rounds": 2}),
    ("xbere", 2, {"scoring": "bullheads", "take_on": "over", "rounds": 3}),
    ("6nimmt", 5, {"rounds": 2}),
    ("kozel", 4, {"series_limit": 4}),
    ("kozel", 4, {"discards": "open", "series_limit": 7}),
    ("goxeso", 4, {"size": 4, "variant": "cross"}),
    ("goxeso", 2, {"size": 4, "classic": True}),
]


def _games(name: str, players: int, options: dict[str, Any], count: int = 3) -> Any:
    """(game, rng) at every decision of `count` seeded random games."""
    for seed in range(count):
        game = kibitz.make(name, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not game.is_over():
            yield game, rng
            seat = min(game.to_act())
            legal = game.legal_moves(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
        yield game, rng


def _check_row_game(game: Game[Any], seat: int, view: dict[str, Any]) -> None:
    f = game.features(seat)
    assert f.rows == view["rows"]
    assert list(f.hand) == view["hand"]
    assert f.x_rows == ("x_rows" in view)
    assert f.dealt == view["dealt"]
    assert list(f.x_row) == (view["x_rows"][seat] if f.x_rows else [])
    options = view["options"]
    if f.x_rows:
        extra = 0 if options["take_on"] == "over" else -1
        assert list(f.full) == [limit + extra for limit in view["row_limits"]]
        assert f.bullheads == (options["scoring"] == "bullheads")
    else:
        assert list(f.full) == [5, 5, 5, 5] and f.bullheads
    assert game.stage() == view["round"] - 1
    finished = view["round_scores"]
    totals = [sum(col) for col in zip(*finished, strict=True)] or [0] * game.players
    assert list(game.stage_scores()) == totals


def _check_kozel(game: Game[Any], seat: int, view: dict[str, Any]) -> None:
    f = game.features(seat)
    assert f.hand == mask_of(parse_card(c) for c in view["hand"])
    assert f.trump == SUITS.index(view["trump_suit"])
    trick = view["trick"]
    plays = trick["plays"] if trick else []
    assert len(f.plays) == len(plays)
    for (s, move), play in zip(f.plays, plays, strict=True):
        assert (s, move.keyword, move.count) == (play["seat"], play["move"], play["count"])
        if play["cards"]:
            assert move.mask == mask_of(parse_card(c) for c in play["cards"])
    assert f.top_seat == (-1 if trick is None or trick["top"] is None else trick["top"])
    assert f.answered == max(0, len(plays) - 1)
    assert game.stage() == view["deal"]
    results = view["results"]
    points = results[-1]["points"] if results else [0, 0]
    assert list(game.stage_scores()) == points * 2


def _check_observe(game: Game[Any]) -> None:
    for seat in game.to_act():
        for move in game.legal_moves(seat):
            for by in range(game.players):
                seen = game.observe(seat, move, by)
                if isinstance(move, KozelMove) and move.kind == DISCARD and by != seat:
                    hidden = game.options.discards == "hidden"
                    assert seen == (("discard", move.count) if hidden else move)
                elif isinstance(move, Flip):
                    assert seen[0] is move
                else:
                    assert seen is move


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_search_interface_agrees_with_the_views(
    name: str, players: int, options: dict[str, Any]
) -> None:
    stages = set()
    for game, _ in _games(name, players, options):
        stages.add(game.stage())
        _check_observe(game)
        for seat in range(players):
            view = game.view(seat)
            if name in ("xbere", "6nimmt"):
                _check_row_game(game, seat, view)
            elif name == "kozel":
                _check_kozel(game, seat, view)
            else:
                f = game.features(seat)
                assert f.size == options["size"] and game.stage() == 0
                assert list(f.pairs) == [len(h["pairs"]) for h in view["holdings"]]
                assert f.owner == next(
                    i for i, h in enumerate(view["holdings"]) if seat in h["seats"]
                )
                assert f.playing == (view["phase"] == "play")
    if name != "goxeso":  # the option sets above play several
        assert len(stages) > 1, "the games should run over several rounds or deals"


def test_a_flip_shows_the_face_the_next_view_shows() -> None:
    flips = 0
    for game, rng in _games("goxeso", 2, {"size": 6}, count=2):
        if game.is_over() or game.features(min(game.to_act())).first >= 0:
            continue
        seat = min(game.to_act())
        legal = game.legal_moves(seat)
        move = legal[rng.randrange(len(legal))]
        if not isinstance(move, Flip):
            continue
        _, face = game.observe(seat, move, 1 - seat)
        copy = kibitz.from_state(game.to_state())
        copy.apply(seat, move)
        assert copy.view(1 - seat)["face_up"]["face"] == face_name(face)
        flips += 1
    assert flips > 20
