"""`kibitz.core.rng`'s fast paths draw exactly what `random.Random` draws: `shuffle` deals
what `random.Random.shuffle` deals, `derive` seeds what `random.Random(n)` seeds, `below` draws
what `randrange` draws. Seeded games and stored records depend on every deal staying the same."""

from __future__ import annotations

import hashlib
import random

import pytest

from kibitz.core.rng import below, derive, shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 16, 36, 64, 104, 130, 257])
def test_shuffle_is_random_shuffle(size: int) -> None:
    for seed in range(40):
        ours, theirs = list(range(size)), list(range(size))
        shuffle(ours, random.Random(seed))
        random.Random(seed).shuffle(theirs)
        assert ours == theirs, f"size {size} seed {seed}"


def test_shuffle_leaves_the_generator_where_random_shuffle_does() -> None:
    ours, theirs = derive(5, "deal", 1), derive(5, "deal", 1)
    shuffle(list("abcdefghij"), ours)
    theirs.shuffle(list("abcdefghij"))
    assert ours.getrandbits(64) == theirs.getrandbits(64)


@pytest.mark.parametrize("labels", [(), ("deal",), ("deal", 1), ("deal", 12), ("bot", 40, 3)])
def test_derive_is_random_random_of_the_hash(labels: tuple[str | int, ...]) -> None:
    for seed in (0, 1, 7, 2**62 + 11):
        text = repr((seed, *labels)).encode()
        number = int.from_bytes(hashlib.blake2b(text, digest_size=16).digest(), "big")
        ours, theirs = derive(seed, *labels), random.Random(number)
        assert type(ours) is random.Random
        assert ours.getstate() == theirs.getstate()
        assert ours.gauss(0, 1) == theirs.gauss(0, 1)
        assert ours.getstate() == theirs.getstate()


def test_below_is_randrange() -> None:
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 4, 5, 16, 17, 20, 36, 104, 1000, 2**40 + 3):
            assert below(ours, n) == theirs.randrange(n)
        assert ours.getstate() == theirs.getstate()
