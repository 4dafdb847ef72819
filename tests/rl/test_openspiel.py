"""OpenSpiel's own checks on every game (random_sim_test), its IS-MCTS bot playing full
games against kibitz bots, serialization, and records <-> OpenSpiel histories."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from rl_configs import Config  # noqa: E402

import kibitz  # noqa: E402
from kibitz.bots import available, make_bot  # noqa: E402
from kibitz.core import Record, replay, spec  # noqa: E402
from kibitz.rl import openspiel as kos  # noqa: E402


def _variants(name: str) -> list[bool]:
    """turn_based values to test: both presentations of the simultaneous games."""
    return [False, True] if spec(name).dynamics == "simultaneous" else [False]


def test_random_sim_test(config: Config) -> None:
    name, players, options = config
    for turn_based in _variants(name):
        game = kos.load(name, players, turn_based=turn_based, **options)
        # serialize=True: serialize_game_and_state and back at many states of each game.
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_game_types_and_string_loading() -> None:
    game = pyspiel.load_game("kibitz_xbere(players=3,options=rounds:2 take_on:over)")
    assert isinstance(game, kos.KibitzGame)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.adapter.options["rounds"] == 2 and game.adapter.options["take_on"] == "over"
    turns = kos.load("xbere", 3, turn_based=True)
    assert turns.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kos.options_from_text(kos.options_to_text({"row_limits": [3, 4, 5]})) == {
        "row_limits": "3,4,5"
    }


def _random_play(state: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            assert sum(probabilities) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes))
        elif state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions(
                [rng.choice(state.legal_actions(p)) for p in range(state.num_players())]
            )
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _questions(state: Any, own: bool) -> list[Any]:
    """What a random-play loop asks a state: through its own methods (`own`), or through
    pyspiel's, which C++ algorithms call."""

    def ask(method: str, *args: int) -> Any:
        if own:
            return getattr(state, method)(*args)
        return getattr(pyspiel.State, method)(state, *args)

    answers = [ask(name) for name in ("is_chance_node", "is_simultaneous_node", "is_player_node")]
    if not state.is_simultaneous_node():
        answers.append(ask("legal_actions"))
    for p in range(-5, state.num_players() + 1):
        try:
            answers.append(ask("legal_actions", p))
        except pyspiel.SpielError as error:
            answers.append(str(error))
    return answers


def test_python_answers_equal_pyspiels_own(config: Config) -> None:
    # The state answers Python callers in Python (no round trips through pyspiel's C++
    # State); the answers must be those of pyspiel's methods.
    name, players, options = config
    for turn_based in _variants(name):
        state = kos.load(name, players, turn_based=turn_based, **options).new_initial_state()
        rng = random.Random(3)
        while True:
            assert _questions(state, own=True) == _questions(state, own=False)
            if state.is_terminal():
                break
            _random_play(state, rng, 1)


def test_state_serialization_round_trip(config: Config) -> None:
    name, players, options = config
    game = kos.load(name, players, **options)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        text, pickled = pyspiel.serialize_game_and_state(game, state), pickle.dumps(state)
        copies = [
            game.deserialize_state(state.serialize()),
            pyspiel.deserialize_game_and_state(text)[1],
            pickle.loads(pickled),
            copy.deepcopy(state),
        ]
        for twin in copies:
            assert isinstance(twin, kos.KibitzState)
            assert str(twin) == str(state)
            assert twin.history() == state.history()
            for p in range(players):
                assert twin.information_state_string(p) == state.information_state_string(p)
                assert np.array_equal(
                    twin.information_state_tensor(p), state.information_state_tensor(p)
                )
        # A copy plays on by itself: the original does not move with it.
        twin = copies[2]
        before = str(state)
        _random_play(twin, random.Random(0), 1)
        assert str(state) == before
        _random_play(state, rng, 7)


def test_games_pickle_and_deep_copy_as_their_game_string() -> None:
    game = kos.load("xbere", 3, take_on="over", turn_based=True)
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert isinstance(twin, kos.KibitzGame)
        assert str(twin) == str(game)
        assert twin.adapter.options == game.adapter.options
        assert twin.turn_based


def test_records_and_histories_convert_both_ways(config: Config) -> None:
    name, players, options = config
    game = kibitz.make(name, players=players, seed=21, **options)
    rng = random.Random(2)
    while not game.is_over():
        seat = min(game.to_act())
        legal = game.legal_moves(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    record = Record.of(game)
    for turn_based in _variants(name):
        state = kos.record_to_state(record, turn_based=turn_based)
        assert state.is_terminal()
        assert state.returns() == state.adapter.returns(game, "win")
        history = kos.record_to_history(record, turn_based=turn_based)
        assert history == list(state.history())
        assert len(history) == kos.SEED_BYTES + len(record.moves)
        assert history[: kos.SEED_BYTES] == kos.seed_actions(game.seed or 0)
        back = kos.history_to_record(kos.game_for(record, turn_based), history)
        assert replay(back).to_state() == game.to_state()
        if not turn_based:
            continue
        # In turn order the actions are the record's moves one for one.
        moves = history[kos.SEED_BYTES :]
        assert [state.adapter.action_name(a) for a in moves] == [t for _, t in record.moves]


def _opponent_level(name: str) -> str:
    levels = available(name)
    return "easy" if "easy" in levels else "random"


def test_openspiel_ismcts_plays_a_full_game_against_kibitz_bots(config: Config) -> None:
    name, players, options = config
    game = kos.load(name, players, turn_based=True, **options)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=15, random_state=np.random.RandomState(2)
    )
    bot.set_resampler(kos.resampler(3))
    level = _opponent_level(name)
    opponents = {seat: make_bot(name, level) for seat in range(1, players)}
    rng = random.Random(5)
    state = game.new_dealt_state(4)
    searched = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            kgame = state.kibitz_game
            move = opponents[player].choose(kgame.view(player), kgame.legal_moves(player), rng)
            state.apply_action(state.adapter.move_to_action(kgame, player, move))
    assert searched > 0
    returns = state.returns()
    assert len(returns) == players and sum(returns) == pytest.approx(0.0)
    assert kos.state_to_record(state).moves  # the game it played is a kibitz record


def test_ismcts_default_resampler_keeps_the_information_state() -> None:
    game = kos.load("xbere", 3, turn_based=True)
    state = game.new_dealt_state(9)
    _random_play(state, random.Random(4), 5)
    player = state.current_player()
    sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.information_state_string(player) == state.information_state_string(player)
    assert sampled.legal_actions() == state.legal_actions()


def test_a_goxeso_resample_keeps_the_faces_the_player_remembers() -> None:
    # The information state holds the faces the player saw on face-down cards, longer ago
    # than its view shows: a state consistent with it must have them where they are.
    game = kos.load("goxeso", 2, size=4)
    state = game.new_dealt_state(5)
    rng = random.Random(8)
    _random_play(state, rng, 14)
    true_board = state.kibitz_game.to_state()["board"]
    for player in range(2):
        remembered = state.trace(player).recall()
        view = state.kibitz_game.view(player)
        shown = {f["cell"] for t in view["turns"] for f in t["flips"]}
        assert set(remembered) - shown  # it remembers more than its view shows
        for _ in range(10):
            sampled = state.resample(player, random.Random(rng.random()))
            board = sampled.kibitz_game.to_state()["board"]
            for cell, face in remembered.items():
                row, column = int(cell[1]) - 1, "abcd".index(cell[0])
                assert board[row][column] == true_board[row][column] == face
            assert sampled.information_state_string(player) == state.information_state_string(
                player
            )


def test_a_goxeso_resample_gives_the_other_seat_what_it_saw() -> None:
    # Every card turned in Goxeso is shown to all: in a state the player cannot tell from
    # this one, the other seat remembers what it remembers here, and sees what it sees.
    game = kos.load("goxeso", 2, size=4)
    state = game.new_dealt_state(5)
    rng = random.Random(8)
    _random_play(state, rng, 14)
    for player in range(2):
        other = 1 - player
        assert state.trace(other).recall()
        sampled = state.resample(player, random.Random(rng.random()))
        assert sampled.trace(other).recall() == state.trace(other).recall()
        assert sampled.information_state_string(other) == state.information_state_string(other)
        assert np.array_equal(
            sampled.information_state_tensor(other), state.information_state_tensor(other)
        )


def test_a_row_game_resample_gives_the_other_seats_the_cards_played() -> None:
    # The cards revealed this round are the memory part of every seat's vector: the other
    # seats of a resampled state keep them (their hands are sampled).
    game = kos.load("xbere", 3, turn_based=True)
    state = game.new_dealt_state(9)
    _random_play(state, random.Random(4), 12)
    memory = slice(state.adapter.observation.size, None)
    player = state.current_player()
    sampled = state.resample(player, random.Random(2))
    for seat in range(3):
        true_memory = state.information_state_tensor(seat)[memory]
        assert true_memory.any()
        assert np.array_equal(sampled.information_state_tensor(seat)[memory], true_memory)
