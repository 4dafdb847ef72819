"""JSON Schema of a game's views and states, read from their `TypedDict`s.

Each game declares the shape of its views and states as `TypedDict`s (`Game.view_type`,
`Game.state_type`), with a short description per field as `Annotated[type, "text"]`. This
module turns them into JSON Schema (draft 2020-12) documents: an object per `TypedDict` (its
docstring the description, no other keys allowed), nested ones under `$defs`, and the game's
options dataclass in place of the generic `options` object. Clients in other languages, the
docs and the tests read the same contract.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, NotRequired, Required

from kibitz.core.game import Game

DIALECT = "https://json-schema.org/draft/2020-12/schema"

Schema = dict[str, Any]

_SCALARS: dict[Any, Schema] = {
    str: {"type": "string"},
    int: {"type": "integer"},
    float: {"type": "number"},
    bool: {"type": "boolean"},
    types.NoneType: {"type": "null"},
    None: {"type": "null"},
}


def view_schema(game: type[Game[Any]]) -> Schema:
    """The JSON Schema of `game.view(seat)` for every seat and the spectator."""
    return _document(game.view_type, game, "view")


def state_schema(game: type[Game[Any]]) -> Schema:
    """The JSON Schema of `game.to_state()` (server-side data: the whole true state)."""
    return _document(game.state_type, game, "state")


def options_schema(options: type) -> Schema:
    """The JSON Schema of an options dataclass: each option's type, default and text."""
    defs: dict[str, Schema] = {}
    schema = {"$schema": DIALECT, "title": options.__name__, **_dataclass(options, defs)}
    if defs:
        schema["$defs"] = defs
    return schema


def _document(root: type, game: type[Game[Any]], what: str) -> Schema:
    defs: dict[str, Schema] = {}
    body = _typed_dict(root, defs)
    options = game.options_class
    body["properties"]["options"] = {
        "$ref": f"#/$defs/{options.__name__}",
        "description": "The game's rule options, every one of them.",
    }
    defs[options.__name__] = _dataclass(options, defs)
    return {
        "$schema": DIALECT,
        "$id": f"kibitz/{game.name}/{what}",
        "title": f"{game.name} {what}",
        **body,
        "$defs": dict(sorted(defs.items())),
    }


def _typed_dict(cls: type, defs: dict[str, Schema]) -> Schema:
    """The object schema of a `TypedDict`. Its keys are required but those marked
    `NotRequired` (read from the hints: with postponed annotations, Python 3.11's
    `__required_keys__` misses the mark)."""
    hints = typing.get_type_hints(cls, include_extras=True)
    properties = {name: _field(kind, defs) for name, kind in hints.items()}
    return {
        "type": "object",
        "description": _doc(cls),
        "properties": properties,
        "required": [name for name, kind in hints.items() if not _optional(kind)],
        "additionalProperties": False,
    }


def _optional(kind: Any) -> bool:
    while typing.get_origin(kind) is typing.Annotated:
        kind = typing.get_args(kind)[0]
    return typing.get_origin(kind) is NotRequired


def _dataclass(cls: type, defs: dict[str, Schema]) -> Schema:
    hints = typing.get_type_hints(cls)
    properties = {}
    for field in dataclasses.fields(cls):
        schema = _field(hints[field.name], defs)
        schema["description"] = field.metadata.get("doc", "")
        default = field.default
        schema["default"] = list(default) if isinstance(default, tuple) else default
        properties[field.name] = schema
    return {
        "type": "object",
        "description": _doc(cls),
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _field(kind: Any, defs: dict[str, Schema]) -> Schema:
    """A field's schema, with its `Annotated` text as its description."""
    description = None
    while True:
        origin = typing.get_origin(kind)
        if origin is typing.Annotated:
            kind, *extras = typing.get_args(kind)
            description = next((e for e in extras if isinstance(e, str)), description)
        elif origin in (NotRequired, Required):
            (kind,) = typing.get_args(kind)
        else:
            break
    schema = _type(kind, defs)
    if description is not None:
        schema = {**schema, "description": description}
    return schema


def _type(kind: Any, defs: dict[str, Schema]) -> Schema:
    if kind in _SCALARS:
        return dict(_SCALARS[kind])
    if kind is Any:
        return {}
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Literal:
        return {"enum": list(args)}
    if origin in (typing.Union, types.UnionType):
        options = [_type(arg, defs) for arg in args]
        if all(set(option) == {"type"} for option in options):
            return {"type": [option["type"] for option in options]}
        return {"anyOf": options}
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return {"type": "array", "items": _type(args[0], defs)}
    if origin is dict:
        return {"type": "object", "additionalProperties": _type(args[1], defs)}
    if typing.is_typeddict(kind):
        if kind.__name__ not in defs:
            defs[kind.__name__] = {}  # a placeholder while its own fields are read
            defs[kind.__name__] = _typed_dict(kind, defs)
        return {"$ref": f"#/$defs/{kind.__name__}"}
    raise TypeError(f"no JSON Schema for the type {kind!r}")


def _doc(cls: type) -> str:
    return " ".join((cls.__doc__ or "").split())
