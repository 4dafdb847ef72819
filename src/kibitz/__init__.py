"""kibitz: Goxeso, X bere! and Kozel, with bots, records and research interfaces.

>>> import kibitz
>>> game = kibitz.make("xbere", players=4, seed=7)
>>> sorted(game.to_act())
[0, 1, 2, 3]
"""

from kibitz import compiled

compiled.choose()  # the compiled engines, or their pure-Python sources: before any is imported

import kibitz.games  # noqa: E402, F401  (registers every game)
from kibitz.core import *  # noqa: E402, F403
from kibitz.core import __all__ as _core_all  # noqa: E402

__all__ = list(_core_all)
__version__ = "0.1.0"
