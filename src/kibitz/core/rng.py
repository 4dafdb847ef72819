"""Seeded randomness. Games never touch the global `random` module or the clock.

Every random event of a game draws from a generator derived from the game's seed and a
label naming the event (for example the deal of round 2), so the state need not carry a
generator's internal state: the seed and the labels reproduce everything.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import TypeVar

SEED_BITS = 63

T = TypeVar("T")


def derive(seed: int, *labels: str | int) -> random.Random:
    """A generator determined by `seed` and `labels` alone, stable across runs and platforms."""
    text = repr((seed, *labels)).encode()
    digest = hashlib.blake2b(text, digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def fresh_seed() -> int:
    """A new unpredictable seed, for games started without one (server-side only)."""
    return secrets.randbits(SEED_BITS)


def child_seed(rng: random.Random) -> int:
    """A seed drawn from `rng`, for a game built by `determinize` whose future is unknown."""
    return rng.getrandbits(SEED_BITS)


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` does: the same permutation
    from the same generator, by the same draws (Fisher-Yates from the end, each index drawn
    by rejection from `getrandbits`), so seeded deals stay as they were. Compiled, it skips
    `random.shuffle`'s two Python calls per item: most of the time of a new game."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
