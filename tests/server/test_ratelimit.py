"""Token buckets: a burst at once, then a steady rate; the limiter forgets only full buckets."""

from __future__ import annotations

import pytest

from kibitz.server import ratelimit
from kibitz.server.ratelimit import RateLimiter, TokenBucket


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(ratelimit.time, "monotonic", fake)
    return fake


def test_a_bucket_allows_its_burst_then_its_rate(clock: Clock) -> None:
    bucket = TokenBucket.per_minute(60)  # one a second, 15 at once
    assert [bucket.take() for _ in range(16)] == [True] * 15 + [False]
    clock.now += 0.5
    assert not bucket.take()
    clock.now += 0.5
    assert bucket.take() and not bucket.take()
    assert not bucket.full()
    clock.now += 15
    assert bucket.full()
    assert TokenBucket.per_minute(2).burst == 1  # at least one at once


def test_the_limiter_keeps_a_bucket_per_key_and_forgets_only_full_ones(clock: Clock) -> None:
    limiter = RateLimiter(per_minute=60, burst=2, keep=2)
    assert limiter.take("a") and limiter.take("a") and not limiter.take("a")
    assert limiter.take("b")
    assert limiter.take("c")  # over `keep`: nothing is full yet, so nothing is forgotten
    assert not limiter.take("a")  # "a" still remembers it is empty
    clock.now += 2  # every bucket refills
    assert limiter.take("d")  # the full buckets are forgotten
    assert set(limiter._buckets) == {"d"}
