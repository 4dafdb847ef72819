"""Research interfaces: kibitz games as PettingZoo, Gymnasium and OpenSpiel games.

Needs the `rl` extra (numpy, gymnasium, pettingzoo, open_spiel): `pip install kibitz[rl]`.
Nothing else in kibitz imports this package. See docs/rl.md.

    env = kibitz.rl.make_env("xbere", players=3)               # PettingZoo AEC
    env = kibitz.rl.make_gym_env("xbere", players=3, bots="random")  # Gymnasium, one seat
    game = kibitz.rl.openspiel.load("xbere", players=3)           # OpenSpiel
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kibitz.rl.gym_env import KibitzGymEnv, make_gym_env
    from kibitz.rl.pettingzoo_env import KibitzAECEnv, make_env

_LAZY = {
    "make_env": "kibitz.rl.pettingzoo_env",
    "KibitzAECEnv": "kibitz.rl.pettingzoo_env",
    "make_gym_env": "kibitz.rl.gym_env",
    "KibitzGymEnv": "kibitz.rl.gym_env",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'kibitz.rl' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = ["KibitzAECEnv", "KibitzGymEnv", "make_env", "make_gym_env"]
