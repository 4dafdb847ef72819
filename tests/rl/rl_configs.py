"""Shared settings of the research-interface tests: the games and option sets they cover.

Every test module here skips when the `rl` extra (numpy, gymnasium, pettingzoo, open_spiel)
is not installed, and only then.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

Config = tuple[str, int, dict[str, Any]]
"""(game, players, options)."""

CONFIGS: list[Config] = [
    ("xbere", 2, {}),
    ("xbere", 4, {"take_on": "over", "scoring": "bullheads", "rounds": 2}),
    ("6nimmt", 3, {"rounds": 1}),
    ("6nimmt", 5, {"target": 20}),
    ("goxeso", 2, {"size": 4}),
    ("goxeso", 4, {"size": 4, "variant": "cross"}),
    ("kozel", 4, {"series": False}),
]
"""(game, players, options) for every game and some option sets; games without an RL
adapter yet are left out by `configs()`."""


def configs() -> list[Config]:
    from kibitz.rl.adapters import supported

    names = set(supported())
    return [config for config in CONFIGS if config[0] in names]


def random_actions(observations: dict[str, Any], rng: Any) -> dict[str, int]:
    """A random legal action for every agent of a parallel environment that is to act."""
    import numpy as np

    return {
        agent: rng.choice(np.flatnonzero(o["action_mask"]).tolist())
        for agent, o in observations.items()
        if o["action_mask"].any()
    }


def config_id(config: Config) -> str:
    name, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{name}-{players}p" + (f"-{extra}" if extra else "")


def _pickled(env: Any) -> Any:
    return pickle.loads(pickle.dumps(env))


COPIERS: dict[str, Callable[[Any], Any]] = {"deepcopy": copy.deepcopy, "pickle": _pickled}
"""The two ways to copy an environment: `copy.deepcopy`, and a pickle round trip (how
multiprocessing and Ray hand one to a worker)."""
