"""One float written at many offsets of the trackers' rows (a float32 memoryview).

The trackers write the few values a move changes into every tracked seat's row, most often
one value at the same field of every row, or one card in every row's block. Through the
memoryview each write costs the interpreter's item assignment (about 18 ns, where the store
itself takes a nanosecond), so where the engines run compiled these loops run in C
(`_writes.c`, built beside them); here are the same functions in Python, which run with the
pure-Python modules (`kibitz.compiled`), and which the tests hold the C ones to. The
trackers' offsets always lie in the view; outside it, these index as a memoryview does (a
negative offset counts from the end), where the C ones refuse any.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kibitz import compiled


def fill(view: Any, offsets: Sequence[int], value: float, /) -> None:
    """`view[o] = value` for every offset `o` of `offsets`."""
    for offset in offsets:
        view[offset] = value


def fill_shifted(view: Any, offsets: Sequence[int], shift: int, value: float, /) -> None:
    """`view[o + shift] = value` for every offset `o` of `offsets`."""
    for offset in offsets:
        view[offset + shift] = value


def fill_grid(view: Any, offsets: Sequence[int], shifts: Sequence[int], value: float, /) -> None:
    """`view[o + s] = value` for every offset `o` of `offsets` and shift `s` of `shifts`."""
    for offset in offsets:
        for shift in shifts:
            view[offset + shift] = value


if compiled.active():
    from kibitz.rl.adapters._writes import fill, fill_grid, fill_shifted

__all__ = ["fill", "fill_grid", "fill_shifted"]
