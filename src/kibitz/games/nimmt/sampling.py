"""Determinize: a full X bere! or 6 nimmt! game from a view, the unseen cards dealt at random.

A seat sees the rows, the X rows and piles, the revealed cards, the cards known to be back in
a hand, and its own hand and choice. Every other card of the deck is unseen: it is in another
hand, another seat's face-down choice, or out of play (never dealt this round).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kibitz.core import ViewError
from kibitz.core.rng import shuffle
from kibitz.games.nimmt.views import read_table, unseen_cards

if TYPE_CHECKING:
    from kibitz.games.nimmt.game import RowGame


def load_view(game: RowGame, view: Mapping[str, Any], rng: random.Random) -> None:
    """Rebuild the true state from a view: the cards the seat cannot see are shuffled over
    the other hands (but their known cards) and the others' face-down choices."""
    read_table(game, view)
    me = view["seat"]
    players = game.players
    chosen = view["chosen"]
    pool = unseen_cards(view, game.rules.deck_size)
    shuffle(pool, rng)
    game.hands = [[] for _ in range(players)]
    game.chosen = [None] * players
    for seat in range(players):
        if seat == me:
            game.hands[seat] = sorted(view["hand"])
            game.chosen[seat] = view["choice"]
            continue
        known = sorted(game.known[seat])
        size = view["hand_sizes"][seat] + (1 if chosen[seat] else 0)
        need = size - len(known)
        if need < 0 or need > len(pool):
            raise ViewError(f"seat {seat}'s hand does not fit the cards left unseen")
        cards = known + [pool.pop() for _ in range(need)]
        if chosen[seat]:
            game.chosen[seat] = cards.pop(rng.randrange(len(cards)))
        game.hands[seat] = sorted(cards)
    choosing = frozenset(s for s in range(players) if not chosen[s])
    if game.pending is None and not game._over and game._to_act != choosing:
        raise ViewError("the seats to act do not match the choices made")
