"""Speed of each game's `hard` bot: search iterations per second and mean time per move.

Each game is played by its `hard` bot in every seat for a few seeded games; every decision
with more than one legal move is timed. Goxeso's `hard` is a planner without search, so for
it the generic ISMCTS (random rollouts, the plain `Tuning`: a flip shows its face through
the game's own `observe`; 300 iterations) is timed as well.

    python bench/bots.py [--games 2] [--iterations N]

Wall-clock and CPU time are both shown: on a shared machine the CPU figures are the bot's
own cost.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import kibitz
from kibitz.bots import Budget, make_bot
from kibitz.bots.ismcts import SearchBot, Tuning

CONFIGS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("X bere! 4 players", "xbere", 4, {}),
    ("6 nimmt! 4 players, 1 round", "6nimmt", 4, {"rounds": 1}),
    ("Kozel one deal", "kozel", 4, {"series": False}),
    ("Goxeso 6x6, 2 players", "goxeso", 2, {"size": 6}),
]


def measure(
    game_name: str,
    players: int,
    options: dict[str, Any],
    games: int,
    budget: Budget | None,
    *,
    generic: bool = False,
) -> tuple[int, float, int, float]:
    """(decisions timed, seconds, search iterations, CPU seconds) over `games` games."""
    decisions, seconds, iterations, cpu = 0, 0.0, 0, 0.0
    for index in range(games):
        game = kibitz.make(game_name, players=players, seed=index, **options)
        if generic:
            bots: list[Any] = [
                SearchBot("ismcts", Tuning(), budget or Budget(iterations=300))
                for _ in range(players)
            ]
        else:
            bots = [make_bot(game_name, "hard") for _ in range(players)]
        rng = random.Random(index)
        while not game.is_over():
            seat = min(game.to_act())
            legal = game.legal_moves(seat)
            view = game.view(seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            move = bots[seat].choose(view, legal, rng, budget)
            elapsed = time.perf_counter() - start
            if len(legal) > 1:
                decisions += 1
                seconds += elapsed
                cpu += time.process_time() - start_cpu
                if isinstance(bots[seat], SearchBot):
                    iterations += bots[seat].search.last.iterations
            game.apply(seat, move)
    return decisions, seconds, iterations, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--iterations", type=int, help="override the default budgets")
    args = parser.parse_args()
    budget = Budget(iterations=args.iterations) if args.iterations else None
    print(
        f"{'hard bot':30} {'decisions':>9} {'ms/move':>8} {'cpu ms/move':>11} "
        f"{'iterations/s':>12} {'per cpu s':>10}"
    )
    rows = [(label, name, p, o, False) for label, name, p, o in CONFIGS]
    rows.append(("Goxeso 4x4, generic ISMCTS", "goxeso", 2, {"size": 4}, True))
    for label, name, players, options, generic in rows:
        decisions, seconds, iterations, cpu = measure(
            name, players, options, args.games, budget, generic=generic
        )
        per_move = 1000 * seconds / decisions if decisions else 0.0
        cpu_move = 1000 * cpu / decisions if decisions else 0.0
        if iterations:
            rate = f"{iterations / seconds:12.0f} {iterations / cpu:10.0f}"
        else:
            rate = f"{'(no search)':>12} {'':>10}"
        print(f"{label:30} {decisions:9d} {per_move:8.1f} {cpu_move:11.1f} {rate}")


if __name__ == "__main__":
    main()
