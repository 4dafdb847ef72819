"""Seeded randomness. Games never touch the global `random` module or the clock.

Every random event of a game draws from a generator derived from the game's seed and a
label naming the event (for example the deal of round 2), so the state need not carry a
generator's internal state: the seed and the labels reproduce everything.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from _random import Random as _Twister
from typing import Final, TypeVar

SEED_BITS: Final = 63

T = TypeVar("T")


def derive(seed: int, *labels: str | int) -> random.Random:
    """A generator determined by `seed` and `labels` alone, stable across runs and platforms.

    It is `random.Random(n)` for `n` the hash of the seed and labels, made without
    `Random.__init__` and `Random.seed`, two Python calls that only hand an int to the C
    generator's own `seed` (a game derives one per deal, and they cost a fifth of it)."""
    text = repr((seed, *labels)).encode()
    digest = hashlib.blake2b(text, digest_size=16).digest()
    rng = random.Random.__new__(random.Random)
    rng.gauss_next = None  # type: ignore[attr-defined]  # what Random.__init__ sets
    _Twister.seed(rng, int.from_bytes(digest, "big"))
    return rng


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for `n` > 0: the same number drawn the same way (`getrandbits` of
    `n`'s bit length until one is below `n`), without `randrange`'s Python calls."""
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def fresh_seed() -> int:
    """A new unpredictable seed, for games started without one (server-side only)."""
    return secrets.randbits(SEED_BITS)


def child_seed(rng: random.Random) -> int:
    """A seed drawn from `rng`, for a game built by `determinize` whose future is unknown."""
    return rng.getrandbits(SEED_BITS)


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` does: the same permutation
    from the same generator, leaving it in the same state, so seeded deals stay as they were.

    `random.shuffle` swaps each item from the end with one drawn by `getrandbits(k)` (k the
    bits of the count left), drawing again while it is too high; `getrandbits(k)` is the top
    k bits of the generator's next 32-bit output. This reads those outputs in bulk (one
    `getrandbits(32 * n)` holds the next n, lowest first, as little-endian bytes) instead of
    making two Python calls per item: never more than the items left to place, as each takes
    one output at least."""
    count = len(items)
    if count > 1 << 31:  # draws of more than 32 bits: not worth a second way
        rng.shuffle(items)
        return
    outputs = b""
    at = 0
    for i in range(count - 1, 0, -1):
        shift = 32 - (i + 1).bit_length()
        while True:
            if at == len(outputs):
                outputs = rng.getrandbits(32 * i).to_bytes(4 * i, "little")
                at = 0
            j = (
                outputs[at + 3] << 24 | outputs[at + 2] << 16 | outputs[at + 1] << 8 | outputs[at]
            ) >> shift
            at += 4
            if j <= i:
                break
        items[i], items[j] = items[j], items[i]
