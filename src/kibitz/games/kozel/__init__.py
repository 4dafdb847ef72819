"""Kozel on 4 cards: two teams of two, beating one to one, four of a suit, series to 12."""

from kibitz.core import GameSpec, register
from kibitz.games.kozel.game import Kozel
from kibitz.games.kozel.moves import Beat, Discard, Four, KozelMove, Lead, parse_move
from kibitz.games.kozel.options import KozelOptions

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
    )
)

__all__ = ["Beat", "Discard", "Four", "Kozel", "KozelMove", "KozelOptions", "Lead", "parse_move"]
