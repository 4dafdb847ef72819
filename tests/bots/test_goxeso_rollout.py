"""The play-outs of Goxeso `hard`: sampled boards follow the memory, the planner reads a
played-out game as it reads a view, and the bot's choice depends on its view alone."""

from __future__ import annotations

import random
from typing import Any

from kibitz.bots.base import Budget
from kibitz.bots.goxeso import GreedyBot, HardBot, Memory, Position
from kibitz.bots.goxeso_rollout import PlayOuts, cell_index, play_out, sampled_game
from kibitz.core import Game, make
from kibitz.games.goxeso import Goxeso

BOARD = [
    ["1", "2", "1", "3"],
    ["4", "5", "6", "7"],
    ["J", "2", "3", "4"],
    ["5", "6", "7", "J"],
]

OTHER = [
    ["1", "2", "1", "3"],
    ["7", "5", "6", "4"],
    ["J", "2", "3", "4"],
    ["5", "6", "7", "J"],
]
"""BOARD with a2 and d2 (never turned below) swapped: the seats see the same."""


def second_card_turn(board: list[list[str]]) -> Game[Any]:
    """Seat 0 misses with a1 (1) and b1 (2), which swap; seat 1 turns c2 (a 6, its mate
    unseen): seat 1's second card is a choice with no sure match and nothing to claim."""
    game = make("goxeso", players=2, seed=0, setup={"board": board}, size=4)
    for seat, cell in ((0, "a1"), (0, "b1"), (1, "c2")):
        game.apply(seat, f"flip {cell}")
    return game


def memory_of(game: Game[Any], seat: int) -> Memory:
    memory = Memory()
    memory.update(game.view(seat))
    return memory


def test_a_sampled_board_keeps_the_remembered_faces_where_they_were_seen() -> None:
    game = second_card_turn(BOARD)
    memory = memory_of(game, 1)
    assert memory.known == {"a1": "2", "b1": "1", "c2": "6"}
    for seed in range(20):
        sampled = sampled_game(game.view(1), memory.known, random.Random(seed))
        assert sampled.board[cell_index("a1", 4)] == 2
        assert sampled.board[cell_index("b1", 4)] == 1
        assert sampled.board[cell_index("c2", 4)] == 6
        assert sampled.first == cell_index("c2", 4)
        assert sampled.invariants() == []


def test_the_planner_reads_a_played_out_game_as_it_reads_the_view() -> None:
    game = second_card_turn(BOARD)
    assert isinstance(game, Goxeso)
    memory = memory_of(game, 1)
    from_view = Position.of_view(game.view(1), memory)
    known = {cell_index(cell, 4) for cell in memory.known}
    from_game = Position.of_features(game.features(1), False, known)
    assert vars(from_game) == vars(from_view)
    hard = HardBot()
    assert hard.flip(from_game, random.Random(1)) == hard.flip(from_view, random.Random(1))


def test_a_play_out_empties_the_board_and_scores_the_seat() -> None:
    game = second_card_turn(BOARD)
    assert isinstance(game, Goxeso)
    known = {cell_index(cell, 4) for cell in ("a1", "b1", "c2")}
    bots = [GreedyBot(), HardBot()]
    value = play_out(game, 1, known, bots, random.Random(3), classic=False)
    assert game.left == 0
    mine, theirs = game.pairs[1], game.pairs[0]
    share = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    assert value == share + 0.01 * (mine - theirs)


def test_the_candidates_are_the_planners_card_then_the_other_kinds_of_second_card() -> None:
    game = second_card_turn(BOARD)
    bot = HardBot()
    p = Position.of_view(game.view(1), memory_of(game, 1))
    choices = PlayOuts(8).candidates(bot, p, random.Random(0))
    assert choices[0] == bot.second_card(p, "c2", random.Random(0))
    # A new card in the longest line with c2 (a2 or c4: one card between; the joker hunt),
    # a new card in no line with it (a3 first by name), and a known card (a1 or b1).
    assert {"a2", "c4"} & set(choices)
    assert "a3" in choices
    assert {"a1", "b1"} & set(choices)
    assert len(choices) == len(set(choices)) == 3


def test_the_search_sees_only_the_view() -> None:
    # The two boards differ only in cards nobody has seen: the same view, the same choice.
    moves = []
    for board in (BOARD, OTHER):
        game = second_card_turn(board)
        bot = HardBot()
        budget = Budget(iterations=8)
        moves.append(str(bot.choose(game.view(1), game.legal_moves(1), random.Random(5), budget)))
    assert moves[0] == moves[1]


def test_a_joker_face_up_weighs_its_best_matches() -> None:
    # Seat 0 turns a3, a joker: every other card matches it; the planner's take (the best by
    # value) comes first, then the other most valuable takes, each a card it can match.
    game = make("goxeso", players=2, seed=0, setup={"board": BOARD}, size=4)
    game.apply(0, "flip a3")
    bot = HardBot()
    p = Position.of_view(game.view(0), memory_of(game, 0))
    choices = PlayOuts(8).candidates(bot, p, random.Random(0))
    assert choices[0] == bot.second_card(p, "a3", random.Random(0))
    assert 2 <= len(choices) <= 4
    assert max(p.take_value("a3", c) for c in choices) == p.best_match("a3")[0]  # type: ignore[index]


def test_a_first_card_is_the_planners() -> None:
    game = make("goxeso", players=2, seed=0, setup={"board": BOARD}, size=4)
    bot = HardBot()
    p = Position.of_view(game.view(0), memory_of(game, 0))
    assert PlayOuts(8).candidates(bot, p, random.Random(0)) == []


def test_the_search_leaves_the_games_generator_as_the_planner_does() -> None:
    # Whatever the search weighs, the generator is left as the planner leaves it, so a
    # game where the search keeps the planner's cards is the planner's game move for move.
    game = second_card_turn(BOARD)
    planner, searcher = HardBot(), HardBot()
    rngs = [random.Random(7), random.Random(7)]
    view, legal = game.view(1), game.legal_moves(1)
    planned = planner.choose(view, legal, rngs[0])
    searched = searcher.choose(view, legal, rngs[1], Budget(iterations=8))
    if searched == planned:
        assert rngs[0].getstate() == rngs[1].getstate()
    else:
        assert rngs[1].getstate() == random.Random(7).getstate()
