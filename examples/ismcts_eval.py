"""Evaluate OpenSpiel's IS-MCTS bot at a kibitz game against kibitz bots.

OpenSpiel's `ISMCTSBot` (information-set Monte Carlo tree search, random rollouts) plays
seat 0; kibitz bots (`--opponent`, default `easy`) play every other seat (in Kozel seat 2 is
the searcher's partner). Games are played by OpenSpiel's own `evaluate_bots`, which samples
the chance nodes (the eight bytes of the kibitz seed) and calls every bot's `restart_at`
first. For comparison the same deals are played again with OpenSpiel's uniform random bot
in seat 0.

Two things OpenSpiel needs:
- `ISMCTSBot` does not implement `restart_at` (`pyspiel.Bot`'s default raises "RestartAt
  unimplemented", so `evaluate_bots` fails): `RestartableISMCTSBot` below clears the search
  tree there;
- IS-MCTS needs a sequential game: the row games are loaded with `turn_based=True`, their
  simultaneous choices asked seat by seat, each still face down. Its default resampler is
  unseeded; `kos.resampler(seed)` makes the search reproducible.

    python examples/ismcts_eval.py [--game kozel] [--games 20] [--simulations 60]
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # type: ignore[import-not-found]
from open_spiel.python.bots.uniform_random import UniformRandomBot  # type: ignore[import-not-found]

from kibitz.bots import make_bot
from kibitz.rl import openspiel as kos

GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "kozel": (4, {"series": False}),
    "xbere": (3, {}),
    "6nimmt": (3, {"rounds": 1}),
    "goxeso": (2, {"size": 4}),
}


class RestartableISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's IS-MCTS bot with the `restart_at` that `evaluate_bots` calls."""

    def restart_at(self, state: Any) -> None:
        self.reset()

    def restart(self) -> None:
        self.reset()


class KibitzBot(pyspiel.Bot):  # type: ignore[misc]
    """A kibitz bot as an OpenSpiel bot: it chooses from its seat's view only."""

    def __init__(self, game: str, level: str, seed: int) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = make_bot(game, level)
        self.rng = random.Random(seed)

    def step(self, state: Any) -> int:
        kibitz_game, seat = state.kibitz_game, state.current_player()
        move = self.bot.choose(kibitz_game.view(seat), kibitz_game.legal_moves(seat), self.rng)
        return int(state.adapter.move_to_action(kibitz_game, seat, move))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player: int, action: int) -> None:
        pass


def searcher(game: Any, simulations: int, seed: int) -> RestartableISMCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = RestartableISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed + 1),
    )
    bot.set_resampler(kos.resampler(seed + 2))
    return bot


def play(name: str, first: Any, opponent: str, games: int, seed: int) -> float:
    """Seat 0's side's share of the games won (a shared win counts as a win's share)."""
    players, options = GAMES[name]
    game = kos.load(name, players, turn_based=True, **options)
    score = 0.0
    for index in range(games):
        bots = [first] + [
            KibitzBot(name, opponent, seed + 100 * index + seat) for seat in range(1, players)
        ]
        returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(index))
        score += 1.0 if returns[0] > 0 else 0.0 if returns[0] < 0 else 0.5
    return score / games


def interval(rate: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval of a rate over `n` games."""
    z = 1.96
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="kozel")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=60, help="IS-MCTS simulations a move")
    parser.add_argument("--opponent", default="easy", help="the kibitz bot level of the others")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    players, options = GAMES[args.game]
    game = kos.load(args.game, players, turn_based=True, **options)
    contenders = [
        (f"IS-MCTS ({args.simulations} simulations)", searcher(game, args.simulations, args.seed)),
        ("uniform random", UniformRandomBot(0, np.random.RandomState(args.seed))),
    ]
    print(f"{args.game}, seat 0 against {args.opponent} bots, {args.games} games each")
    for label, bot in contenders:
        rate = play(args.game, bot, args.opponent, args.games, args.seed)
        low, high = interval(rate, args.games)
        print(f"{label:32} won {rate:.2f} (95% {low:.2f}-{high:.2f})", flush=True)


if __name__ == "__main__":
    main()
