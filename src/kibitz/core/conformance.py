"""The conformance checker every kibitz game must pass (in the manner of pgx's `api_test`
and OpenSpiel's `random_sim_test`).

`check_game` plays many seeded random games and, after every step, checks the invariants of
the game API: the game's own invariants (cards all accounted for), legal moves exist while
not over and exactly for the seats that `may_act`, a refused move (out of turn, illegal, bad
notation) raises and changes nothing, views are plain data consistent with `determinize`,
hidden information does not leak (given a `twin` that changes only what a seat cannot see;
a seat changing a hidden choice changes no other seat's view, so nobody learns the card nor
that it was changed), notation, state and records (changes included) round-trip,
replay is deterministic, and what the game's spec declares (dynamics, teams, whether the
lowest score wins) is what the game does.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from kibitz.core.errors import (
    GameOverError,
    IllegalMoveError,
    KibitzError,
    NotationError,
    NotYourTurnError,
    SeatError,
)
from kibitz.core.game import Game, Outcome
from kibitz.core.record import Record, replay
from kibitz.core.registry import GameSpec, determinize, from_state, make, spec

Validate = Callable[[str, Mapping[str, Any]], None]
"""Called with ("view", view) or ("state", state) for every view and state a run looks at
(for example a JSON Schema validator); it raises to fail the run."""

Twin = Callable[[Game[Any], int, random.Random], Game[Any]]
"""A game that differs from the given one only in what `seat` cannot see (built from the
true state, independently of `view`), used to prove that views leak nothing."""


class ConformanceError(AssertionError):
    """A game broke the game API's contract; the message says where and how."""


@dataclass
class Report:
    """What a conformance run covered."""

    games: int = 0
    steps: int = 0
    views: int = 0
    determinizations: int = 0
    twins: int = 0
    refusals: int = 0
    changes: int = 0
    finished: int = 0
    outcomes: list[tuple[float, ...]] = field(default_factory=list)


def _json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, allow_nan=False)


def _fail(where: str, message: str) -> None:
    raise ConformanceError(f"{where}: {message}")


def _has_key(data: Any, key: str) -> bool:
    if isinstance(data, Mapping):
        return key in data or any(_has_key(v, key) for v in data.values())
    if isinstance(data, list):
        return any(_has_key(v, key) for v in data)
    return False


def _check_plain(where: str, data: Any) -> None:
    """Views and states must be plain JSON data: equal after a JSON round trip."""
    try:
        again = json.loads(_json(data))
    except (TypeError, ValueError) as error:
        _fail(where, f"not plain JSON data: {error}")
    if again != data:
        _fail(where, "changes in a JSON round trip (tuples, non-text keys?)")


def _snapshot(game: Game[Any]) -> str:
    """The true state without the move history (which only `apply` appends to)."""
    return _json([game.version, sorted(game.to_act()), game._state()])


def _check_refusal(
    where: str, game: Game[Any], action: Callable[[], None], kind: type[KibitzError]
) -> None:
    before = _snapshot(game)
    try:
        action()
    except kind:
        pass
    except KibitzError as error:
        _fail(where, f"expected {kind.__name__}, got {type(error).__name__}: {error}")
    else:
        _fail(where, f"expected {kind.__name__}, the move was accepted")
    if _snapshot(game) != before:
        _fail(where, f"a refused move ({kind.__name__}) changed the game")


def _check_views(
    where: str,
    game: Game[Any],
    rng: random.Random,
    twin: Twin | None,
    report: Report,
    *,
    validate: Validate | None,
) -> None:
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        report.views += 1
        _check_plain(f"{where} view({seat})", view)
        if validate is not None:
            validate("view", view)
        if _has_key(view, "seed"):
            _fail(where, f"view({seat}) contains a seed")
        if seat is not None:
            legal = [str(m) for m in game.legal_moves(seat)]
            if view["legal"] != legal:
                _fail(where, f"view({seat}) lists legal moves {view['legal']} instead of {legal}")
        sample = determinize(view, rng)
        report.determinizations += 1
        again = sample.view(seat)
        if _json(again) != _json(view):
            _fail(
                where,
                f"determinize(view({seat})).view({seat}) differs from the view:\n"
                f"  view:   {_json(view)}\n  sample: {_json(again)}",
            )
        problems = sample.invariants()
        if problems:
            _fail(where, f"determinize(view({seat})) breaks invariants: {problems}")
        if seat is not None:
            sample_legal = [str(m) for m in sample.legal_moves(seat)]
            if sample_legal != view["legal"]:
                _fail(where, f"determinized game gives seat {seat} other legal moves")
            if twin is not None:
                other = twin(game, seat, rng)
                report.twins += 1
                if _json(other.view(seat)) != _json(view):
                    _fail(
                        where,
                        f"view({seat}) depends on what seat {seat} cannot see:\n"
                        f"  view: {_json(view)}\n  twin: {_json(other.view(seat))}",
                    )


def _check_step(
    where: str, game: Game[Any], rng: random.Random, seen: list[str], report: Report
) -> None:
    problems = game.invariants()
    if problems:
        _fail(where, f"invariants broken: {problems}")
    to_act = game.to_act()
    if not to_act:
        _fail(where, "no seat to act although the game is not over")
    for seat in range(game.players):
        legal = game.legal_moves(seat)
        if game.may_act(seat) != bool(legal) or (seat in to_act and not legal):
            _fail(where, f"seat {seat}: may act {game.may_act(seat)} but {len(legal)} legal moves")
        for move in legal:
            text = str(move)
            parsed = game.parse_move(text)
            if parsed != move or str(parsed) != text:
                _fail(where, f"notation does not round-trip: {move!r} -> {text!r} -> {parsed!r}")
    idle = [s for s in range(game.players) if not game.may_act(s)]
    actor = rng.choice(sorted(to_act))
    if idle:
        seat = rng.choice(idle)
        text = seen[-1] if seen else "?"
        _check_refusal(where, game, lambda: game.apply(seat, text), NotYourTurnError)
        report.refusals += 1
    _check_refusal(where, game, lambda: game.apply(game.players, "?"), SeatError)
    _check_refusal(where, game, lambda: game.apply(actor, "no such move!"), NotationError)
    legal_text = {str(m) for m in game.legal_moves(actor)}
    stale = [text for text in reversed(seen[-20:]) if text not in legal_text]
    if stale:
        old = stale[0]
        _check_refusal(where, game, lambda: game.apply(actor, old), IllegalMoveError)
        report.refusals += 1


def check_game(
    name: str,
    players: int,
    seeds: Iterable[int],
    options: Mapping[str, Any] | None = None,
    *,
    twin: Twin | None = None,
    deep_every: int = 1,
    max_steps: int = 100_000,
    validate: Validate | None = None,
) -> Report:
    """Play one random game per seed and check the API contract; raise `ConformanceError`.

    Views, determinizations, twins and state round trips are checked every `deep_every`
    steps (and at the start and the end); the cheaper checks after every step. `validate`
    sees every view and state checked.
    """
    options = dict(options or {})
    report = Report()
    game_spec = spec(name)
    for seed in seeds:
        rng = random.Random(seed)
        game = make(name, players=players, seed=seed, **options)
        label = f"{name} players={players} options={options} seed={seed}"
        seen: list[str] = []
        step = 0
        while not game.is_over():
            where = f"{label} step {step}"
            _check_step(where, game, rng, seen, report)
            acting = [s for s in range(players) if game.may_act(s)]
            if game_spec.dynamics == "sequential" and len(acting) > 1:
                _fail(where, f"seats {acting} act at once in a sequential game")
            if step % deep_every == 0:
                _check_views(where, game, rng, twin, report, validate=validate)
                _check_state(where, game, validate)
            seat = rng.choice(acting)
            move = rng.choice(list(game.legal_moves(seat)))
            seen.append(str(move))
            if seat in game.to_act():
                game.apply(seat, move)
            else:
                _check_change(where, game, seat, move)
                report.changes += 1
            step += 1
            if step > max_steps:
                _fail(label, f"not over after {max_steps} steps")
        where = f"{label} end"
        problems = game.invariants()
        if problems:
            _fail(where, f"invariants broken: {problems}")
        outcome = game.outcome()
        if outcome is None or not outcome.winners:
            _fail(where, "a finished game must have an outcome with winners")
        assert outcome is not None
        if len(outcome.scores) != players or not outcome.winners <= set(range(players)):
            _fail(where, f"bad outcome {outcome}")
        if any(game.legal_moves(s) for s in range(players)):
            _fail(where, "legal moves after the end")
        _check_declared(where, game_spec, game, outcome)
        _check_refusal(where, game, partial(game.apply, 0, seen[-1]), GameOverError)
        _check_views(where, game, rng, twin, report, validate=validate)
        _check_state(where, game, validate)
        _check_record(where, game)
        report.games += 1
        report.finished += 1
        report.steps += step
        report.outcomes.append(outcome.scores)
    return report


def _check_change(where: str, game: Game[Any], seat: int, move: Any) -> None:
    """Apply `move`, by which `seat` changes a hidden choice: no other seat's view (nor the
    spectator's) may change, and the seats to act stay the same."""
    others = [s for s in [None, *range(game.players)] if s != seat]
    before = [_json(game.view(s)) for s in others]
    to_act = game.to_act()
    game.apply(seat, move)
    if game.to_act() != to_act:
        _fail(where, f"seat {seat} changing its choice ({move}) changed the seats to act")
    for other, view in zip(others, before, strict=True):
        if _json(game.view(other)) != view:
            _fail(where, f"seat {seat} changing its choice ({move}) shows in view({other})")


def _check_declared(where: str, game_spec: GameSpec, game: Game[Any], outcome: Outcome) -> None:
    """What the spec declares holds: teams, and the winners are the seats with the best score
    (the lowest where `lowest_wins`)."""
    teamed = any(len(side) > 1 for side in game.teams())
    if game_spec.teams != "option" and teamed != (game_spec.teams == "fixed"):
        _fail(where, f"the spec says teams {game_spec.teams!r}, the game has {game.teams()}")
    scores = outcome.scores
    best = min(scores) if game_spec.lowest_wins else max(scores)
    if outcome.winners != {seat for seat, score in enumerate(scores) if score == best}:
        _fail(where, f"winners {sorted(outcome.winners)} do not have the best score of {scores}")


def _check_state(where: str, game: Game[Any], validate: Validate | None) -> None:
    state = game.to_state()
    _check_plain(f"{where} state", state)
    if validate is not None:
        validate("state", state)
    restored = from_state(json.loads(_json(state)))
    if _json(restored.to_state()) != _json(state):
        _fail(where, "from_state(to_state()) is a different game")
    for seat in range(game.players):
        if [str(m) for m in restored.legal_moves(seat)] != [str(m) for m in game.legal_moves(seat)]:
            _fail(where, f"the restored game gives seat {seat} other legal moves")


def _check_record(where: str, game: Game[Any]) -> None:
    record = Record.of(game)
    text = record.to_json()
    again = Record.from_json(text)
    if again != record or again.to_json() != text:
        _fail(where, "the record does not round-trip through JSON")
    pretty = Record.from_json(record.to_json(indent=2))
    if pretty != record:
        _fail(where, "the indented record reads back differently")
    replayed = replay(again)
    if _json(replayed.to_state()) != _json(game.to_state()):
        _fail(where, "replaying the record gives a different game")
