"""The game API every kibitz game implements.

A `Game` is the authoritative true state of one game: a pure state machine driven by
`apply(seat, move)`. The public methods check seats, turn, legality and game over once;
each game implements only the private hooks (`_deal`, `_legal_moves`, `_apply`, ...).

Several seats may have to act at once (X bere!'s hidden simultaneous choice): `to_act()` is a
set. A seat that has made such a hidden choice may change it until the last seat has chosen:
it is no longer to act, but `may_act(seat)` is true and `legal_moves(seat)` lists its other
choices (a game says which seats through `_may_change`). Decisions in the middle of a
resolution (take a row, choose an X card) are ordinary moves of the seat that must decide.
Hidden information leaves a game only through `view(seat)`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from kibitz.core.errors import (
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    SeatError,
    StateError,
    ViewError,
)
from kibitz.core.native import mypyc_attr
from kibitz.core.options import build_options, options_to_dict
from kibitz.core.rng import child_seed

View = dict[str, Any]
"""Plain JSON-ready data: what one seat (or a spectator, seat None) may know."""

State = dict[str, Any]
"""Plain JSON-ready data: the whole true state, for the server's storage and for debugging."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Move:
    """Base of every game's moves: a value whose `str()` is its notation (see `Game.parse_move`)."""

    __slots__ = ()

    def seated(self, seat: int) -> Any:
        """`(seat, self)`, as a game's history keeps a move (an interned move gives the same
        tuple every time). Typed `Any`, and stored through lists typed `list[Any]`: compiled
        code holds a `tuple[int, Move]` unboxed and would box a new tuple from it."""
        return (seat, self)


@mypyc_attr(allow_interpreted_subclasses=True)
class InternedMove(Move):
    """A move with exactly one object per value, so equality is identity and a legality check
    costs a few pointer comparisons. Create moves only through the class (`Play(57)`, never by
    copying); a subclass fills in a new object's fields in `_setup`, which raises `ValueError`
    for a value that names no move. Each subclass has its own table of instances. Moves are
    shared values: never assign their fields (their `__slots__` refuse new ones; a compiled
    class open to interpreted subclasses cannot refuse assignments, see docs/engines.md)."""

    __slots__ = ("_args", "_seated")
    _instances: ClassVar[dict[Any, Any]] = {}
    _args: tuple[Any, ...]
    _seated: list[Any]
    """`seated`'s tuples, by seat: made once, so that a history entry is not a new object
    (a new tuple holding a move is one more object for the cyclic garbage collector to walk
    for as long as the game lives: a fifth of a 256-game Kozel step was the collector's)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._instances = {}

    def __new__(cls, *args: Any) -> Self:
        key = args[0] if len(args) == 1 else args
        move: Self | None = cls._instances.get(key)
        if move is None:
            move = object.__new__(cls)
            object.__setattr__(move, "_args", args)
            object.__setattr__(move, "_seated", [])
            move._setup(key)
            cls._instances[key] = move
        return move

    def seated(self, seat: int) -> Any:
        pairs = self._seated
        while len(pairs) <= seat:
            pairs.append((len(pairs), self))
        return pairs[seat]

    def _setup(self, key: Any) -> None:
        """Set the fields of a new move from its value (the argument, or the arguments as a
        tuple when there are several); use `_set`."""

    def _set(self, **fields: Any) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[type[Self], tuple[Any, ...]]:
        return (type(self), self._args)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(map(repr, self._args))})"


M = TypeVar("M", bound=Move)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: each seat's score in the game's own scoring, and the
    winning seats (several when they share the win; both partners of a winning team)."""

    scores: tuple[float, ...]
    winners: frozenset[int]


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[M]):
    """One game in progress. Build it with `kibitz.make`, never directly."""

    name: ClassVar[str]
    """The registry name, for example "xbere"."""

    options_class: ClassVar[type[Any]]
    """The game's frozen, documented options dataclass."""

    view_type: ClassVar[type]
    """The `TypedDict` of the game's views (`kibitz.core.schema` exports it as JSON Schema)."""

    state_type: ClassVar[type]
    """The `TypedDict` of the game's states."""

    def __init__(self, players: int, options: Any) -> None:
        self.players = players
        self.options = options
        self.seed: int | None = None
        self.setup: Mapping[str, Any] | None = None
        self.history: list[tuple[int, M]] = []
        self._to_act: frozenset[int] = frozenset()
        self._over = False
        self._legal: list[Sequence[M]] = [()] * players
        """Each seat's legal moves as last listed, valid while `_legal_at[seat]` is the
        number of moves made (so `apply` invalidates them without a store)."""
        self._legal_at = [-1] * players

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(
        cls, players: int, options: Any, seed: int, setup: Mapping[str, Any] | None = None
    ) -> Self:
        """A fresh game dealt from `setup` where given, else from `seed`."""
        game = cls(players, options)
        game.seed, game.setup = seed, setup
        game._deal(seed, setup)
        return game

    @classmethod
    def from_state(cls, state: State) -> Self:
        """The game that `to_state()` saved; a malformed state raises `StateError`."""
        try:
            players = state["players"]
            game = cls(players, build_options(cls.options_class, players, state["options"]))
            game.seed, game.setup = state["seed"], state["setup"]
            game.history = [(seat, game.parse_move(text)) for seat, text in state["moves"]]
            game._load_state(state)
        except (KeyError, TypeError, IndexError, ValueError) as error:
            raise StateError(f"cannot restore a {cls.name} state: {error!r}") from error
        game._legal_at = [-1] * players
        return game

    @classmethod
    def determinize(cls, view: View, rng: random.Random, memory: Any = None) -> Self:
        """A full game consistent with `view`: what the seat does not know is sampled by `rng`.

        Search bots play out such games. The result has no history and a fresh seed for
        whatever chance is still to come; `view(seat)` of it equals `view` for that seat.
        `memory` is what the seat remembers beyond its view, in the game's own form (Goxeso:
        the faces of face-down cards it saw, by cell); the sample agrees with it too. A game
        whose views show all a seat knows (Kozel, the row games) takes none.
        """
        if view.get("game") != cls.name:
            raise ViewError(f"a {view.get('game')!r} view cannot make a {cls.name} game")
        try:
            players = view["players"]
            game = cls(players, build_options(cls.options_class, players, view["options"]))
            game.seed = child_seed(rng)
            if memory is None:
                game._load_view(view, rng)
            else:
                game._load_view_and_memory(view, rng, memory)
        except (KeyError, TypeError, IndexError, ValueError) as error:
            if isinstance(error, ViewError):
                raise
            raise ViewError(f"cannot determinize a {cls.name} view: {error!r}") from error
        game._legal_at = [-1] * players
        return game

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling (and copying) a game: its class, players, options and fields. A compiled
        game keeps its fields in C (named by the class's `__mypyc_attrs__`), not in a
        `__dict__`, and its class makes a game only from players and options."""
        names = [n for n in getattr(type(self), "__mypyc_attrs__", ()) if not n.startswith("__")]
        fields = {name: getattr(self, name) for name in names}
        fields.update(getattr(self, "__dict__", {}))
        return (_restored, (type(self), self.players, self.options, fields))

    # ----------------------------------------------------------------- queries

    def to_act(self) -> frozenset[int]:
        """The seats that must act now (empty once the game is over)."""
        return self._to_act

    def may_act(self, seat: object) -> bool:
        """Whether `seat` may make a move now: it must act, or it may still change a hidden
        choice it made (until the last seat has chosen). Hosts wait only for `to_act()`."""
        return type(seat) is int and (seat in self._to_act or seat in self._may_change())

    def is_over(self) -> bool:
        return self._over

    @property
    def version(self) -> int:
        """The number of moves applied so far: a client's state version."""
        return len(self.history)

    def legal_moves(self, seat: object) -> Sequence[M]:
        """The moves `seat` may make now; empty unless `may_act(seat)`."""
        seat = self._seat(seat)
        if seat not in self._to_act and seat not in self._may_change():
            return ()
        return self._listed(seat)

    def scores(self) -> tuple[float, ...]:
        """Each seat's score so far, in the game's own scoring (all seats' knowledge)."""
        return self._scores()

    def outcome(self) -> Outcome | None:
        """Scores and winners once the game is over, else None."""
        if not self._over:
            return None
        return Outcome(self._scores(), self._winners())

    @abstractmethod
    def invariants(self) -> list[str]:
        """Problems with the true state (cards lost or duplicated, ...); empty when sound.
        The conformance checker calls it after every step."""

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Seats that play as one side; every seat alone unless a game says otherwise."""
        return tuple((seat,) for seat in range(self.players))

    # ----------------------------------------------------------------- acting

    def check(self, seat: object, move: object) -> M:
        """The move `move` (a move object or its notation) if `seat` may make it now.

        Raises `GameOverError`, `SeatError`, `NotYourTurnError`, `NotationError` or
        `IllegalMoveError`, in that order of checks; changes nothing. `apply` makes exactly
        these checks, so a host that must check something of its own between legality and
        the move (a server's state version) calls `check` and then `apply` with the move.
        """
        return self._checked(self._acting(seat), move)

    def apply(self, seat: object, move: object) -> None:
        """Make `move` (a move object or its notation) for `seat`.

        Raises what `check` raises, and then nothing has changed.
        """
        acting = self._acting(seat)
        self._make(acting, self._checked(acting, move))

    def apply_listed(self, seat: object, index: object) -> M:
        """Make the move at `index` of `legal_moves(seat)` as listed now, and return it: a
        caller that picked the move from that list (the RL environments, by action) is spared
        `apply`'s search of it.

        Raises `GameOverError`, `SeatError` or `NotYourTurnError` as `apply` does, and
        `IllegalMoveError` for an index that is not an int of the list's range; then nothing
        has changed.
        """
        acting = self._acting(seat)
        legal = self._listed(acting)
        if type(index) is not int or not 0 <= index < len(legal):
            raise IllegalMoveError(
                f"no legal move {index!r} for seat {acting}: {len(legal)} are listed, "
                f"numbered from 0"
            )
        move = legal[index]
        self._make(acting, move)
        return move

    def _make(self, seat: int, move: M) -> None:
        """Make legal `move` for acting `seat` and record it."""
        self._apply(seat, move)
        history: list[Any] = self.history  # see `Move.seated`
        history.append(move.seated(seat))

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """The move written as `text`; raises `NotationError`. `str(move)` gives it back."""

    # ----------------------------------------------------------------- seeing

    def view(self, seat: object = None) -> View:
        """What `seat` may know now (None: a spectator), as plain JSON-ready data."""
        if seat is not None:
            seat = self._seat(seat)
        data: View = {
            "game": self.name,
            "players": self.players,
            "options": options_to_dict(self.options),
            "seat": seat,
            "to_act": sorted(self._to_act),
            "over": self._over,
            "legal": [] if seat is None else [str(m) for m in self.legal_moves(seat)],
        }
        data.update(self._view(seat))
        if self._over:
            outcome = self.outcome()
            assert outcome is not None
            data["scores"] = list(outcome.scores)
            data["winners"] = sorted(outcome.winners)
        return data

    def to_state(self) -> State:
        """The whole true state as plain data; `from_state` restores it. Server-side only."""
        data: State = {
            "game": self.name,
            "players": self.players,
            "options": options_to_dict(self.options),
            "seed": self.seed,
            "setup": self.setup,
            "moves": [[seat, str(move)] for seat, move in self.history],
        }
        data.update(self._state())
        return data

    # ----------------------------------------------------------------- search

    # What search bots read of a game they sample and play out (`determinize`, then moves),
    # besides the queries above (`is_over`, `scores`, `outcome`, `to_act`, `legal_moves`):
    # so a bot needs no engine class and no private field. Cheap on purpose: rollouts call
    # them at every move.

    def stage(self) -> int:
        """The number of the part of the game being played: the round (row games), the deal
        (Kozel); 0 where the game is played in one part. A rollout may stop when it changes."""
        return 0

    def stage_scores(self) -> tuple[float, ...]:
        """Each seat's result in the parts of the game finished so far, for rewards where a
        rollout stops at the end of a part; the game says what it counts (default: `scores`)."""
        return self._scores()

    def observe(self, seat: int, move: M, by: int) -> Hashable:
        """What seat `by` learns when `seat` makes the legal `move` now (call it before the
        move is applied): the move itself when it is public (the default), else what of it
        shows (a hidden discard shows only its size) or more (a turned card shows its face).
        Search trees branch on these."""
        return move

    @abstractmethod
    def features(self, seat: int) -> Any:
        """The game's own small typed record of what a rollout policy reads for `seat` (its
        hand, the table), valid until the next move and not to be changed; each game
        documents its type."""

    # ----------------------------------------------------------------- helpers

    # The public methods take any object as a seat or a move and refuse what is none: a
    # compiled method typed `int` would read True as seat 1 (docs/engines.md).

    def _seat(self, seat: object) -> int:
        """`seat` if it is a seat of this game, else `SeatError`."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise SeatError(f"no seat {seat!r}: seats are 0 to {self.players - 1}")
        return seat

    def _acting(self, seat: object) -> int:
        """`seat` if it may act now (`may_act`); else `GameOverError`, `SeatError` or
        `NotYourTurnError`."""
        if type(seat) is int and (seat in self._to_act or seat in self._may_change()):
            return seat
        seat = self._seat(seat)
        if self._over:
            raise GameOverError("the game is over")
        waiting = ", ".join(str(s) for s in sorted(self._to_act))
        raise NotYourTurnError(f"seat {seat} may not act now; waiting for seat {waiting}")

    def _checked(self, seat: int, move: object) -> M:
        """`move` (an object or its notation) if it is legal for the acting `seat`."""
        if isinstance(move, str):
            move = self.parse_move(move)
        legal = self._listed(seat)
        if move not in legal:
            reason = self._refusal(seat, move)
            if reason is not None:
                raise IllegalMoveError(f"{move}: {reason}")
            shown = ", ".join(str(m) for m in legal[:12]) + (", ..." if len(legal) > 12 else "")
            raise IllegalMoveError(f"{move} is not legal for seat {seat} now; legal: {shown}")
        return cast(M, move)

    def _listed(self, seat: int) -> Sequence[M]:
        """The legal moves of `seat`, which may act (`may_act`): listed once per
        move made (the search interface and `apply` both ask)."""
        version = len(self.history)
        if self._legal_at[seat] == version:
            return self._legal[seat]
        legal = self._legal[seat] = self._legal_moves(seat)
        self._legal_at[seat] = version
        return legal

    def _refusal(self, seat: int, move: object) -> str | None:
        """Why `move` (any object: a move of another game, too), not legal for `seat` now, is
        refused, in words a player understands ("a1 is face up already"); None gives the
        generic message with the legal moves. Asked only when a move is refused."""
        return None

    def _finish(self) -> None:
        """Mark the game over: nobody acts any more."""
        self._over = True
        self._to_act = frozenset()

    # ----------------------------------------------------------------- hooks

    def _may_change(self) -> frozenset[int]:
        """The seats not to act that may still change a hidden choice they made now (their
        legal moves are the other choices); none unless a game says otherwise."""
        return frozenset()

    @abstractmethod
    def _deal(self, seed: int, setup: Mapping[str, Any] | None) -> None:
        """Set up the start position (raise `SetupError` for a bad setup)."""

    @abstractmethod
    def _legal_moves(self, seat: int) -> Sequence[M]:
        """The legal moves of `seat`, which is among the seats to act."""

    @abstractmethod
    def _apply(self, seat: int, move: M) -> None:
        """Make a legal move; must not fail."""

    @abstractmethod
    def _scores(self) -> tuple[float, ...]: ...

    @abstractmethod
    def _winners(self) -> frozenset[int]: ...

    @abstractmethod
    def _view(self, seat: int | None) -> Mapping[str, Any]:
        """The game-specific part of a view."""

    @abstractmethod
    def _state(self) -> Mapping[str, Any]:
        """The game-specific part of the true state."""

    @abstractmethod
    def _load_state(self, state: State) -> None:
        """Restore what `_state` saved (history, seed and options are already set)."""

    @abstractmethod
    def _load_view(self, view: View, rng: random.Random) -> None:
        """Fill in a full state consistent with `view`, sampling the unknown with `rng`."""

    def _load_view_and_memory(self, view: View, rng: random.Random, memory: Any) -> None:
        """`_load_view`, the sample agreeing with the seat's `memory` too (see
        `determinize`). A game whose views show all a seat knows keeps this default."""
        raise ViewError(f"a {self.name} view shows all a seat knows: no memory to add")


def _restored(cls: type[Game[Any]], players: int, options: Any, fields: dict[str, Any]) -> Any:
    """The game that `Game.__reduce__` took apart."""
    game = cls(players, options)
    for name, value in fields.items():
        setattr(game, name, value)
    return game
