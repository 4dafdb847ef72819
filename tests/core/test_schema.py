"""The JSON Schema exporter: how types map, that the games' schemas are valid and strict,
`kibitz schema`, and that docs/schema/ holds what it prints."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, NotRequired, TypedDict

import pytest
from jsonschema import Draft202012Validator

from kibitz.cli import main
from kibitz.core import Game, games, make
from kibitz.core.options import option
from kibitz.core.schema import state_schema, view_schema

DOCS = Path(__file__).resolve().parents[2] / "docs" / "schema"


class Inner(TypedDict):
    """An inner object."""

    cell: Annotated[str, "A cell."]


class Outer(TypedDict):
    """An outer object."""

    options: dict[str, Any]
    count: int
    ratio: float | None
    kind: Literal["a", "b"]
    inner: Inner | None
    many: list[Inner]
    table: dict[str, bool]
    late: NotRequired[Annotated[list[int], "Only at the end."]]


@dataclass(frozen=True)
class ToyOptions:
    """Toy options."""

    level: Literal[1, 2] = option(1, "How hard.")


class Toy(Game[Any]):
    """Only the class attributes the exporter reads."""

    name = "toy"
    options_class = ToyOptions
    view_type = Outer
    state_type = Inner


def test_types_map_to_json_schema() -> None:
    schema = view_schema(Toy)
    assert schema["properties"] == {
        "options": {
            "$ref": "#/$defs/ToyOptions",
            "description": "The game's rule options, every one of them.",
        },
        "count": {"type": "integer"},
        "ratio": {"type": ["number", "null"]},
        "kind": {"enum": ["a", "b"]},
        "inner": {"anyOf": [{"$ref": "#/$defs/Inner"}, {"type": "null"}]},
        "many": {"type": "array", "items": {"$ref": "#/$defs/Inner"}},
        "table": {"type": "object", "additionalProperties": {"type": "boolean"}},
        "late": {"type": "array", "items": {"type": "integer"}, "description": "Only at the end."},
    }
    assert schema["required"] == ["options", "count", "ratio", "kind", "inner", "many", "table"]
    assert schema["additionalProperties"] is False
    assert schema["description"] == "An outer object."
    assert schema["$defs"]["Inner"]["properties"] == {
        "cell": {"type": "string", "description": "A cell."}
    }
    assert schema["$defs"]["ToyOptions"]["properties"]["level"] == {
        "enum": [1, 2],
        "description": "How hard.",
        "default": 1,
    }


@pytest.mark.parametrize("name", [game.name for game in games()])
def test_game_schemas_are_valid_and_strict(name: str) -> None:
    game = make(name, seed=3)
    schema = view_schema(type(game))
    Draft202012Validator.check_schema(schema)
    Draft202012Validator.check_schema(state_schema(type(game)))
    validator = Draft202012Validator(schema)
    view = game.view(0)
    assert validator.is_valid(view)
    state = game.to_state()
    secret = next(key for key in state if key not in view)
    assert not validator.is_valid(dict(view, **{secret: state[secret]})), "a leak must fail"
    missing = dict(view)
    del missing["legal"]
    assert not validator.is_valid(missing)
    assert not validator.is_valid(dict(view, options=dict(view["options"], unknown=1)))


@pytest.mark.parametrize("name", [game.name for game in games()])
def test_docs_hold_the_printed_schemas(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    for suffix, flags in (("view", []), ("state", ["--state"])):
        assert main(["schema", name, *flags]) == 0
        printed = capsys.readouterr().out
        stored = (DOCS / f"{name}.{suffix}.json").read_text(encoding="utf-8")
        assert printed == stored, f"docs/schema/{name}.{suffix}.json is stale (docs/views.md)"
        assert json.loads(printed)["title"] == f"{name} {suffix}"


def test_schema_of_an_unknown_game_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
