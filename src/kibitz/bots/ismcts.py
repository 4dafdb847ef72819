"""Information-set Monte Carlo tree search (ISMCTS), generic over the game API.

One tree is grown over the searching seat's information (single-observer ISMCTS, Cowling,
Powley and Whitehouse 2012): every iteration samples a new full game consistent with the
seat's view (`determinize`, once per iteration, never copied afterwards), walks down the tree
choosing moves for whichever seats act, adds one node, plays the rest out with a cheap
rollout policy and backs each seat's reward up the path.

- Each node keeps, per acting seat, bandit statistics for that seat's moves; a move's
  availability counts how often it was legal when the node was visited, so UCB works when
  different determinizations allow different moves (the subset-armed bandit of ISMCTS).
- Several seats acting at once (X bere!'s hidden simultaneous choice) form one joint step
  searched with decoupled UCT: each seat picks from its own statistics, unaware of the
  others' picks, and the child is keyed by what the searching seat observes of the joint
  move.
- Children are keyed by observations, not by moves: a `Tuning` says what the searching seat
  sees of a move (a hidden discard is only "a discard of two cards"; a flipped card shows its
  face), so the tree never branches on what the seat cannot know.

The game-specific parts (rollout policy, when to stop a rollout, rewards, observations,
exploration constant) live in a `Tuning`; the defaults work for any game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kibitz.bots.base import Bot, Budget
from kibitz.core import Game, Move, View, spec


class Tuning:
    """The game-specific hooks of the search; every default is game-independent."""

    exploration: float = 0.7
    """UCB exploration constant (rewards are in [0, 1])."""

    opponents_in_tree: bool = True
    """Whether the other seats choose by their own bandit statistics in the tree (True:
    they search too, as in a game-theoretic search) or by the rollout policy everywhere
    (False: an opponent model; the tree then only holds the seat's own choices, which gives
    far less noisy statistics when the policy models the opponents well)."""

    def searches(self, me: int, seat: int) -> bool:
        """Whether `seat` chooses by its own statistics in the tree (else by the rollout
        policy). Default: the searching seat, and the others when `opponents_in_tree`."""
        return seat == me or self.opponents_in_tree

    def observe(self, game: Game[Any], me: int, seat: int, move: Move) -> Hashable:
        """What `me` learns when `seat` makes `move` in `game` (called before the move is
        applied). The default: what the game says it shows (`Game.observe`)."""
        return game.observe(seat, move, me)

    def determinize(self, game_class: type[Game[Any]], view: View, rng: random.Random) -> Game[Any]:
        """The full game one iteration plays, consistent with `view`. Default: the game's own
        `determinize`, every unseen card equally likely wherever it may be; a tuning may
        weigh what the other seats' plays tell of their hidden cards."""
        return game_class.determinize(view, rng)

    def rollout_move(
        self, game: Game[Any], seat: int, legal: Sequence[Move], rng: random.Random
    ) -> Move:
        """The rollout policy (default uniformly random). It may read the sampled game: in a
        rollout every hidden card is already sampled, so knowing it costs no honesty."""
        return legal[rng.randrange(len(legal))]

    def done(self, game: Game[Any], start: int) -> bool:
        """Whether a rollout may stop here (default: the game is over). `start` is the
        `Game.stage` the iteration began in (a number: the sampled game itself is played
        on, so it cannot stand for its own start); a change tells a round or deal's end."""
        return game.is_over()

    def rewards(self, game: Game[Any]) -> Sequence[float]:
        """Each seat's reward in [0, 1] where the rollout stopped. Default: the win, shared
        between the winning sides; a team's win is each partner's full win."""
        outcome = game.outcome()
        if outcome is None:
            return [0.5] * game.players
        return win_rewards(game, outcome.winners)


def win_rewards(game: Game[Any], winners: frozenset[int]) -> list[float]:
    """1 split among the winning sides (teams count once), per seat."""
    rewards = [0.0] * game.players
    sides = [team for team in game.teams() if any(seat in winners for seat in team)]
    for team in sides:
        for seat in team:
            rewards[seat] = 1.0 / len(sides)
    return rewards


class _Node:
    """One information set of the searching seat: per-seat arm statistics and children."""

    __slots__ = ("arms", "children")

    def __init__(self) -> None:
        self.arms: dict[int, dict[Move, list[float]]] = {}
        """seat -> move -> [visits, reward sum, availability]."""
        self.children: dict[Hashable, _Node] = {}


@dataclass
class SearchStats:
    """What the last search did, for benchmarks and tests."""

    iterations: int = 0
    seconds: float = 0.0
    nodes: int = 0
    visits: dict[str, int] = field(default_factory=dict)


class ISMCTS:
    """The search. `search(view, legal, rng, budget)` returns the most visited root move."""

    def __init__(self, tuning: Tuning | None = None) -> None:
        self.tuning = tuning or Tuning()
        self.last = SearchStats()

    def search(self, view: View, legal: Sequence[Move], rng: random.Random, budget: Budget) -> Move:
        me: int = view["seat"]
        if len(legal) == 1:
            self.last = SearchStats()
            return legal[0]
        game_class = spec(view["game"]).game
        tuning = self.tuning
        c = tuning.exploration
        determinize, observe, rollout, done, rewards = (
            tuning.determinize,
            tuning.observe,
            tuning.rollout_move,
            tuning.done,
            tuning.rewards,
        )
        log, sqrt = math.log, math.sqrt
        searchers = {seat for seat in range(view["players"]) if tuning.searches(me, seat)}
        root = _Node()
        nodes = 1
        max_iterations = budget.iterations
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        if max_iterations is None and deadline is None:
            max_iterations = 1000
        start = time.perf_counter()
        iterations = 0
        while True:
            if max_iterations is not None and iterations >= max_iterations:
                break
            if deadline is not None and iterations > 0 and time.perf_counter() >= deadline:
                break
            iterations += 1
            game = determinize(game_class, view, rng)
            begin = game.stage()
            node = root
            path: list[tuple[_Node, list[tuple[int, list[float]]]]] = []
            while not game.is_over() and not done(game, begin):
                seats = game.to_act()
                picks: list[tuple[int, Move]] = []
                chosen_arms: list[tuple[int, list[float]]] = []
                for seat in sorted(seats) if len(seats) > 1 else seats:
                    moves = game.legal_moves(seat)
                    if seat not in searchers:
                        picks.append((seat, rollout(game, seat, moves, rng)))
                        continue
                    arms = node.arms.get(seat)
                    if arms is None:
                        arms = node.arms[seat] = {}
                    best_arm: list[float] | None = None
                    best_move: Move | None = None
                    best_value = -1.0
                    unvisited: list[Move] = []
                    for move in moves:
                        arm = arms.get(move)
                        if arm is None:
                            arm = arms[move] = [0, 0.0, 0]
                        arm[2] += 1
                        visits = arm[0]
                        if visits == 0:
                            unvisited.append(move)
                        elif not unvisited:
                            value = arm[1] / visits + c * sqrt(log(arm[2]) / visits)
                            if value > best_value:
                                best_value, best_arm, best_move = value, arm, move
                    if unvisited:
                        best_move = unvisited[rng.randrange(len(unvisited))]
                        best_arm = arms[best_move]
                    assert best_move is not None and best_arm is not None
                    picks.append((seat, best_move))
                    chosen_arms.append((seat, best_arm))
                path.append((node, chosen_arms))
                if len(picks) == 1:
                    seat, move = picks[0]
                    key: Hashable = observe(game, me, seat, move)
                    game.apply(seat, move)
                else:
                    key = tuple(observe(game, me, seat, move) for seat, move in picks)
                    for seat, move in picks:
                        game.apply(seat, move)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                    nodes += 1
                    node = child
                    break
                node = child
            # Rollout from where the tree ends.
            while not game.is_over() and not done(game, begin):
                seats = game.to_act()
                seat = min(seats) if len(seats) > 1 else next(iter(seats))
                game.apply(seat, rollout(game, seat, game.legal_moves(seat), rng))
            reward = rewards(game)
            for _node, chosen in path:
                for seat, arm in chosen:
                    arm[0] += 1
                    arm[1] += reward[seat]
        root_arms = root.arms.get(me, {})
        best = max(
            legal,
            key=lambda m: (
                root_arms[m][0] if m in root_arms else -1,
                root_arms[m][1] / root_arms[m][0] if m in root_arms and root_arms[m][0] else 0,
            ),
        )
        self.last = SearchStats(
            iterations=iterations,
            seconds=time.perf_counter() - start,
            nodes=nodes,
            visits={str(m): int(a[0]) for m, a in root_arms.items()},
        )
        return best


class SearchBot(Bot):
    """A bot that runs ISMCTS with a game's tuning and a default budget."""

    def __init__(self, name: str, tuning: Tuning, budget: Budget) -> None:
        self.name = name
        self.search = ISMCTS(tuning)
        self.budget = budget

    def choose(
        self, view: View, legal: Sequence[Move], rng: random.Random, budget: Budget | None = None
    ) -> Move:
        return self.search.search(view, legal, rng, budget or self.budget)
