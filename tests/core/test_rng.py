"""`kibitz.core.rng.shuffle` deals exactly what `random.Random.shuffle` deals: seeded games
and stored records depend on every permutation staying the same."""

from __future__ import annotations

import random

import pytest

from kibitz.core.rng import derive, shuffle


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
