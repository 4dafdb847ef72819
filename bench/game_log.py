"""What the game log costs the server per move: µs to log one move (`GameLog.follow` after
each move: its replica applies the move, makes a spectator view and the game's `entries`
compares it with the one before), next to what the move itself costs, and µs per move to
rebuild a whole game's log at once (a table read back from the database, a replay).

    python bench/game_log.py [--games 20]

Times are CPU time of this process (`time.process_time`), over random full games.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import kibitz
from kibitz.core.gamelog import GameLog

CONFIGS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("X bere! 4 players", "xbere", 4, {}),
    ("6 nimmt! 4 players", "6nimmt", 4, {}),
    ("Goxeso 6x6, 2 players", "goxeso", 2, {"size": 6}),
    ("Kozel series", "kozel", 4, {}),
]


def measure(game_name: str, players: int, options: dict[str, Any], games: int) -> list[float]:
    """µs per move: the move alone, the move's log, and a whole log rebuilt."""
    moving = logging = rebuilding = 0.0
    moves = 0
    for seed in range(games):
        rng = random.Random(seed)
        game = kibitz.make(game_name, players=players, seed=seed, options=options)
        log = GameLog(game)
        while not game.is_over():
            to_act = sorted(game.to_act())
            seat = to_act[rng.randrange(len(to_act))]
            start = time.process_time()
            legal = game.legal_moves(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
            middle = time.process_time()
            log.follow(game)
            moving += middle - start
            logging += time.process_time() - middle
        start = time.process_time()
        GameLog(game).follow(game)
        rebuilding += time.process_time() - start
        moves += game.version
    return [1e6 * total / moves for total in (moving, logging, rebuilding)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="random games per line")
    games = parser.parse_args().games
    print(f"{'':28} {'move µs':>9} {'log µs':>9} {'rebuild µs':>11}   (per move)")
    for title, name, players, options in CONFIGS:
        move, log, rebuild = measure(name, players, options, games)
        print(f"{title:28} {move:9.1f} {log:9.1f} {rebuild:11.1f}")


if __name__ == "__main__":
    main()
