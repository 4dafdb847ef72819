"""kibitz: Goxeso, X bere! and Kozel, with bots, records and research interfaces.

>>> import kibitz
>>> game = kibitz.make("xbere", players=4, seed=7)
>>> sorted(game.to_act())
[0, 1, 2, 3]
"""

import kibitz.games  # noqa: F401  (registers every game)
from kibitz.core import *  # noqa: F403
from kibitz.core import __all__ as _core_all

__all__ = list(_core_all)
__version__ = "0.1.0"
