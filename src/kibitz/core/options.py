"""Rule options: each game declares a frozen dataclass whose fields carry their documentation.

`build_options` turns keyword arguments (from Python, a record's JSON, or CLI text) into the
game's options object and rejects unknown names and bad values with an `OptionError` that
lists what exists.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from kibitz.core.errors import OptionError


class Options(Protocol):
    """What every options dataclass provides besides its documented fields."""

    def check(self, players: int) -> None:
        """Raise `OptionError` if these options cannot be played by `players` players."""


OptionsT = TypeVar("OptionsT", bound=Options)


def option(default: Any, doc: str) -> Any:
    """A dataclass field with its documentation, shown by `kibitz rules` and the lobby."""
    if isinstance(default, list | dict | set):
        raise TypeError("use an immutable default (a tuple) for an option")
    return dataclasses.field(default=default, metadata={"doc": doc})


def describe(cls: type[Any]) -> list[tuple[str, Any, str]]:
    """(name, default, documentation) of every option of an options class."""
    return [(f.name, f.default, f.metadata.get("doc", "")) for f in dataclasses.fields(cls)]


_TRUE = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def _coerce(name: str, value: Any, kind: Any) -> Any:
    """`value` as the declared type of option `name`; text (from a command line) is read too."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Literal:
        for allowed in args:
            if value == allowed or (isinstance(value, str) and value == str(allowed)):
                return allowed
        choices = ", ".join(str(a) for a in args)
        raise OptionError(f"option {name!r}: {value!r} is not one of {choices}")
    if origin in (typing.Union, types.UnionType):
        none = value is None or (isinstance(value, str) and value.lower() == "none")
        if none and types.NoneType in args:
            return None
        for arg in args:
            if arg is not types.NoneType:
                try:
                    return _coerce(name, value, arg)
                except OptionError:
                    pass
        raise OptionError(f"option {name!r}: {value!r} is not allowed")
    if origin is tuple:
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        if not isinstance(value, list | tuple):
            raise OptionError(f"option {name!r}: expected a list, got {value!r}")
        return tuple(_coerce(name, item, args[0]) for item in value)
    if kind is bool:
        if isinstance(value, str) and value.lower() in _TRUE:
            return _TRUE[value.lower()]
        if not isinstance(value, bool):
            raise OptionError(f"option {name!r}: expected true or false, got {value!r}")
        return value
    if kind is int:
        if isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                pass
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(f"option {name!r}: expected a whole number, got {value!r}")
        return value
    if kind is str and not isinstance(value, str):
        raise OptionError(f"option {name!r}: expected text, got {value!r}")
    return value


@functools.cache
def _hints(cls: type[Any]) -> dict[str, Any]:
    return {f.name: typing.get_type_hints(cls)[f.name] for f in dataclasses.fields(cls)}


def build_options(cls: type[OptionsT], players: int, given: Mapping[str, Any]) -> OptionsT:
    """The options object for `given` keyword values, checked against `players`. Options are
    frozen: games made with the same values share one object, built and checked once."""
    if not isinstance(given, Mapping):  # from a saved state or a view: any JSON value
        raise OptionError(f"options must be an object of option values, got {given!r}")
    try:
        key = (cls, players, *sorted((name, type(value), value) for name, value in given.items()))
        built: OptionsT | None = _BUILT.get(key)
    except TypeError:  # an unhashable value (a list): build it every time
        key, built = None, None
    if built is not None:
        return built
    hints = _hints(cls)
    unknown = sorted(set(given) - set(hints))
    if unknown:
        known = ", ".join(hints) or "none"
        raise OptionError(f"unknown option(s) {', '.join(unknown)}; this game has: {known}")
    values = {name: _coerce(name, value, hints[name]) for name, value in given.items()}
    opts = cls(**values)
    opts.check(players)
    if key is not None:
        if len(_BUILT) >= 1024:
            _BUILT.clear()
        _BUILT[key] = opts
    return opts


_BUILT: dict[tuple[Any, ...], Any] = {}


def options_to_dict(opts: Any) -> dict[str, Any]:
    """Plain JSON-ready data of an options object (tuples become lists), new each time.
    Every view carries it, so it is built from the class's field names, found once."""
    names = _FIELD_NAMES.get(type(opts))
    if names is None:
        names = _FIELD_NAMES[type(opts)] = tuple(f.name for f in dataclasses.fields(opts))
    return {name: _plain(getattr(opts, name)) for name in names}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value
