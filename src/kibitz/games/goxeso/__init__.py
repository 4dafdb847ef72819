"""Goxeso: the advanced Memory game with a joker pair, swaps, line captures, reservations and
the team variants Bridge and Cross; classic Pexeso is its option `classic`."""

from kibitz.core import GameSpec, register
from kibitz.games.goxeso.game import Goxeso
from kibitz.games.goxeso.moves import ACCEPT, DECLINE, PASS, Flip, GoxesoMove, Offer, Word
from kibitz.games.goxeso.options import GoxesoOptions

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
    "Offer",
    "Word",
]
