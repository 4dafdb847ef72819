"""Every game's rules, one sub-package each. Importing this registers them all."""

from kibitz.games import kozel, nimmt

__all__ = ["kozel", "nimmt"]
