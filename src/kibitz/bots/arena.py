"""The arena's engine: bots play many seeded games with rotated seats; plain results.

Standard library only (the `kibitz arena` command adds the progress bar, ratings and plot).

- Entrants are the names given, one per seat: entrant `i` sits in seat `(i + g) % players`
  in game `g`, so over `players` consecutive games every entrant has sat in every seat. For
  team games name the entrants alternately (`hard,random,hard,random`): a rotation keeps
  partners together.
- A name may carry a budget: `hard@400` (400 iterations per move) or `hard@0.5s`.
- Game `g` is dealt from seed `seed + g`, and the bots' random generator is derived from
  the seed and `g`: a run is reproducible whatever the number of processes.
- A seat's result in a game is its side's share of the win: 1 for a sole winning side
  (both partners of a team), 1/k when k sides share it, else 0.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kibitz.bots.base import Budget
from kibitz.bots.registry import make_bot
from kibitz.core import KibitzError, make
from kibitz.core.rng import derive


@dataclass(frozen=True)
class Entrant:
    """One `--bots` name: the bot and an optional budget."""

    label: str
    bot: str
    budget: Budget | None


def parse_entrant(text: str) -> Entrant:
    """`name`, `name@N` (iterations) or `name@Ts` (seconds)."""
    text = text.strip()
    name, at, budget_text = text.partition("@")
    if not name:
        raise KibitzError(f"empty bot name in {text!r}")
    budget = None
    if at:
        try:
            if budget_text.endswith("s"):
                budget = Budget(seconds=float(budget_text[:-1]))
            else:
                budget = Budget(iterations=int(budget_text))
        except ValueError:
            raise KibitzError(
                f"bad budget in {text!r}: write name@ITERATIONS or name@SECONDSs"
            ) from None
    return Entrant(text, name, budget)


@dataclass(frozen=True)
class GameResult:
    """One arena game: per entrant (by index), its seat, score, win share, moves and time."""

    index: int
    seats: tuple[int, ...]
    scores: tuple[float, ...]
    shares: tuple[float, ...]
    winners: tuple[int, ...]
    """Entrant indexes on the winning sides."""
    sides: tuple[tuple[int, ...], ...]
    """Entrant indexes per side (team), for ratings."""
    moves: tuple[int, ...]
    seconds: tuple[float, ...]


def play_game(
    game: str,
    entrants: Sequence[Entrant],
    options: Mapping[str, Any],
    seed: int,
    index: int,
) -> GameResult:
    """Play arena game `index` (seed `seed + index`, seats rotated by `index`)."""
    players = len(entrants)
    seat_of = [(i + index) % players for i in range(players)]
    entrant_at = [0] * players
    for i, seat in enumerate(seat_of):
        entrant_at[seat] = i
    bots = [make_bot(game, entrants[entrant_at[seat]].bot) for seat in range(players)]
    budgets = [entrants[entrant_at[seat]].budget for seat in range(players)]
    g = make(game, players=players, seed=seed + index, **dict(options))
    rng = derive(seed, "arena", index)
    moves = [0] * players
    seconds = [0.0] * players
    watchers = [seat for seat in range(players) if bots[seat].wants_views]
    clock = time.process_time  # CPU time: other processes on a shared machine do not count
    while not g.is_over():
        for seat in sorted(g.to_act()):
            if seat not in g.to_act():
                continue
            start = clock()
            move = bots[seat].choose(g.view(seat), g.legal_moves(seat), rng, budgets[seat])
            seconds[seat] += clock() - start
            moves[seat] += 1
            g.apply(seat, move)
            for watcher in watchers:
                bots[watcher].observe(g.view(watcher))
    outcome = g.outcome()
    assert outcome is not None
    teams = g.teams()
    winning = [team for team in teams if any(seat in outcome.winners for seat in team)]
    share = [0.0] * players
    for team in winning:
        for seat in team:
            share[seat] = 1.0 / len(winning)
    return GameResult(
        index=index,
        seats=tuple(seat_of),
        scores=tuple(outcome.scores[seat_of[i]] for i in range(players)),
        shares=tuple(share[seat_of[i]] for i in range(players)),
        winners=tuple(i for i in range(players) if seat_of[i] in outcome.winners),
        sides=tuple(tuple(entrant_at[seat] for seat in team) for team in teams),
        moves=tuple(moves[seat_of[i]] for i in range(players)),
        seconds=tuple(seconds[seat_of[i]] for i in range(players)),
    )


def wilson(mean: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion `mean` over `n` games (95% by default);
    shared wins count fractionally, which the interval treats as a proportion."""
    if n == 0:
        return (0.0, 1.0)
    denominator = 1 + z * z / n
    centre = (mean + z * z / (2 * n)) / denominator
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """(mean, low, high): the normal 95% interval of the mean of `values`."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


@dataclass(frozen=True)
class Summary:
    """One bot name over a run: games it played and per-game averages over its seats."""

    name: str
    seats: int
    games: int
    win: float
    win_low: float
    win_high: float
    score: float
    score_low: float
    score_high: float
    moves: int
    seconds_per_move: float


def summarize(entrants: Sequence[Entrant], results: Sequence[GameResult]) -> list[Summary]:
    """Per distinct label: the mean per-game win share of its seats (with a Wilson 95%
    interval) and its mean score (normal 95% interval), in the order first named."""
    labels = list(dict.fromkeys(e.label for e in entrants))
    out = []
    for label in labels:
        members = [i for i, e in enumerate(entrants) if e.label == label]
        wins = [sum(r.shares[i] for i in members) / len(members) for r in results]
        scores = [sum(r.scores[i] for i in members) / len(members) for r in results]
        n = len(results)
        win = sum(wins) / n
        low, high = wilson(win, n)
        score, score_low, score_high = mean_interval(scores)
        moves = sum(r.moves[i] for r in results for i in members)
        seconds = sum(r.seconds[i] for r in results for i in members)
        out.append(
            Summary(
                name=label,
                seats=len(members),
                games=n,
                win=win,
                win_low=low,
                win_high=high,
                score=score,
                score_low=score_low,
                score_high=score_high,
                moves=moves,
                seconds_per_move=seconds / moves if moves else 0.0,
            )
        )
    return out
