"""Goxeso: the advanced Memory game with a joker pair, swaps, line captures, reservations and
the team variants Bridge and Cross; classic Pexeso is its option `classic`.

Every game package has the same modules: `cards` (how cards are numbered and written),
`moves` (the moves and their notation), `options` (the rule options), `setup` (shuffled or
given deals), `game` (the engine), `views` (the typed shapes of views and states, and their
codec), `sampling` (determinize: a full game from a view), `search` (what search bots
read of a game they play out) and `log` (the game log's entries of a move); besides
them, `turns` (the record of a turn) and `exchange` (the trades of the exchange phase).
"""

from kibitz.core import GameSpec, Hooks, register
from kibitz.games.goxeso.game import Goxeso
from kibitz.games.goxeso.moves import (
    ACCEPT,
    DECLINE,
    PASS,
    Flip,
    GoxesoMove,
    Offer,
    Word,
    parse_move,
)
from kibitz.games.goxeso.options import GoxesoOptions
from kibitz.games.goxeso.view_types import GoxesoState, GoxesoView

register(
    GameSpec(
        name="goxeso",
        title="Goxeso",
        summary="Memory for 2-4 with a joker pair, swaps, line captures and reservations; "
        "team variants Bridge and Cross; classic Pexeso (1-4) as an option.",
        game=Goxeso,
        min_players=1,
        max_players=4,
        default_players=2,
        dynamics="sequential",
        teams="option",
        lowest_wins=False,
        order=1,
        hooks=Hooks(
            bots="kibitz.bots.goxeso",
            render="kibitz.cli.render.goxeso",
            rl="kibitz.rl.adapters.goxeso:GoxesoAdapter",
            board="goxeso",
            cards="goxeso",
            strings="goxeso",
            log="kibitz.games.goxeso.log",
        ),
    )
)

__all__ = [
    "ACCEPT",
    "DECLINE",
    "PASS",
    "Flip",
    "Goxeso",
    "GoxesoMove",
    "GoxesoOptions",
    "GoxesoState",
    "GoxesoView",
    "Offer",
    "Word",
    "parse_move",
]
