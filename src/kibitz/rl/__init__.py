"""Research interfaces: kibitz games as PettingZoo, Gymnasium and OpenSpiel games.

Needs the `rl` extra (numpy, gymnasium, pettingzoo, open_spiel): `pip install kibitz[rl]`.
Nothing else in kibitz imports this package. See docs/rl.md.

    env = kibitz.rl.make_env("xbere", players=3)               # PettingZoo AEC
    env = kibitz.rl.make_parallel_env("xbere", players=3)      # PettingZoo parallel
    envs = kibitz.rl.make_vec_env("kozel", 256)                # Gymnasium VectorEnv
    env = kibitz.rl.make_gym_env("xbere", players=3, bots="random")  # Gymnasium, one seat
    game = kibitz.rl.openspiel.load("xbere", players=3)           # OpenSpiel
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kibitz.rl.gym_env import KibitzGymEnv, make_gym_env
    from kibitz.rl.parallel_env import KibitzParallelEnv, make_parallel_env
    from kibitz.rl.pettingzoo_env import KibitzAECEnv, make_env
    from kibitz.rl.vector_env import KibitzVectorEnv, make_vec_env

_LAZY = {
    "make_env": "kibitz.rl.pettingzoo_env",
    "KibitzAECEnv": "kibitz.rl.pettingzoo_env",
    "make_gym_env": "kibitz.rl.gym_env",
    "KibitzGymEnv": "kibitz.rl.gym_env",
    "make_parallel_env": "kibitz.rl.parallel_env",
    "KibitzParallelEnv": "kibitz.rl.parallel_env",
    "make_vec_env": "kibitz.rl.vector_env",
    "KibitzVectorEnv": "kibitz.rl.vector_env",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'kibitz.rl' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "KibitzAECEnv",
    "KibitzGymEnv",
    "KibitzParallelEnv",
    "KibitzVectorEnv",
    "make_env",
    "make_gym_env",
    "make_parallel_env",
    "make_vec_env",
]
