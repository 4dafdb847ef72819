"""The game log: every move of a game as structured entries that a page puts into words.

An entry is plain data: a `kind` ("place", "lead", "taken", ...) and its arguments (seats,
cards, rows, points), never prose, so each page says it in its own language. Each game's
spec names its log module (`Hooks.log`), whose `entries(before, after)` is a pure function
of two spectator views, the one before a move and the one after it (`before` is None for the
start of the game), returning the entries that move adds. Built from spectator views only,
the log is the same for every seat and spectator and holds nothing a spectator may not see
(a face-down discard is "2 cards face down"; a hidden choice appears once it is revealed).

`GameLog` keeps the log of a game in play by following it: one move at a time from the
game's own spectator view, any number of moves at once on a replica of its own, and from
the game's seed and setup again when the game it follows was replaced by one with other
moves (a reload).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from kibitz.core.game import Game, View
from kibitz.core.registry import spec

Entry = dict[str, Any]
"""One log entry: `{"kind": ..., ...arguments}`, JSON-ready."""

Step = Callable[[View | None, View], list[Entry]]
"""A game's `entries(before, after)`: the entries one move adds (see the module doc)."""


def _no_entries(before: View | None, after: View) -> list[Entry]:
    return []


def log_step(game: str) -> Step:
    """The `entries` function of game `game` (its spec's `hooks.log` module); a game without
    a log module logs nothing."""
    module = spec(game).hooks.log
    if module is None:
        return _no_entries
    step: Step = importlib.import_module(module).entries
    return step


def _written(played: tuple[int, Any]) -> tuple[int, str]:
    seat, move = played
    return seat, str(move)


class GameLog:
    """The log of one game, brought up to date with `follow(game)`.

    `entries` is the log; `counts[v]` is how many entries it had after `v` moves, so the
    entries of move `v` are `entries[counts[v - 1]:counts[v]]`.
    """

    def __init__(self, game: Game[Any]) -> None:
        self._step = log_step(game.name)
        self._start(game)

    def _start(self, game: Game[Any]) -> None:
        self._kind, self._seed = type(game), game.seed
        self._moves: list[tuple[int, str]] = []
        """The moves logged, as written."""
        self._view = self._new(game).view(None)
        self.entries: list[Entry] = self._step(None, self._view)
        self.counts = [len(self.entries)]

    @staticmethod
    def _new(game: Game[Any]) -> Game[Any]:
        """The game at its start (from its seed and setup)."""
        assert game.seed is not None, "a game made by `make` has a seed"
        return type(game).new(game.players, game.options, game.seed, game.setup)

    @property
    def version(self) -> int:
        """The number of moves logged."""
        return len(self._moves)

    def follow(self, game: Game[Any]) -> list[Entry]:
        """Log the moves `game` made since the last call (all of them when it is not the game
        followed so far: another game, or the same one replayed with other moves); returns
        the log. One move since the last call (a server's every move) is logged from the
        game's own spectator view; more are replayed on a replica to see each one's view."""
        history, done = game.history, len(self._moves)
        if (
            type(game) is not self._kind
            or game.seed != self._seed
            or game.version < done
            or (done and _written(history[done - 1]) != self._moves[-1])
        ):
            self._start(game)
            done = 0
        if game.version == done + 1:
            self._log(history[done], game.view(None))
        elif game.version > done:
            replica = self._new(game)
            for seat, move in history[:done]:
                replica.apply(seat, move)
            for seat, move in history[done:]:
                replica.apply(seat, move)
                self._log((seat, move), replica.view(None))
        return self.entries

    def _log(self, played: tuple[int, Any], after: View) -> None:
        self.entries.extend(self._step(self._view, after))
        self.counts.append(len(self.entries))
        self._moves.append(_written(played))
        self._view = after

    def since(self, version: int) -> int:
        """How many entries the log had after `version` moves (0 before the first)."""
        return self.counts[version] if 0 <= version < len(self.counts) else 0
