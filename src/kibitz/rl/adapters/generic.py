"""The adapter of a game whose spec names none (`Hooks.rl` is None): enough to run a new game
in the RL tools and their tests before it has an adapter of its own, not to learn it well.

Actions (at most `MAX_ACTIONS`): action i is the seat's i-th legal move now, in the order of
`game.legal_moves(seat)`, so its meaning depends on the position (OpenSpiel allows that; the
observation carries the legal moves' notations). Observation: `FEATURES` values, 1 where a
leaf of the seat's view (its path and value, the legal moves included) hashes to. Memory:
none in the vector; the text log keeps every view the seat was shown, which makes
OpenSpiel's information state string perfect recall.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, cast

from kibitz.core import Game, Move, View
from kibitz.core.registry import spec
from kibitz.rl.adapters.base import Adapter, Trace, seat_view
from kibitz.rl.layout import Field, Layout, Vector, put

MAX_ACTIONS = 64
FEATURES = 512
MAX_DECISIONS = 10_000
"""The game length OpenSpiel is told; nothing in a spec bounds it."""


def _leaves(data: Any, path: str) -> Iterator[str]:
    if isinstance(data, dict):
        for key in sorted(data):
            yield from _leaves(data[key], f"{path}/{key}")
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _leaves(item, f"{path}/{index}")
    else:
        yield f"{path}={json.dumps(data)}"


class GenericAdapter(Adapter):
    """Legal-move actions and a hashed view for any game; `generic_adapter(name)` makes the
    class of one game."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, options)
        self.num_actions = MAX_ACTIONS
        self.observation = Layout(
            [Field("view", FEATURES, "1 where a leaf of the view (path=value) hashes to")]
        )

    def _legal(self, game: Game[Any], seat: int) -> list[Move]:
        return self._checked(list(game.legal_moves(seat)))

    def _checked(self, legal: list[Move]) -> list[Move]:
        """`legal`, the legal moves of a position, if the actions can number them."""
        if len(legal) > MAX_ACTIONS:
            raise ValueError(
                f"{self.game_name} has {len(legal)} legal moves here, more than the generic "
                f"adapter's {MAX_ACTIONS} actions: give the game an adapter (Hooks.rl)"
            )
        return legal

    def move_to_action(self, game: Game[Any], seat: int, move: Move) -> int:
        return self._legal(game, seat).index(move)

    def action_to_move(self, game: Game[Any], seat: int, action: int) -> Move:
        legal = self._legal(game, seat)
        if not 0 <= action < len(legal):
            raise ValueError(f"no action {action} now: seat {seat} has {len(legal)} moves")
        return legal[action]

    def actions(self, game: Game[Any], seat: int) -> list[int]:
        return list(range(len(self._legal(game, seat))))

    def moves_actions(self, game: Game[Any], seat: int, moves: Sequence[Move]) -> list[int]:
        return list(range(len(self._checked(list(moves)))))

    def legal_actions(self, game: Game[Any], seat: int) -> list[int]:
        return self.actions(game, seat)

    def action_name(self, action: int) -> str:
        return f"legal move {action}"

    def encode(self, view: View, out: Vector) -> None:
        offsets = [zlib.crc32(leaf.encode()) % FEATURES for leaf in _leaves(view, "")]
        put(out, offsets)

    def new_trace(self, seat: int, text: bool = True) -> Trace:
        return GenericTrace(seat, text)

    def max_decisions(self) -> int:
        return MAX_DECISIONS

    def __reduce__(self) -> tuple[Any, tuple[str, int, dict[str, Any]]]:
        # Each game's class is made at run time: pickle the adapter as the call that makes it.
        return (_rebuild, (self.game_name, self.players, self.options))


class GenericTrace(Trace):
    """No memory vector; the text log holds the seat's views, one per line."""

    layout = Layout([])

    def __init__(self, seat: int, text: bool = True) -> None:
        super().__init__(seat, text)
        self.log: list[str] = []

    def start(self, game: Game[Any]) -> None:
        self.log = []
        self._see(game)

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        self._see(game)

    def _see(self, game: Game[Any]) -> None:
        if self.keeps_text:
            view = seat_view(game, self.seat)
            self.log.append(json.dumps(view, sort_keys=True, separators=(",", ":")))

    def gather(self, base: int, ones: list[int]) -> None:
        pass

    def _text(self) -> str:
        return "\n".join(self.log)


def generic_adapter(name: str) -> type[GenericAdapter]:
    """The generic adapter class of game `name` (its spec says whether lowest scores win)."""
    attributes = {"game_name": name, "lower_is_better": spec(name).lowest_wins}
    cls = type(f"GenericAdapter_{name}", (GenericAdapter,), attributes)
    return cast(type[GenericAdapter], cls)


def _rebuild(name: str, players: int, options: dict[str, Any]) -> GenericAdapter:
    return generic_adapter(name)(players, options)
