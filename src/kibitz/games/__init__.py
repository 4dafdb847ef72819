"""Every game's rules, one sub-package each. Importing this registers them all."""

from kibitz.games import goxeso, kozel, nimmt

__all__ = ["goxeso", "kozel", "nimmt"]
