"""`Gather`: the values of observation vectors, gathered as offsets before they are written.

Compiled with the trackers (`kibitz.compiled.MODULES`), which make one at every new game:
made from compiled code, an interpreted class costs a call through the interpreter and a
Python `__init__` (about a microsecond), a compiled one a plain allocation.
"""

from __future__ import annotations


class Gather:
    """The values of one or many observation vectors lying in one flat float32 array: `ones`
    become 1, then `zeros` 0, then `values` go to `spots`. Encoders append to the lists; the
    array must be zeroed beforehand, with the adapter's `ones_blocks` set to 1 (the fields
    that start at 1). `kibitz.rl.adapters.base.write_gather` writes them with numpy, a
    tracker's `put` through a memoryview."""

    def __init__(self) -> None:
        self.ones: list[int] = []
        self.zeros: list[int] = []
        self.spots: list[int] = []
        self.values: list[float] = []
