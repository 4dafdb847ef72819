"""What every game needs to become an RL environment: actions as integers, observations as
vectors, a memory of what a seat saw, and rewards.

One `Adapter` per game and option set translates between the kibitz game API and the fixed
shapes learners want. An observation is a function of the seat's view (`game.view(seat)`)
and of the moves the seat saw being made (its `Trace`), never of anything else.

Building a view (a whole JSON-ready dict) costs several engine moves, so the fast paths do
not build one: `Adapter.gather` reads, straight from the game, exactly the fields of the
seat's view that the vector encodes (the public table and the seat's own cards; never
another seat's hidden cards), and a `Trace` updates from the public consequences of the
move just made. tests/rl/test_fast_path.py checks every vector against the straightforward
encoding of a fresh view, and test_hidden_information.py that nothing hidden changes one.
The vectors are gathered as offsets (`Gather`) and written with a few numpy calls. The
environments gather a vector whole only to start (`Tracker`, in `tracker`, then updates it
from each move). `seat_view` still shares one view per seat and game version for what
needs the view itself (OpenSpiel's strings, the bots).
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import numpy as np

from kibitz.core import Game, Move, Outcome, View
from kibitz.core.options import build_options, options_to_dict
from kibitz.core.registry import spec
from kibitz.rl.adapters.gather import Gather
from kibitz.rl.layout import Layout, Vector, put
from kibitz.rl.numbering import FixedNumbering, Numbering

if TYPE_CHECKING:
    from kibitz.rl.adapters.tracker import Tracker
    from kibitz.rl.layout import Rows

RewardMode = Literal["win", "score"]
REWARD_MODES: tuple[RewardMode, ...] = ("win", "score")


_CACHED_GAMES = 8
"""Games whose views `seat_view` keeps: a few, so that environments stepped in turn (and an
environment next to its twin in the tests) keep theirs, while memory stays bounded."""


class _Views:
    """The views of one game at one version, by seat."""

    __slots__ = ("game", "version", "views")

    def __init__(self, game: Game[Any]) -> None:
        self.game = game  # held, so that its id cannot be reused while it is cached
        self.version = game.version
        self.views: dict[int, View] = {}


_VIEWS: dict[int, _Views] = {}


def seat_view(game: Game[Any], seat: int) -> View:
    """`game.view(seat)`, built once per game version and seat and then shared: callers
    must not change it. A move makes a new version, so a view is never stale."""
    entry = _VIEWS.get(id(game))
    if entry is None:
        if len(_VIEWS) >= _CACHED_GAMES:
            del _VIEWS[next(iter(_VIEWS))]
        entry = _VIEWS[id(game)] = _Views(game)
    elif entry.version != game.version:
        entry.version = game.version
        entry.views.clear()
    view = entry.views.get(seat)
    if view is None:
        view = entry.views[seat] = game.view(seat)
    return view


def write_gather(into: Gather, flat: Vector) -> None:
    """Write what `into` gathered into `flat` (zeroed, its `ones_blocks` set) with numpy: the
    ones, then the zeros and values, at once."""
    if into.ones:
        put(flat, into.ones)
    spots, values = list(into.spots), list(into.values)
    if into.zeros:  # never where a 1 or a value goes: written with the values
        spots += into.zeros
        values += [0.0] * len(into.zeros)
    if spots:
        flat[np.fromiter(spots, np.intp, len(spots))] = values


class Trace(ABC):
    """What one seat has seen so far, beyond the current view: the memory a player keeps.

    The environment calls `start` once and `after` after every move of anyone; an
    implementation must record only what `seat` was shown (its views, its own moves and the
    moves made in the open), so that two histories that look the same to the seat give equal
    traces.
    """

    layout: Layout
    """The memory part of the observation vector (may have no fields)."""

    def __init__(self, seat: int, text: bool = True) -> None:
        self.seat = seat
        self.keeps_text = text
        """Whether the text log is kept. Only OpenSpiel's information state string reads it;
        the environments leave it out, which spares Kozel a view of every seat per move."""

    @abstractmethod
    def start(self, game: Game[Any]) -> None:
        """The game starts (or, in a resampled state, is taken over) here."""

    @abstractmethod
    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        """`mover` made `move`, and `game` is the game after it."""

    @abstractmethod
    def gather(self, base: int, ones: list[int]) -> None:
        """Append the offsets (from `base`) of the memory vector's 1s: every memory field is
        made of 0s and 1s."""

    def recall(self) -> Any:
        """What the seat remembers beyond its current view, in the form of `determinize`'s
        `memory` (None, the default: its views show all it knows)."""
        return None

    def share(self, other: Trace) -> None:
        """Give `other`, the memory of another seat just started on a game this seat cannot
        tell from its own (a resampled state), what this memory holds that every seat saw.
        Nothing, by default: a memory of the seat's own cards only (Kozel's hands)."""
        return None

    def write(self, out: Vector) -> None:
        """Write the memory vector (`layout.size` values) into `out`, which is zeroed."""
        ones: list[int] = []
        self.gather(0, ones)
        if ones:
            put(out, ones)

    def text(self) -> str:
        """The memory as text: with the current view it is the seat's information state."""
        if not self.keeps_text:
            raise RuntimeError("this memory keeps no text log (made with text=False)")
        return self._text()

    @abstractmethod
    def _text(self) -> str:
        """The text log and what the memory holds now, as `text` gives it."""

    def copy(self) -> Trace:
        return copy.deepcopy(self)


class Adapter(ABC):
    """Integer actions, observation vectors and rewards for one game and option set."""

    game_name: ClassVar[str]
    lower_is_better: ClassVar[bool]
    """Penalty games (X bere!, 6 nimmt!, Kozel's losing points): the lowest score wins."""

    num_actions: int
    observation: Layout
    """The fields read from the current view."""
    ones_blocks: tuple[tuple[int, int], ...] = ()
    """(offset, size) of the observation's fields that `gather` expects set to 1 beforehand
    (it then lists the 0s among them)."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        game_spec = spec(self.game_name)
        opts = build_options(game_spec.game.options_class, players, options)
        self.players = players
        self.options: dict[str, Any] = options_to_dict(opts)
        self._game_class = game_spec.game
        self._rule_options = opts
        """The options object, built and checked once: `new_game` deals with it, where
        `kibitz.make` would check the options again (a list-valued option, every time)."""
        self.numbering: Numbering = Numbering(self)
        """`moves_actions` for the compiled step loops (a game adapter gives a compiled one)."""
        self.rel = [[(s - seat) % players for s in range(players)] for seat in range(players)]
        """`rel[observer][seat]`: the seat's block in the observer's vector (seats are
        relative: block 0 is the observer's own)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Adapter:
        """The adapter itself: it is the game's rules and layouts (and caches of what
        follows from them), the same for every copy of a state or environment using it."""
        return self

    def new_game(self, seed: int) -> Game[Any]:
        """A new game of these options dealt from kibitz seed `seed`: `kibitz.make(game_name,
        players, seed, **options)`, without checking the options again."""
        return self._game_class.new(self.players, self._rule_options, seed, None)

    # ----------------------------------------------------------------- actions

    @abstractmethod
    def move_to_action(self, game: Game[Any], seat: int, move: Move) -> int:
        """The action number of `move`, a legal move of `seat` in `game`."""

    @abstractmethod
    def action_to_move(self, game: Game[Any], seat: int, action: int) -> Move:
        """The move that action number `action` stands for, for `seat` in `game` now.
        Raises `ValueError` when the number means nothing here."""

    @abstractmethod
    def action_name(self, action: int) -> str:
        """What action number `action` means, without a game at hand (for tables and logs)."""

    def legal_actions(self, game: Game[Any], seat: int) -> list[int]:
        """The action numbers of `seat`'s legal moves, ascending."""
        return sorted(self.move_to_action(game, seat, move) for move in game.legal_moves(seat))

    def action_mask(self, game: Game[Any], seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 at each legal action of `seat`; all zeros when it is not to act."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        self.write_mask(game, seat, mask)
        return mask

    def write_mask(self, game: Game[Any], seat: int, mask: np.ndarray[Any, Any]) -> None:
        """Set 1 at each legal action of `seat` in `mask` (zeroed, int8): item by item
        through a memoryview, faster than numpy for the few legal moves of a position."""
        view = memoryview(mask)  # type: ignore[arg-type]
        for action in self.actions(game, seat):
            view[action] = 1

    def actions(self, game: Game[Any], seat: int) -> list[int]:
        """The action numbers of `seat`'s legal moves, in the order of `game.legal_moves`; none
        for a seat that is not to act (a row game's seat that has chosen may change its choice,
        but the research interfaces step only the seats that must act)."""
        if seat not in game.to_act():
            return []
        return self.moves_actions(game, seat, game.legal_moves(seat))

    def moves_actions(self, game: Game[Any], seat: int, moves: Sequence[Move]) -> list[int]:
        """The action numbers of `moves`, legal moves of `seat` in `game` now, in order: for
        a caller that has listed the legal moves already (and keeps them to map an action
        back to its move without asking the game again)."""
        return [self.move_to_action(game, seat, move) for move in moves]

    # ----------------------------------------------------------------- observations

    def gather(self, game: Game[Any], seat: int, base: int, into: Gather) -> None:
        """Gather the view fields of `seat`'s observation of `game` (`observation.size`
        values from offset `base`) into `into`. The game adapters read the fields of the game
        that the seat's view shows; this default encodes the view itself (`encode`)."""
        out = np.zeros(self.observation.size, dtype=np.float32)
        self.encode(seat_view(game, seat), out)
        for start, size in self.ones_blocks:
            into.zeros += [base + start + i for i in range(size) if out[start + i] == 0.0]
        spots = np.flatnonzero(out)
        into.spots += (spots + base).tolist()
        into.values += out[spots].tolist()

    def encode(self, view: View, out: Vector) -> None:
        """Write the view fields of `view`'s observation into zeroed `out` (for an adapter
        that encodes views rather than gathering from the game)."""
        raise NotImplementedError(f"{type(self).__name__} neither gathers nor encodes")

    @abstractmethod
    def new_trace(self, seat: int, text: bool = True) -> Trace:
        """An empty memory for `seat`; `text=False` leaves out the text log (`Trace.text`)."""

    def new_tracker(self, seats: Sequence[int], rows: Rows | None = None) -> Tracker:
        """A tracker of the observation vectors of `seats` (in `rows`, or rows of its own);
        call its `start` with the game. Game adapters give one that follows each move."""
        from kibitz.rl.adapters.tracker import Tracker

        return Tracker(self, seats, rows)

    @property
    def memory(self) -> Layout:
        return self.new_trace(0).layout

    @property
    def full_layout(self) -> Layout:
        """Observation fields followed by memory fields: the environments' vector."""
        return self.observation + self.memory

    def observe(self, game: Game[Any], trace: Trace) -> Vector:
        """The full observation vector of the trace's seat: its view fields, then memory."""
        out = np.zeros(self.observation.size + trace.layout.size, dtype=np.float32)
        self.write_observation(game, trace, out)
        return out

    def write_observation(self, game: Game[Any], trace: Trace, out: Vector) -> None:
        """Write the full observation of the trace's seat (its view fields, then its memory)
        into zeroed `out`."""
        into = Gather()
        self.set_blocks(out, 0)
        self.gather(game, trace.seat, 0, into)
        trace.gather(self.observation.size, into.ones)
        write_gather(into, out)

    def set_blocks(self, flat: Vector, base: int) -> None:
        """Set the `ones_blocks` of the observation at `base` in `flat` to 1."""
        for start, size in self.ones_blocks:
            flat[base + start : base + start + size] = 1.0

    def view_text(self, view: View) -> str:
        """The view as canonical JSON text (without the legal move list, which the action
        mask carries): OpenSpiel's observation string."""
        data = {key: value for key, value in view.items() if key != "legal"}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    # ----------------------------------------------------------------- game length and rewards

    @abstractmethod
    def max_decisions(self) -> int:
        """An upper bound on the number of moves of one game (OpenSpiel's max_game_length)."""

    def returns(self, game: Game[Any], mode: RewardMode) -> list[float]:
        """Each seat's reward for the finished `game` (all zeros while it goes on)."""
        outcome = game.outcome()
        if outcome is None:
            return [0.0] * game.players
        return rewards(outcome, game.teams(), self.lower_is_better, mode)


class FixedActionAdapter(Adapter):
    """An adapter whose action numbers depend on the move alone, not on the position (the
    row games, Goxeso): its `FixedNumbering` works a move's number out from its fields, and
    each number's move is made once and then looked up."""

    fixed: FixedNumbering
    """The numbering (also `numbering`), which the subclass sets up."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, options)
        self._moves: dict[int, Move] = {}

    def move_to_action(self, game: Game[Any], seat: int, move: Move) -> int:
        return self.fixed.action(move)

    def legal_actions(self, game: Game[Any], seat: int) -> list[int]:
        return sorted(self.actions(game, seat))

    def moves_actions(self, game: Game[Any], seat: int, moves: Sequence[Move]) -> list[int]:
        return self.fixed.actions(game, seat, moves)

    def action_to_move(self, game: Game[Any], seat: int, action: int) -> Move:
        move = self._moves.get(action)
        if move is None:
            move = self._moves[action] = self._move(action)
        return move

    @abstractmethod
    def _move(self, action: int) -> Move:
        """The move of action number `action`; raises `ValueError` for a number with none."""


def rewards(
    outcome: Outcome,
    teams: Sequence[Sequence[int]],
    lower_is_better: bool,
    mode: RewardMode,
) -> list[float]:
    """The end-of-game rewards (docs/rl.md, "Rewards").

    `win`: the sides (teams, or single seats) split into winning sides (a side with a winner)
    and losing sides. Every seat of a winning side gets +1 / (number of winning sides), every
    seat of a losing side -1 / (number of losing sides); all 0 when nobody loses.

    `score`: v = the seat's score, negated when lower is better; a seat gets
    (v - mean v) / (max v - min v), all 0 when every score is equal.

    Both are in [-1, 1] and sum to 0 over the seats when the sides have equal sizes.
    """
    players = len(outcome.scores)
    if mode == "win":
        side_of = {seat: index for index, side in enumerate(teams) for seat in side}
        won = {side_of[seat] for seat in outcome.winners}
        lost = set(range(len(teams))) - won
        if not lost or not won:
            return [0.0] * players
        return [
            1.0 / len(won) if side_of[seat] in won else -1.0 / len(lost) for seat in range(players)
        ]
    if mode == "score":
        sign = -1.0 if lower_is_better else 1.0
        values = [sign * float(score) for score in outcome.scores]
        spread = max(values) - min(values)
        if spread == 0:
            return [0.0] * players
        mean = sum(values) / players
        return [(value - mean) / spread for value in values]
    raise ValueError(f"unknown reward mode {mode!r}; the modes are: {', '.join(REWARD_MODES)}")
