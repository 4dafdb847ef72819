"""Rollout policy improvement of the Goxeso planner (Bertsekas; Tesauro and Galperin).

At a decision where the planner's choice is not forced, a few candidate flips (the
planner's own first) are each played on the same boards sampled from the seat's memory (the
remembered faces where it saw them, the other faces still on the board shuffled over the
cells it does not know), and each game is played out to the end by the planner itself for
the seat's side and by `greedy` for the others (a model of the opponents: the bot still sees
only its view). Every candidate meets the same boards and the same random numbers, so the
comparison is paired; a candidate replaces the planner's choice only when it wins more by
several standard errors of the paired differences. The play-outs read the engine's declared
search interface (`features`) through `Position.of_features`, the same planner code the bot
plays from its view.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from kibitz.bots.goxeso import JOKER, GreedyBot, HardBot, MemoryBot, Position
from kibitz.core import Move, View, ViewError
from kibitz.games.goxeso.cards import cell_name, read_cell
from kibitz.games.goxeso.game import Goxeso


def replica(rng: random.Random) -> random.Random:
    """A generator that draws what `rng` would draw next, without advancing `rng`: the search
    leaves the game's generator as the planner would, so a game in which the search keeps
    every planner's choice is the planner's game, move for move."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


def cell_index(name: str, size: int) -> int:
    """The cell `name` (a cell of the board, as the view and the memory write it)."""
    cell = read_cell(name, size)
    assert cell is not None, name
    return cell


def sampled_game(view: View, known: dict[str, str], rng: random.Random) -> Goxeso:
    """A full game consistent with `view` and the remembered faces `known` (by cell name):
    those lie where the seat saw them, the other faces not accounted for are shuffled over
    the other face-down cells (`Goxeso.determinize` with the memory)."""
    try:
        return Goxeso.determinize(view, rng, known)
    except ViewError:  # memory and view disagree (never with perfect memory): the view alone
        return Goxeso.determinize(view, rng)


def play_out(
    game: Goxeso,
    me: int,
    known: set[int],
    bots: Sequence[MemoryBot],
    rng: random.Random,
    *,
    classic: bool,
) -> float:
    """Play `game` to the end of its board (each seat by `bots[seat].flip`, all with perfect
    memory of the cells in `known`, which grows as cards are turned); `me`'s share of the
    win, ties shared, plus a hundredth of a point per pair of margin over the best other
    side. Exchanges are left out: the pairs as the board empties."""
    size = game.features(me).size
    flips: dict[int, Move] = {}
    while not game.is_over():
        seat = next(iter(game.to_act()))
        f = game.features(seat)
        if not f.playing:
            break
        p = Position.of_features(f, classic, known)
        cell = cell_index(bots[seat].flip(p, rng), size)
        known.add(cell)
        move = flips.get(cell)
        if move is None:
            move = flips[cell] = game.parse_move(f"flip {cell_name(cell, size)}")
        game.apply(seat, move)
    f = game.features(me)
    mine = f.pairs[f.owner]
    best = max(pairs for owner, pairs in enumerate(f.pairs) if owner != f.owner)
    share = 0.0 if mine < best else 1.0 / sum(1 for pairs in f.pairs if pairs == mine)
    return share + 0.01 * (mine - best)


class PlayOuts:
    """The search of `hard` with an iteration budget (module docstring): `samples` boards per
    decision, each candidate played out on every one."""

    z = 2.0
    """A candidate replaces the planner's choice only when its mean gain over it, board by
    board, is more than this many standard errors."""

    def __init__(self, samples: int) -> None:
        self.samples = samples

    def choose(
        self, bot: HardBot, view: View, legal: Sequence[Move], rng: random.Random
    ) -> Move | None:
        """The move of a candidate better than the planner's, or None (play the planner's);
        `bot.memory` must have seen `view`. `rng` is left as it was."""
        p = Position.of_view(view, bot.memory)
        choices = self.candidates(bot, p, replica(rng))
        if len(choices) > 1:
            pick = self.best(bot, view, p, choices, replica(rng))
            if pick:
                for move in legal:
                    if str(move) == f"flip {choices[pick]}":
                        return move
        return None

    def candidates(self, bot: HardBot, p: Position, rng: random.Random) -> list[str]:
        """The planner's card (as `rng` draws it) first, then the few others worth weighing:
        none for a first card (the planner's; aimed first cards as candidates did not
        gain, docs/bots.md) and none when the planner's choice is forced (a sure match, a
        claim)."""
        if p.first is None:
            return []
        return self.second_candidates(bot, p, p.first, rng)

    def second_candidates(
        self, bot: HardBot, p: Position, first: str, rng: random.Random
    ) -> list[str]:
        """A joker face up: the best matches by value. Else, with no sure match and no claim:
        the aimed new card (the joker hunt), a new card off the lines with the first, the
        quietest known card."""
        if p.known.get(first) == JOKER and not p.classic:
            planned = bot.second_card(p, first, rng)
            partners = sorted(
                (c for c in p.cells if c != first), key=lambda c: -p.take_value(first, c)
            )
            return list(dict.fromkeys([planned, *partners[:3]]))
        if p.best_match(first) is not None or p.claimable():
            return []
        planned = bot.second_card(p, first, rng)
        out = [planned]
        others = [c for c in p.unknown if c != first]
        if others:
            out.append(max(others, key=lambda c: (p.line_count(first, c), c)))
            out.append(min(others, key=lambda c: (p.line_count(first, c), c)))
        quiet = [c for c in p.known if c != first and not p.gives_away(c)]
        if quiet:
            out.append(min(quiet, key=lambda c: (bot.swap_risk(p, first, c), c)))
        return list(dict.fromkeys(out))

    def best(
        self, bot: HardBot, view: View, p: Position, choices: list[str], rng: random.Random
    ) -> int:
        """The index of the candidate to play (0, the planner's, unless another is better)."""
        seat = view["seat"]
        players = view["players"]
        bots: list[MemoryBot] = [GreedyBot()] * players
        for entry in view["holdings"]:
            if seat in entry["seats"]:
                for s in entry["seats"]:
                    bots[s] = bot
        values: list[list[float]] = [[] for _ in choices]
        for _ in range(self.samples):
            seed = rng.random()
            for i, choice in enumerate(choices):
                local = random.Random(seed)
                game = sampled_game(view, bot.memory.known, local)
                known = {cell_index(c, p.size) for c in p.known}
                known.add(cell_index(choice, p.size))
                game.apply(seat, f"flip {choice}")
                values[i].append(play_out(game, seat, known, bots, local, classic=p.classic))
        return better(values, self.z)


def better(values: Sequence[Sequence[float]], z: float) -> int:
    """The index of the candidate to play: the one whose mean gain over candidate 0 (paired,
    board by board) is largest, if that gain exceeds `z` standard errors; else 0."""
    n = len(values[0])
    best, best_gain = 0, 0.0
    for i in range(1, len(values)):
        gains = [v - w for v, w in zip(values[i], values[0], strict=True)]
        mean = sum(gains) / n
        spread = sum((g - mean) ** 2 for g in gains) / max(1, n - 1)
        if mean > best_gain and mean > z * math.sqrt(spread / n):
            best, best_gain = i, mean
    return best
