"""Flat observation vectors described field by field.

A `Layout` is an ordered list of named fields; each field is a block of float32 values in
one flat vector. The same description builds the vector, slices it, and writes the tables
of docs/rl.md, so the documentation cannot drift from the code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]
Rows = npt.NDArray[np.float32]
"""Observation vectors, one per row of a two-dimensional array."""


def zero_rows(count: int, size: int) -> Rows:
    """`count` zeroed observation vectors of `size` values, in the rows of one C-contiguous
    array (for the trackers, which import no numpy)."""
    return np.zeros((count, size), dtype=np.float32)


def put(vector: npt.NDArray[Any], offsets: list[int], value: float = 1.0) -> None:
    """Set `vector` to `value` at every offset in `offsets`: encoders gather offsets in a
    list and write them at once (an item assignment per value costs several times more,
    and numpy reads a list of ints fastest through `fromiter`)."""
    vector[np.fromiter(offsets, np.intp, len(offsets))] = value


@dataclass(frozen=True)
class Field:
    """One block of a flat vector: `size` values meaning `doc`."""

    name: str
    size: int
    doc: str


class Layout:
    """Fields in order, with their offsets in the flat vector."""

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields = tuple(fields)
        self.offsets: dict[str, tuple[int, int]] = {}
        offset = 0
        for field in self.fields:
            if field.name in self.offsets:
                raise ValueError(f"field {field.name!r} twice in a layout")
            if field.size < 0:
                raise ValueError(f"field {field.name!r} has a negative size")
            self.offsets[field.name] = (offset, offset + field.size)
            offset += field.size
        self.size = offset
        self.start = {name: start for name, (start, _) in self.offsets.items()}
        """Each field's offset: encoders write `out[start[name] + i]` directly."""

    def zeros(self) -> Vector:
        return np.zeros(self.size, dtype=np.float32)

    def block(self, vector: Vector, name: str) -> Vector:
        """The view of field `name` inside `vector` (writing to it writes the vector)."""
        start, stop = self.offsets[name]
        return vector[start:stop]

    def __add__(self, other: Layout) -> Layout:
        return Layout((*self.fields, *other.fields))

    def markdown(self) -> str:
        """The layout as a markdown table (offset, size, field, meaning)."""
        lines = ["| offset | size | field | meaning |", "| --- | --- | --- | --- |"]
        for field in self.fields:
            start, _ = self.offsets[field.name]
            lines.append(f"| {start} | {field.size} | `{field.name}` | {field.doc} |")
        lines.append(f"| | **{self.size}** | | total |")
        return "\n".join(lines)
