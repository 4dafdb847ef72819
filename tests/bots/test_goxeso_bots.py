"""Goxeso bots remember what the views showed, forget reproducibly, and use it."""

from __future__ import annotations

import random
from typing import Any

from kibitz.bots import make_bot
from kibitz.bots.goxeso import GreedyBot, Memory
from kibitz.core import Game, make

BOARD = {
    "board": [
        ["1", "2", "1", "3"],
        ["4", "5", "6", "7"],
        ["J", "2", "3", "4"],
        ["5", "6", "7", "J"],
    ]
}


def after_a_miss() -> Game[Any]:
    """Seat 0 turned a1 (1) and b1 (2), a miss: they swapped, so b1 now holds the 1."""
    game = make("goxeso", players=2, seed=0, setup=BOARD, size=4)
    game.apply(0, "flip a1")
    game.apply(0, "flip b1")
    return game


def test_memory_follows_the_swap_of_the_last_turn() -> None:
    game = after_a_miss()
    memory = Memory()
    memory.update(game.view(1))
    assert memory.known == {"a1": "2", "b1": "1"}


def test_every_level_but_random_finds_the_mate_it_saw_swapped() -> None:
    for level in ("greedy", "easy", "medium", "hard"):
        game = after_a_miss()
        bot = make_bot("goxeso", level)
        bot.observe(game.view(1))
        game.apply(1, "flip c1")
        view = game.view(1)
        move = bot.choose(view, game.legal_moves(1), random.Random(0))
        assert str(move) == "flip b1", level


def test_forgetting_is_reproducible_and_happens() -> None:
    kept = []
    for _ in range(2):
        memory = Memory(forget=0.5, salt=3)
        memory.known = {f"{c}{r}": "1" for c in "abcd" for r in range(1, 5)}
        memory.marker = ("goxeso", 2, 4, 0)
        game = after_a_miss()
        view = game.view(1)
        memory.turn_seen = 0
        memory.update(view)
        kept.append(dict(memory.known))
    assert kept[0] == kept[1]
    assert 2 < len(kept[0]) < 16


def test_memory_starts_afresh_in_a_new_game() -> None:
    bot = GreedyBot()
    bot.observe(after_a_miss().view(1))
    assert bot.memory.known
    fresh = make("goxeso", players=2, seed=9, size=4)
    bot.observe(fresh.view(0))
    assert bot.memory.known == {}


def test_hard_prefers_the_match_that_captures_a_line() -> None:
    # Seat 0 sees both 1s (a1, c1) and both 3s (d1 and c3) after two misses; a1-c1 lies in a
    # row with b1 between, d1-c3 in no line: the capture is worth more.
    game = make("goxeso", players=2, seed=0, setup=BOARD, size=4)
    hard = make_bot("goxeso", "hard")
    for seat, cells in ((0, ("a1", "d1")), (1, ("c1", "c3"))):
        for cell in cells:
            game.apply(seat, f"flip {cell}")
            hard.observe(game.view(0))
    # After the swaps: a1=3, d1=1 (seat 0's miss), c1=3, c3=1 (seat 1's miss).
    assert hard.memory.known == {"a1": "3", "d1": "1", "c1": "3", "c3": "1"}
    move = hard.choose(game.view(0), game.legal_moves(0), random.Random(0))
    assert str(move) in ("flip a1", "flip c1")


def test_the_generic_search_observes_the_face_a_flip_shows() -> None:
    from kibitz.bots.ismcts import Tuning

    game = make("goxeso", players=2, seed=0, setup=BOARD, size=4)
    tuning = Tuning()  # the game's own `observe`: the search needs no Goxeso tuning
    a1, d4 = game.parse_move("flip a1"), game.parse_move("flip d4")
    assert tuning.observe(game, 1, 0, a1) == (a1, 1)
    assert tuning.observe(game, 1, 0, d4) == (d4, 0)  # the joker


def test_memory_asked_only_at_its_own_turns_still_knows_its_own_miss() -> None:
    # Seat 0 misses (a1 1, b1 2: swapped), seat 1 misses (c1 1, d1 3: swapped); at seat 0's
    # next turn its view's last turn is seat 1's, yet the round of turns has its own too.
    game = after_a_miss()
    game.apply(1, "flip c1")
    game.apply(1, "flip d1")
    memory = Memory()
    memory.update(game.view(0))
    assert memory.known == {"a1": "2", "b1": "1", "c1": "3", "d1": "1"}


def hard_second_card(before: tuple[tuple[int, str], ...], seed: int = 0) -> str:
    """Play `before` (seat, cell) on BOARD, then seat 1 turns c2 (a 6, no known mate and
    nothing to claim): the cell `hard` turns as its second card, its generator seeded with
    `seed`."""
    game = make("goxeso", players=2, seed=0, setup=BOARD, size=4)
    hard = make_bot("goxeso", "hard")
    for seat, cell in (*before, (1, "c2")):
        game.apply(seat, f"flip {cell}")
        hard.observe(game.view(1))
    return str(hard.choose(game.view(1), game.legal_moves(1), random.Random(seed)))[5:]


def test_hard_hunts_an_unseen_joker_with_a_new_card_in_the_longest_line() -> None:
    # After seat 0's miss (a1 1, b1 2: swapped) both jokers are unseen: a new second card may
    # be one (a sure match); a2 and c4 each have one card between them and c2.
    assert hard_second_card(((0, "a1"), (0, "b1"))) in ("a2", "c4")


def test_hard_turns_a_quiet_known_card_once_the_jokers_are_gone() -> None:
    # Seat 0 takes both jokers (a3, d4); two misses leave a1 2, b1 1, a2 5, b2 4 known with
    # their mates unseen: a new card could show one of those mates to seat 0, so seat 1
    # turns a known card that lies in no line with c2 (a2 has b2 between).
    before = ((0, "a3"), (0, "d4"), (1, "a1"), (1, "b1"), (0, "a2"), (0, "b2"))
    assert hard_second_card(before) in ("a1", "b1", "b2")


def test_hard_aims_its_first_card_where_a_joker_would_take_the_longest_line() -> None:
    # Nothing is known and both jokers are unseen: a first card that is a joker matches any
    # card and takes the cards between, up to two from an edge cell of the full 4x4 board,
    # one from a centre cell. So `hard` turns an edge cell, whatever its generator says.
    game = make("goxeso", players=2, seed=0, setup=BOARD, size=4)
    hard = make_bot("goxeso", "hard")
    centre = {"b2", "c2", "b3", "c3"}
    for seed in range(30):
        move = hard.choose(game.view(0), game.legal_moves(0), random.Random(seed))
        assert str(move)[5:] not in centre, seed


def test_hard_takes_a_known_card_with_a_joker_rather_than_an_unknown_one() -> None:
    # Seat 0 misses with a4 (5) and a1 (1): a4 now holds the 1, whose mate (c1) is unseen.
    # Seat 1 turns the joker at d4: with d1 (unknown) or with a4 (the known 1) it takes two
    # cards between, but the known 1 is a pair for whoever finds its mate: `hard` takes it.
    game = make("goxeso", players=2, seed=0, setup=BOARD, size=4)
    hard = make_bot("goxeso", "hard")
    for seat, cell in ((0, "a4"), (0, "a1"), (1, "d4")):
        game.apply(seat, f"flip {cell}")
        hard.observe(game.view(1))
    assert hard.memory.known == {"a4": "1", "a1": "5", "d4": "J"}
    move = hard.choose(game.view(1), game.legal_moves(1), random.Random(0))
    assert str(move) == "flip a4"


def test_hard_turns_a_new_card_in_the_longest_line_when_no_known_card_can_hide() -> None:
    # Seat 0 takes both jokers (a3, d4): no joker to hunt and no card known. After seat 1's
    # first card (c2) a new second card is all there is; the one in the longest line with c2
    # (a2 or c4, one card between) takes the most if it is the mate, whatever the generator.
    for seed in range(20):
        assert hard_second_card(((0, "a3"), (0, "d4")), seed) in ("a2", "c4"), seed
