"""Game records: one JSON format for saving, sharing, replaying and reporting games.

    {"game": "xbere", "players": 4, "options": {...}, "seed": 123,
     "setup": {...optional explicit deal...}, "moves": [[seat, "move text"], ...]}

See docs/records.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kibitz.core.errors import KibitzError, RecordError
from kibitz.core.game import Game
from kibitz.core.options import options_to_dict
from kibitz.core.registry import make

_KEYS = {"game", "players", "options", "seed", "setup", "moves"}


@dataclass(frozen=True)
class Record:
    """A game as made (name, players, options, seed or setup) and the moves played."""

    game: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None
    setup: Mapping[str, Any] | None = None
    moves: tuple[tuple[int, str], ...] = ()

    @classmethod
    def of(cls, game: Game[Any]) -> Record:
        """The record of `game` so far: replaying it gives the same game."""
        return cls(
            game=game.name,
            players=game.players,
            options=options_to_dict(game.options),
            seed=game.seed,
            setup=game.setup,
            moves=tuple((seat, str(move)) for seat, move in game.history),
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
        }
        if self.setup is not None:
            data["setup"] = self.setup
        data["moves"] = [[seat, text] for seat, text in self.moves]
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text; with `indent`, one move per line for easy reading."""
        if indent is None:
            return json.dumps(self.to_dict(), ensure_ascii=False)
        head = {k: v for k, v in self.to_dict().items() if k != "moves"}
        lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "moves": [']
        moves = [json.dumps([seat, text], ensure_ascii=False) for seat, text in self.moves]
        lines.append(",\n".join(" " * indent + m for m in moves))
        lines.append("]}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """A record from parsed JSON; anything malformed raises `RecordError` saying what."""
        if not isinstance(data, Mapping):
            raise RecordError("a record must be a JSON object")
        extra = sorted(set(data) - _KEYS)
        if extra:
            raise RecordError(f"unknown record field(s): {', '.join(extra)}")
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError("the record's 'game' must be a game name")
        players = data.get("players")
        if isinstance(players, bool) or not isinstance(players, int):
            raise RecordError("the record's 'players' must be a whole number")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise RecordError("the record's 'options' must be an object")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RecordError("the record's 'seed' must be a whole number or null")
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, Mapping):
            raise RecordError("the record's 'setup' must be an object")
        if seed is None and setup is None:
            raise RecordError("a record needs a 'seed' or a 'setup'")
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("the record's 'moves' must be a list of [seat, move] pairs")
        parsed: list[tuple[int, str]] = []
        for number, item in enumerate(moves, 1):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or isinstance(item[0], bool)
                or not isinstance(item[0], int)
                or not isinstance(item[1], str)
            ):
                raise RecordError(
                    f'move {number}: expected [seat, "move text"], got {item!r}', number
                )
            parsed.append((item[0], item[1]))
        return cls(game, players, dict(options), seed, setup, tuple(parsed))

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"the record is not valid JSON: {error}") from None
        except ValueError:  # a number of more digits than Python converts (4300)
            raise RecordError("the record holds a number too long to read") from None
        except RecursionError:
            raise RecordError("the record is nested too deeply to read") from None
        return cls.from_dict(data)


def start(record: Record) -> Game[Any]:
    """The game a record was made as, before any move."""
    try:
        return make(
            record.game,
            players=record.players,
            seed=record.seed,
            setup=record.setup,
            options=record.options,
        )
    except RecordError:
        raise
    except KibitzError as error:
        raise RecordError(f"cannot start the game: {error}") from error


def replay(record: Record, until: int | None = None) -> Game[Any]:
    """The game after the record's moves (only the first `until` of them when given).

    A move that fails raises `RecordError` naming its number (the first move is 1).
    """
    game = start(record)
    moves = record.moves if until is None else record.moves[: max(until, 0)]
    for number, (seat, text) in enumerate(moves, 1):
        try:
            game.apply(seat, text)
        except KibitzError as error:
            raise RecordError(f"move {number} ({seat}: {text!r}): {error}", number) from error
    return game
