"""Terminal renderings of views, one module per game (`render(view) -> str`)."""

from __future__ import annotations

import importlib
import json

from kibitz.core import View

_MODULES = {"xbere": "nimmt", "6nimmt": "nimmt"}
"""Games whose renderer module is not named after the game."""


def render(view: View) -> str:
    """The view drawn as text for a terminal (plain JSON for a game without a renderer)."""
    name = _MODULES.get(view["game"], view["game"])
    try:
        module = importlib.import_module(f"kibitz.cli.render.{name}")
    except ModuleNotFoundError:
        return json.dumps(view, indent=1, ensure_ascii=False)
    text: str = module.render(view)
    return text
