"""Terminal renderings of views: each game's spec names its module (`hooks.render`), which
has `render(view) -> str`."""

from __future__ import annotations

import importlib
import json

from kibitz.core import View, spec


def render(view: View) -> str:
    """The view drawn as text for a terminal (plain JSON for a game without a renderer)."""
    module = spec(view["game"]).hooks.render
    if module is None:
        return json.dumps(view, indent=1, ensure_ascii=False)
    text: str = importlib.import_module(module).render(view)
    return text
