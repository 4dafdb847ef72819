"""Every kibitz game as an OpenSpiel Python game.

    import kibitz.rl.openspiel as kos
    game = kos.load("xbere", players=3)  # or pyspiel.load_game("kibitz_xbere(players=3)")
    state = game.new_initial_state()

Importing this module registers `kibitz_<name>` for each game with an RL adapter. Game
parameters:

- `players` (int): seats (the game's usual count by default);
- `options` (string): rule options as `name:value` words, lists with `/`, for example
  `"rounds:2 take_on:over row_limits:3/4/5"` (OpenSpiel's game strings allow no commas);
- `reward` (string): `win` or `score` (docs/rl.md);
- `turn_based` (bool): X bere! and 6 nimmt! are simultaneous-move games; `true` asks the
  choices seat by seat instead (each still face down), a sequential game for algorithms such
  as IS-MCTS that need one.

Chance is explicit (`EXPLICIT_STOCHASTIC`): a new state starts with eight chance nodes of 256
uniform outcomes, the bytes of the kibitz seed, which fixes the deal and every later chance
event of the game. Nothing else is random, so a state is its seed and its moves: it pickles,
deep-copies and serializes (`pyspiel.serialize_game_and_state` too). `resample_from_infostate`
draws a full game consistent with a player's view with `kibitz.core.determinize`.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import kibitz
from kibitz.core import Game, Record, determinize, start
from kibitz.core.registry import spec
from kibitz.core.rng import SEED_BITS
from kibitz.rl.adapters import (
    REWARD_MODES,
    Adapter,
    RewardMode,
    Trace,
    Tracker,
    adapter,
    seat_view,
    supported,
)

PREFIX = "kibitz_"

SEED_BYTES = 8
"""Chance nodes at the start of a game: the bytes of its kibitz seed, most significant first
(the top bit is dropped: kibitz seeds have SEED_BITS = 63 bits, and each seed is reached by
exactly two byte strings, so seeds stay uniform)."""

_CHANCE_OUTCOMES = [(byte, 1.0 / 256) for byte in range(256)]
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
_SEED_MASK = (1 << SEED_BITS) - 1


def seed_actions(seed: int) -> list[int]:
    """The chance actions that deal the game of kibitz seed `seed`."""
    return list(seed.to_bytes(SEED_BYTES, "big"))


# ----------------------------------------------------------------- options as text


def options_to_text(options: Mapping[str, Any]) -> str:
    """Rule options as an OpenSpiel-safe string: `name:value` words, lists joined by `/`."""
    words = []
    for name, value in sorted(options.items()):
        if isinstance(value, list | tuple):
            text = "/".join(str(item) for item in value)
        elif value is None:
            text = "none"
        elif isinstance(value, bool):
            text = "true" if value else "false"
        else:
            text = str(value)
        if not text or any(c in text for c in " ,:()="):
            raise ValueError(f"option {name}={value!r} cannot be written in an OpenSpiel string")
        words.append(f"{name}:{text}")
    return " ".join(words)


def options_from_text(text: str) -> dict[str, str]:
    """The options of `options_to_text` (values stay text; the game's options read them)."""
    options: dict[str, str] = {}
    for word in text.split():
        name, sep, value = word.partition(":")
        if not sep or not name:
            raise ValueError(f"cannot read option {word!r}: write name:value")
        options[name] = value.replace("/", ",")
    return options


# ----------------------------------------------------------------- the game


class _Box:
    """Holds a kibitz game; copies it by pickling, much faster than a generic deep copy."""

    __slots__ = ("game",)

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(pickle.loads(pickle.dumps(self.game, pickle.HIGHEST_PROTOCOL)))

    def __getstate__(self) -> Game[Any]:
        return self.game

    def __setstate__(self, game: Game[Any]) -> None:
        self.game = game


class _Tracking:
    """A state's tracker of every seat's observation vector (`KibitzState.vector`), made when
    a tensor is first asked for and then following the moves. A copy of the state (a clone,
    a deep copy) gets a copy of it, bound to the copy's own game on first use."""

    __slots__ = ("game", "tracker")

    def __init__(self, tracker: Tracker | None = None, game: Game[Any] | None = None) -> None:
        self.tracker = tracker
        self.game = game
        """The game the tracker follows (None: a copy's, not bound yet)."""

    def bound(self, game: Game[Any]) -> Tracker | None:
        """The tracker, following `game` (a copy of the game it followed, if it changed)."""
        tracker = self.tracker
        if tracker is not None and self.game is not game:
            tracker.rebind(game)
            self.game = game
        return tracker

    def __deepcopy__(self, memo: dict[int, Any]) -> _Tracking:
        return _Tracking(None if self.tracker is None else self.tracker.copy())

    def __reduce__(self) -> tuple[type[_Tracking], tuple[()]]:
        return (_Tracking, ())


_ADAPTERS: dict[tuple[str, int, str], Adapter] = {}


def _adapter(key: tuple[str, int, str]) -> Adapter:
    found = _ADAPTERS.get(key)
    if found is None:
        name, players, options = key
        found = _ADAPTERS[key] = adapter(name, players, options_from_text(options))
    return found


def _simultaneous(name: str) -> bool:
    return spec(name).dynamics == "simultaneous"


def _game_type(name: str, sequential: bool) -> pyspiel.GameType:
    game_spec = spec(name)
    simultaneous = _simultaneous(name) and not sequential
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"kibitz {game_spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS
        if simultaneous
        else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game_spec.max_players,
        min_num_players=game_spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={
            "players": game_spec.default_players,
            "options": "",
            "reward": "win",
            "turn_based": False,
        },
    )


class KibitzGame(pyspiel.Game):  # type: ignore[misc]
    """A kibitz game as an OpenSpiel game (one per game name and parameters)."""

    def __init__(self, name: str, params: Mapping[str, Any]) -> None:
        players = int(params["players"])
        options_text = str(params["options"])
        reward = str(params["reward"])
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        key = (name, players, options_text)
        kibitz_adapter = _adapter(key)
        turn_based = bool(params["turn_based"])
        super().__init__(
            _game_type(name, turn_based),
            pyspiel.GameInfo(
                num_distinct_actions=kibitz_adapter.num_actions,
                max_chance_outcomes=256,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=kibitz_adapter.max_decisions(),
            ),
            dict(params),
        )
        self.kibitz_name = name
        self.key = key
        self.adapter = kibitz_adapter
        self.reward: RewardMode = reward
        self.turn_based = turn_based
        self.simultaneous = _simultaneous(name) and not turn_based

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its game string (the game has no other state)."""
        return (_game_from_string, (str(self),))

    def __deepcopy__(self, memo: dict[int, Any]) -> KibitzGame:
        return self  # immutable, like every OpenSpiel game

    def new_initial_state(self, *args: Any) -> KibitzState:
        """A new game at its first chance node (the seed is dealt by chance actions)."""
        return KibitzState(self, None)

    def new_dealt_state(self, seed: int) -> KibitzState:
        """A new game past its chance nodes, dealt by kibitz seed `seed`."""
        state = KibitzState(self, None)
        for byte in seed_actions(seed):
            state.apply_action(byte)
        return state

    def max_chance_nodes_in_history(self) -> int:
        return SEED_BYTES

    def state_of(self, game: Game[Any]) -> KibitzState:
        """An OpenSpiel state that plays on from kibitz game `game` (its seats, options)."""
        state = KibitzState(self, None)
        state.restart(game)
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> KibitzObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        public_only = bool(
            iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        return KibitzObserver(self.adapter, perfect_recall, public_only)


class KibitzState(pyspiel.State):  # type: ignore[misc]
    """A kibitz game in progress, seen through OpenSpiel's state API."""

    def __init__(self, game: KibitzGame, seed: int | None) -> None:
        super().__init__(game)
        self.adapter = game.adapter
        """The game's adapter (shared: a copy of the state shares it)."""
        self._reward: RewardMode = game.reward
        self._simultaneous = game.simultaneous
        self._seed = seed
        self._dealt: list[int] = []
        """The seed bytes drawn by the chance nodes so far."""
        self._box: _Box | None = None
        self._traces: list[Trace] | None = None
        self._replayable = False
        """Whether the game was dealt here from `_seed`: then the memories (and their text
        logs) are made only when something reads them, by replaying the moves from a fresh
        deal, instead of following every move."""
        self._tracking = _Tracking()
        self._player = (-1, 0)
        """(game version, current player) last worked out."""

    def __reduce__(self) -> tuple[Any, tuple[KibitzGame, str]]:
        """Pickled as its game and its serialization (OpenSpiel's own state format)."""
        return (_state_from_string, (cast(KibitzGame, self.get_game()), self.serialize()))

    def __deepcopy__(self, memo: dict[int, Any]) -> KibitzState:
        return cast(KibitzState, self.clone())

    def _dealing(self) -> bool:
        return self._seed is None and self._box is None

    # The kibitz game is made on first use: OpenSpiel clones a state by making a new one
    # and copying the attributes over, and a clone need not deal a game it will not use.
    # The seats' memories are started on first use too (a move starts them before it is
    # made): OpenSpiel sizes a tensor by writing one for a throwaway new state, and an
    # observation tensor needs no memory.

    @property
    def kibitz_game(self) -> Game[Any]:
        """The kibitz game (the true state: seats' views come from it)."""
        box = self._box
        if box is None:
            seed = self._seed
            if seed is None:
                raise pyspiel.SpielError("no game yet: the chance nodes deal its seed first")
            adapter = self.adapter
            game = adapter.new_game(seed)
            self.restart(game)
            self._replayable = True
            assert self._box is not None
            box = self._box
        return box.game

    def restart(self, game: Game[Any], traces: Sequence[Trace] | None = None) -> None:
        adapter = self.adapter
        if game.name != adapter.game_name or game.players != adapter.players:
            raise ValueError(f"not a {adapter.game_name} game for {adapter.players}")
        self._box = _Box(game)
        self._player = (-1, 0)
        self._traces = None if traces is None else list(traces)
        self._replayable = False
        self._tracking = _Tracking()

    def _memories(self) -> list[Trace]:
        """Every seat's memory, made now if not made yet (from then on they follow every
        move): replayed from a fresh deal for a game dealt here, else started on the game as
        it is (no move has been made since `restart`: `_play` starts them before it moves)."""
        traces = self._traces
        if traces is None:
            game = start = self.kibitz_game
            adapter = self.adapter
            if self._replayable and game.history:
                seed = self._seed
                assert seed is not None
                start = adapter.new_game(seed)
            traces = [adapter.new_trace(seat) for seat in range(game.players)]
            for trace in traces:
                trace.start(start)
            if start is not game:
                for seat, move in game.history:
                    start.apply(seat, move)
                    for trace in traces:
                        trace.after(start, seat, move)
            self._traces = traces
        return traces

    def trace(self, player: int) -> Trace:
        return self._memories()[player]

    # ----------------------------------------------------------------- OpenSpiel API

    def current_player(self) -> int:
        # OpenSpiel asks this several times per step (is_terminal, is_chance_node, legal
        # actions, apply): the answer is kept for the game version it was worked out for.
        box = self._box
        if box is None:
            if self._seed is None:
                return _CHANCE
            game = self.kibitz_game
        else:
            game = box.game
        version = len(game.history)  # the game's version, without the property's call
        if self._player[0] == version:
            return self._player[1]
        if game.is_over():
            player = _TERMINAL
        else:
            to_act = game.to_act()
            player = _SIMULTANEOUS if self._simultaneous and len(to_act) > 1 else min(to_act)
        self._player = (version, player)
        return player

    # These answer Python callers in Python. pyspiel's own methods (what C++ code calls)
    # reach the same answers through its C++ State, which calls back into `current_player`
    # and `_legal_actions` once or more per question: several callbacks a step, about as
    # costly as the whole kibitz move.

    def is_chance_node(self) -> bool:
        return self.current_player() == _CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == _SIMULTANEOUS

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of `player` (default: the current player), as pyspiel's: the
        chance outcomes at a chance node, none at the end or for a seat not to act."""
        current = self.current_player()
        if current == _TERMINAL:
            return []
        if current == _CHANCE:
            return list(range(256))
        if player is None or player == current:
            return self._legal_actions(current)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        # A sequential node (turn_based: the others' face-down choices wait) has one player.
        return self._legal_actions(player) if current == _SIMULTANEOUS else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(_CHANCE_OUTCOMES) if self._dealing() else []

    def _legal_actions(self, player: int) -> list[int]:
        box = self._box
        if box is None:
            if self._seed is None:
                return []
            game = self.kibitz_game
        else:
            game = box.game
        if player not in game.to_act():
            return []
        return self.adapter.legal_actions(game, player)

    def _apply_action(self, action: int) -> None:
        if self._dealing():
            if not 0 <= action < 256:
                raise pyspiel.SpielError(f"a chance outcome is a byte, not {action}")
            self._dealt.append(action)
            if len(self._dealt) == SEED_BYTES:
                self._seed = int.from_bytes(bytes(self._dealt), "big") & _SEED_MASK
            return
        game = self.kibitz_game
        to_act = game.to_act()
        if self._simultaneous and len(to_act) > 1:
            raise pyspiel.SpielError("a simultaneous node needs apply_actions")
        self._play(game, min(to_act), action)

    def _apply_actions(self, actions: Sequence[int]) -> None:
        game = self.kibitz_game
        seats = sorted(game.to_act())
        if len(actions) != game.players:
            raise pyspiel.SpielError(f"expected {game.players} actions, got {len(actions)}")
        for seat in seats:
            self._play(game, seat, int(actions[seat]))

    def _play(self, game: Game[Any], seat: int, action: int) -> None:
        traces = self._traces
        if traces is None and not self._replayable:
            traces = self._memories()  # they could not be made later
        move = self.adapter.action_to_move(game, seat, action)
        game.apply(seat, move)
        if traces is not None:
            for trace in traces:
                trace.after(game, seat, move)
        tracker = self._tracking.bound(game)
        if tracker is not None:
            tracker.after(game, seat, move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return f"{player}: {self.adapter.action_name(action)}"

    def is_terminal(self) -> bool:
        return self.current_player() == _TERMINAL

    def returns(self) -> list[float]:
        if self._dealing():
            return [0.0] * self.num_players()
        return self.adapter.returns(self.kibitz_game, self._reward)

    def rewards(self) -> list[float]:
        return self.returns()

    # OpenSpiel's C++ `observation_tensor(player)` first sizes the tensor by writing one for
    # a throwaway `new_initial_state()`, then copies a Python observer's buffer into a list.
    # These copy the player's row of the state's tracker, kept up to date move by move.

    def observation_tensor(self, player: int | None = None) -> np.ndarray[Any, Any]:
        """The observation tensor of `player` (default: the current player), as a float32
        numpy array of its own (not a list: turning thousands of floats into a list costs
        more than writing them; `.tolist()` gives OpenSpiel's list)."""
        return self._tensor(False, player)

    def information_state_tensor(self, player: int | None = None) -> np.ndarray[Any, Any]:
        """The information state tensor of `player` (default: the current player), as a
        float32 numpy array of its own (see `observation_tensor`)."""
        return self._tensor(True, player)

    def _tensor(self, perfect_recall: bool, player: int | None) -> np.ndarray[Any, Any]:
        if player is None:
            player = self.current_player()
        adapter = self.adapter
        if not 0 <= player < adapter.players:
            raise pyspiel.SpielError(f"no tensor for player {player}")
        if self._dealing():  # nothing to see before the deal
            size = adapter.full_layout.size if perfect_recall else adapter.observation.size
            return np.zeros(size, dtype=np.float32)
        vector = self.vector(player)
        return vector.copy() if perfect_recall else vector[: adapter.observation.size].copy()

    def vector(self, player: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """`player`'s whole observation vector (view fields, then memory) now: the row of
        the state's tracker (read it, never change it; the next move overwrites it)."""
        game = self.kibitz_game
        tracker = self._tracking.bound(game)
        if tracker is None:
            tracker = self.adapter.new_tracker(range(game.players))
            if self._traces is None and self._replayable and not game.history:
                tracker.start(game)  # fresh memories, as the seats' would be
            else:
                tracker.start(game, dict(enumerate(self._memories())))
            self._tracking = _Tracking(tracker, game)
        tracker.flush(game, player)
        return cast("np.ndarray[Any, np.dtype[np.float32]]", tracker.rows[player])

    def __str__(self) -> str:
        if self._dealing():
            return f"dealing: seed bytes {self._dealt}"
        return json.dumps(self.kibitz_game.to_state(), sort_keys=True, separators=(",", ":"))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KibitzState:
        """A state the player cannot tell from this one: the kibitz game is
        `determinize(view, memory)` (what the player remembers, Goxeso's faces, holds in it
        too), the player keeps its memory, and the others' memories hold what every seat
        saw (`Trace.share`) and their own cards as sampled."""
        seed = int(probability_sampler() * 2**52)
        return self.resample(player_id, random.Random(seed))

    def resample(self, player: int, rng: random.Random) -> KibitzState:
        game = self.kibitz_game
        sampled = determinize(game.view(player), rng, self.trace(player).recall())
        state = KibitzState(cast(KibitzGame, self.get_game()), None)
        mine = self.trace(player)
        traces: list[Trace] = []
        for seat in range(game.players):
            if seat == player:
                traces.append(mine.copy())
            else:
                other = self.adapter.new_trace(seat)
                other.start(sampled)
                mine.share(other)
                traces.append(other)
        state.restart(sampled, traces)
        return state


class KibitzObserver:
    """OpenSpiel's observer: observation (`perfect_recall` false: the current view) or
    information state (true: the view and the player's memory), or the public view."""

    def __init__(self, adapter: Adapter, perfect_recall: bool, public_only: bool) -> None:
        self.adapter = adapter
        self.perfect_recall = perfect_recall
        self.public_only = public_only
        size = adapter.full_layout.size if perfect_recall else adapter.observation.size
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = (
            None if public_only else np.zeros(size, dtype=np.float32)
        )
        self.dict = {} if self.tensor is None else {"observation": self.tensor}

    def set_from(self, state: KibitzState, player: int) -> None:
        if self.tensor is None:
            return
        if state._dealing():
            self.tensor.fill(0.0)  # nothing to see before the deal
            return
        self.tensor[:] = state.vector(player)[: self.tensor.size]

    def string_from(self, state: KibitzState, player: int) -> str:
        if state._dealing():
            return ""
        game = state.kibitz_game
        if self.public_only:
            return self.adapter.view_text(game.view(None))
        text = self.adapter.view_text(seat_view(game, player))
        if self.perfect_recall:
            return state.trace(player).text() + "\n" + text
        return text


# ----------------------------------------------------------------- registration and loading


_CLASSES: dict[str, type[KibitzGame]] = {}
"""One game class per kibitz game, registered with OpenSpiel. Classes (kept alive here)
rather than closures: OpenSpiel keeps the creator until the process ends, and freeing a
Python function that late aborts the interpreter."""


def _register(name: str) -> None:
    defaults = dict(_game_type(name, False).parameter_specification)

    def __init__(self: KibitzGame, params: Mapping[str, Any] | None = None) -> None:
        merged = dict(defaults)
        merged.update(params or {})
        KibitzGame.__init__(self, name, merged)

    cls = type(f"KibitzGame_{name}", (KibitzGame,), {"__init__": __init__})
    _CLASSES[name] = cls
    pyspiel.register_game(_game_type(name, False), cls)


def registered() -> list[str]:
    """The OpenSpiel names of the kibitz games (registered on import of this module)."""
    return [PREFIX + name for name in supported()]


def register_all() -> None:
    """Register every game that has an adapter and is not registered yet (games added to the
    kibitz registry after this module was imported are picked up here)."""
    known = set(pyspiel.registered_names())
    for name in supported():
        if PREFIX + name not in known:
            _register(name)


register_all()


def _game_from_string(text: str) -> KibitzGame:
    """The game of a game string (unpickling; importing this module registers the games)."""
    return cast(KibitzGame, pyspiel.load_game(text))


def _state_from_string(game: KibitzGame, text: str) -> KibitzState:
    return cast(KibitzState, game.deserialize_state(text))


def load(
    name: str,
    players: int | None = None,
    reward: RewardMode = "win",
    turn_based: bool = False,
    **options: Any,
) -> KibitzGame:
    """The OpenSpiel game of kibitz game `name` with these rule options."""
    register_all()
    params: dict[str, Any] = {
        "players": spec(name).default_players if players is None else players,
        "options": options_to_text(options),
        "reward": reward,
        "turn_based": turn_based,
    }
    return cast(KibitzGame, pyspiel.load_game(PREFIX + name, params))


def resampler(seed: int) -> Callable[[KibitzState, int], KibitzState]:
    """A reproducible `ISMCTSBot.set_resampler` callback (the default resampler draws from
    an unseeded sampler)."""
    rng = random.Random(seed)

    def resample(state: KibitzState, player: int) -> KibitzState:
        return state.resample(player, random.Random(rng.getrandbits(SEED_BITS)))

    return resample


# ----------------------------------------------------------------- records and histories


def game_for(record: Record, turn_based: bool = False, reward: RewardMode = "win") -> KibitzGame:
    """The OpenSpiel game a record was played in."""
    return load(
        record.game, record.players, reward=reward, turn_based=turn_based, **dict(record.options)
    )


def record_to_state(record: Record, turn_based: bool = False) -> KibitzState:
    """The OpenSpiel state after the record's moves, reached through OpenSpiel actions:
    its `history()` is the record's OpenSpiel history (the seed's chance actions, then the
    moves; a record with an explicit deal has no chance actions). Simultaneous choices of
    one turn are gathered into one joint action."""
    game = game_for(record, turn_based)
    if record.setup is None and record.seed is not None:
        state = game.new_dealt_state(record.seed)
    else:
        state = game.state_of(start(record))
    moves = list(record.moves)
    i = 0
    while i < len(moves):
        player = state.current_player()
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            n = state.num_players()
            chunk = moves[i : i + n]
            if len(chunk) < n:
                break  # a turn not complete in the record: OpenSpiel cannot stop inside it
            joint = [0] * n
            for seat, text in chunk:
                joint[seat] = _action(state, seat, text)
            state.apply_actions(joint)
            i += n
        else:
            seat, text = moves[i]
            if seat != player:
                raise ValueError(f"move {i + 1}: seat {seat} moves, OpenSpiel expects {player}")
            state.apply_action(_action(state, seat, text))
            i += 1
    return state


def _action(state: KibitzState, seat: int, text: str) -> int:
    game = state.kibitz_game
    return state.adapter.move_to_action(game, seat, game.parse_move(text))


def state_to_record(state: KibitzState) -> Record:
    """The kibitz record of the game in `state` (for a resampled state: the sampled game)."""
    return Record.of(state.kibitz_game)


def history_to_record(
    game: KibitzGame,
    history: Iterable[int],
    setup: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> Record:
    """The record of the game played by the OpenSpiel action `history` (joint actions as
    one action per player, seat order): dealt by its chance actions, or, with `setup`, by
    that explicit deal (and `seed` for chance to come), the history then holding moves only."""
    if setup is None:
        state = game.new_initial_state()
    else:
        adapter = game.adapter
        state = game.state_of(
            kibitz.make(adapter.game_name, adapter.players, seed, setup, **adapter.options)
        )
    actions = list(history)
    i = 0
    while i < len(actions):
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            n = state.num_players()
            state.apply_actions(actions[i : i + n])
            i += n
        else:
            state.apply_action(actions[i])
            i += 1
    return state_to_record(state)


def record_to_history(record: Record, turn_based: bool = False) -> list[int]:
    """The OpenSpiel action history of a record's moves."""
    return [int(action) for action in record_to_state(record, turn_based).history()]
