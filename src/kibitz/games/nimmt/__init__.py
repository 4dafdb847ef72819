"""X bere! (X nimmt!) and classic 6 nimmt!: one placement engine, two registered games."""

from kibitz.core import GameSpec, register
from kibitz.games.nimmt.game import RowGame
from kibitz.games.nimmt.moves import Play, Take, XCard
from kibitz.games.nimmt.options import SixNimmtOptions, XBereOptions


class XBere(RowGame):
    """X bere!: rows limited to 3, 4 and 5 cards, personal X rows and X piles."""

    name = "xbere"
    options_class = XBereOptions


class SixNimmt(RowGame):
    """Classic 6 nimmt!: four rows, the sixth card takes, bullheads are penalty."""

    name = "6nimmt"
    options_class = SixNimmtOptions


register(
    GameSpec(
        name="xbere",
        title="X bere!",
        summary="6 nimmt! relative for 2-4: rows of 3, 4 and 5, an X row, taken cards come back.",
        game=XBere,
        min_players=2,
        max_players=4,
        default_players=4,
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
    )
)

__all__ = ["Play", "SixNimmt", "Take", "XBere", "XCard"]
