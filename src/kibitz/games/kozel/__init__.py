"""Kozel on 4 cards: two teams of two, beating one to one, four of a suit, series to 12.

Every game package has the same modules: `cards` (how cards are numbered and written),
`moves` (the moves and their notation), `options` (the rule options), `setup` (shuffled or
given deals), `game` (the engine), `views` (the typed shapes of views and states, and their
codec), `sampling` (determinize: a full game from a view), `search` (what search bots
read of a game they play out) and `log` (the game log's entries of a move); besides
them, `legal` (the legal-move tables) and `tricks` (the record of a finished trick).
"""

from kibitz.core import GameSpec, Hooks, register
from kibitz.games.kozel.game import Kozel
from kibitz.games.kozel.moves import Beat, Discard, Four, KozelMove, Lead, parse_move
from kibitz.games.kozel.options import KozelOptions
from kibitz.games.kozel.view_types import KozelState, KozelView

register(
    GameSpec(
        name="kozel",
        title="Kozel",
        summary="Kozel on 4 cards: 2 against 2, beat the lead one to one or discard face down, "
        "four of a suit takes over; 61 card points win a deal, 12 losing points lose.",
        game=Kozel,
        min_players=4,
        max_players=4,
        default_players=4,
        dynamics="sequential",
        teams="fixed",
        lowest_wins=True,
        order=3,
        hooks=Hooks(
            bots="kibitz.bots.kozel",
            render="kibitz.cli.render.kozel",
            rl="kibitz.rl.adapters.kozel:KozelAdapter",
            board="kozel",
            cards="kozel",
            strings="kozel",
            log="kibitz.games.kozel.log",
        ),
    )
)

__all__ = [
    "Beat",
    "Discard",
    "Four",
    "Kozel",
    "KozelMove",
    "KozelOptions",
    "KozelState",
    "KozelView",
    "Lead",
    "parse_move",
]
