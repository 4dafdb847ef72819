"""A small progress bar on standard error for long runs (simulations, arenas)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """`with Progress(total, "games") as bar: ... bar.advance()` draws `[####  ] 40/100`."""

    def __init__(self, total: int, unit: str, stream: TextIO | None = None) -> None:
        self.total, self.unit, self.done = total, unit, 0
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self._last = 0.0

    def __enter__(self) -> Progress:
        self._draw()
        return self

    def __exit__(self, *exc: object) -> None:
        self._draw(final=True)
        self.stream.write("\n")
        self.stream.flush()

    def advance(self, count: int = 1) -> None:
        self.done += count
        now = time.monotonic()
        if now - self._last > 0.1 or self.done >= self.total:
            self._last = now
            self._draw()

    def _draw(self, final: bool = False) -> None:
        width = 30
        filled = int(width * self.done / self.total) if self.total else width
        elapsed = time.monotonic() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        eta = "" if final else f" eta {left:5.0f}s"
        self.stream.write(
            f"\r[{'#' * filled}{' ' * (width - filled)}] {self.done}/{self.total} {self.unit}"
            f" {rate:7.1f}/s{eta}"
        )
        self.stream.flush()
