"""Narrow exception classes: every kind of bad input has its own, all of them `ValueError`s.

A caller can catch `KibitzError` for any refusal by kibitz, or a precise class to react to
one case (a server answers "not your turn" differently from "illegal move").
"""

from __future__ import annotations


class KibitzError(ValueError):
    """Base class of every error kibitz raises for bad input; the game is left unchanged."""


class UnknownGameError(KibitzError):
    """A game name that is not registered."""


class OptionError(KibitzError):
    """An unknown rule option, a bad option value, or a player count the rules do not allow."""


class SetupError(KibitzError):
    """An explicit deal (a record's `setup`) that is malformed or impossible."""


class NotationError(KibitzError):
    """Move text that does not parse."""


class SeatError(KibitzError):
    """A seat number that does not exist at this table."""


class NotYourTurnError(KibitzError):
    """A seat tried to act while it is not among the seats to act."""


class IllegalMoveError(KibitzError):
    """A well-formed move that the rules do not allow now."""


class GameOverError(KibitzError):
    """A move after the game has ended."""


class ViewError(KibitzError):
    """A view that cannot be turned back into a game (malformed or inconsistent)."""


class StateError(KibitzError):
    """A serialized state that cannot be restored."""


class RecordError(KibitzError):
    """A record that cannot be replayed; `move_number` names the failing move (1-based)."""

    def __init__(self, message: str, move_number: int | None = None) -> None:
        super().__init__(message)
        self.move_number = move_number
