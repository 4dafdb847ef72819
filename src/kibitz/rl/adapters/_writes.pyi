"""`_writes.c`: the C twins of `kibitz.rl.adapters.writes`."""

from collections.abc import Sequence
from typing import Any

def fill(view: Any, offsets: Sequence[int], value: float, /) -> None: ...
def fill_shifted(view: Any, offsets: Sequence[int], shift: int, value: float, /) -> None: ...
def fill_grid(
    view: Any, offsets: Sequence[int], shifts: Sequence[int], value: float, /
) -> None: ...
