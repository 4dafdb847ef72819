"""The game API shared by every kibitz game. Standard library only."""

from kibitz.core.errors import (
    GameOverError,
    IllegalMoveError,
    KibitzError,
    NotationError,
    NotYourTurnError,
    OptionError,
    RecordError,
    SeatError,
    SetupError,
    StateError,
    UnknownGameError,
    ViewError,
)
from kibitz.core.game import Game, InternedMove, Move, Outcome, State, View
from kibitz.core.record import Record, replay, start
from kibitz.core.registry import GameSpec, determinize, from_state, games, make, register, spec

__all__ = [
    "Game",
    "GameOverError",
    "GameSpec",
    "IllegalMoveError",
    "InternedMove",
    "KibitzError",
    "Move",
    "NotYourTurnError",
    "NotationError",
    "OptionError",
    "Outcome",
    "Record",
    "RecordError",
    "SeatError",
    "SetupError",
    "State",
    "StateError",
    "UnknownGameError",
    "View",
    "ViewError",
    "determinize",
    "from_state",
    "games",
    "make",
    "register",
    "replay",
    "spec",
    "start",
]
