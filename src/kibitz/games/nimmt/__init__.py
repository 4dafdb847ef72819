"""X bere! (X nimmt!) and classic 6 nimmt!: one placement engine, two registered games.

Every game package has the same modules: `cards` (how cards are numbered and written),
`moves` (the moves and their notation), `options` (the rule options), `setup` (shuffled or
given deals), `game` (the engine), `views` (the typed shapes of views and states, and their
codec), `sampling` (determinize: a full game from a view), `search` (what search bots
read of a game they play out) and `log` (the game log's entries of a move).
"""

from dataclasses import replace

from kibitz.core import GameSpec, Hooks, register
from kibitz.games.nimmt.game import RowGame, SixNimmt, XBere
from kibitz.games.nimmt.moves import Play, RowMove, Take, XCard, parse_move
from kibitz.games.nimmt.options import SixNimmtOptions, XBereOptions
from kibitz.games.nimmt.view_types import SixNimmtState, SixNimmtView, XBereState, XBereView

_HOOKS = Hooks(
    bots="kibitz.bots.nimmt",
    render="kibitz.cli.render.nimmt",
    rl="kibitz.rl.adapters.rows:XBereAdapter",
    board="nimmt",
    cards="nimmt",
    strings="nimmt",
    log="kibitz.games.nimmt.log",
)
"""Both games share the bots, the renderer and the browser's board, cards and texts."""

register(
    GameSpec(
        name="xbere",
        title="X bere!",
        summary="6 nimmt! relative for 2-4: rows of 3, 4 and 5, an X row, taken cards come back.",
        game=XBere,
        min_players=2,
        max_players=4,
        default_players=4,
        dynamics="simultaneous",
        teams="none",
        lowest_wins=True,
        order=2,
        hooks=_HOOKS,
    )
)
register(
    GameSpec(
        name="6nimmt",
        title="6 nimmt!",
        summary="The classic: 2-10 players, four rows, the sixth card takes, 66 points ends it.",
        game=SixNimmt,
        min_players=2,
        max_players=10,
        default_players=4,
        dynamics="simultaneous",
        teams="none",
        lowest_wins=True,
        order=4,
        hooks=replace(_HOOKS, rl="kibitz.rl.adapters.rows:SixNimmtAdapter"),
    )
)

__all__ = [
    "Play",
    "RowGame",
    "RowMove",
    "SixNimmt",
    "SixNimmtOptions",
    "SixNimmtState",
    "SixNimmtView",
    "Take",
    "XBere",
    "XBereOptions",
    "XBereState",
    "XBereView",
    "XCard",
    "parse_move",
]
