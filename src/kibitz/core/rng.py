"""Seeded randomness. Games never touch the global `random` module or the clock.

Every random event of a game draws from a generator derived from the game's seed and a
label naming the event (for example the deal of round 2), so the state need not carry a
generator's internal state: the seed and the labels reproduce everything.
"""

from __future__ import annotations

import hashlib
import random
import secrets

SEED_BITS = 63


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
