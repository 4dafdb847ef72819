"""Token buckets: how often a client may connect, send, create tables or chat."""

from __future__ import annotations

import re
import time

_EXPENSIVE = re.compile(
    r"^/api/(tables|tables/[^/]+|tables/[^/]+/(record|replay)|replay|leaderboard/[^/]+)$"
)


def expensive(method: str, path: str) -> bool:
    """Whether a REST request is one whose cost grows with the database or a game's length
    (counted by `Limits.expensive_per_minute` besides `requests_per_minute`): listing
    tables, a table's summary (a table not in memory is replayed from its moves), record
    and replay, an uploaded replay, a leaderboard."""
    if method == "POST":
        return path == "/api/replay"
    return method == "GET" and _EXPENSIVE.match(path) is not None


class TokenBucket:
    """Allows `burst` actions at once and `rate` per second after that."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = time.monotonic()

    @classmethod
    def per_minute(cls, count: int, burst: int | None = None) -> TokenBucket:
        """`count` a minute, and a quarter of that (at least one) at once unless told."""
        return cls(count / 60.0, float(burst if burst is not None else max(count // 4, 1)))

    def take(self) -> bool:
        """Use one token if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def full(self) -> bool:
        """Refilled completely: forgetting the bucket would change nothing."""
        return self.tokens + (time.monotonic() - self.at) * self.rate >= self.burst


class RateLimiter:
    """One token bucket per key (a client address); full buckets are forgotten now and then,
    so the limiter does not grow with every address ever seen."""

    def __init__(self, per_minute: int, burst: int | None = None, keep: int = 10000) -> None:
        self.per_minute = per_minute
        self.burst = burst
        self.keep = keep
        self._buckets: dict[str, TokenBucket] = {}

    def take(self, key: str) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.keep:
                self._buckets = {k: b for k, b in self._buckets.items() if not b.full()}
            bucket = self._buckets[key] = TokenBucket.per_minute(self.per_minute, self.burst)
        return bucket.take()
