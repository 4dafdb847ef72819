"""Deals of the row games: from the seed, or read from a record's explicit `setup`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from kibitz.core import SetupError
from kibitz.core.rng import shuffle
from kibitz.games.nimmt.options import Rules

Deal = tuple[list[list[int]], list[list[int]]]
"""(rows, hands): the rows' cards in row order and each seat's hand, sorted."""


def shuffled_deal(rules: Rules, players: int, rng: random.Random) -> Deal:
    """Shuffle cards 1..deck_size, start each row with one card, deal the hands."""
    deck = list(range(1, rules.deck_size + 1))
    shuffle(deck, rng)
    nrows = len(rules.row_limits)
    rows = [[card] for card in deck[:nrows]]
    size = rules.hand_size
    hands = [sorted(deck[nrows + i * size : nrows + (i + 1) * size]) for i in range(players)]
    return rows, hands


def round_setups(setup: Mapping[str, Any] | None, rules: Rules) -> list[Mapping[str, Any]]:
    """The explicit deals a setup fixes, first round first (`{"rounds": [...]}` or one deal)."""
    if setup is None:
        return []
    if not isinstance(setup, Mapping):
        raise SetupError("a setup must be an object")
    if "rounds" in setup:
        if set(setup) != {"rounds"}:
            raise SetupError("a setup with 'rounds' must have nothing else")
        rounds = setup["rounds"]
        if not isinstance(rounds, list) or not rounds:
            raise SetupError("'rounds' must be a non-empty list of deals")
        if rules.rounds is not None and len(rounds) > rules.rounds:
            raise SetupError(f"the setup deals {len(rounds)} rounds; the game has {rules.rounds}")
        return list(rounds)
    return [setup]


def read_deal(data: Any, rules: Rules, players: int, index: int) -> Deal:
    """The deal `{"rows": [[...], ...], "hands": [[...], ...]}`, checked card by card.

    Rows may hold several ascending cards (fewer than take a row) and hands may be of any
    non-empty size, so tests and puzzles can start from a position.
    """
    where = f"setup of round {index + 1}"
    if not isinstance(data, Mapping):
        raise SetupError(f"the {where} must be an object with 'rows' and 'hands'")
    if set(data) != {"rows", "hands"}:
        raise SetupError(f"the {where} must have exactly 'rows' and 'hands'")
    rows, hands = data["rows"], data["hands"]
    nrows = len(rules.row_limits)
    if not isinstance(rows, list) or len(rows) != nrows:
        raise SetupError(f"the {where} must have {nrows} rows")
    if not isinstance(hands, list) or len(hands) != players:
        raise SetupError(f"the {where} must have {players} hands")
    seen: set[int] = set()

    def cards(items: Any, what: str) -> list[int]:
        if not isinstance(items, list) or not items:
            raise SetupError(f"{what} in the {where} must be a non-empty list of cards")
        for card in items:
            if isinstance(card, bool) or not isinstance(card, int):
                raise SetupError(f"{what} in the {where}: {card!r} is not a card")
            if not 1 <= card <= rules.deck_size:
                raise SetupError(f"{what} in the {where}: no card {card} in 1..{rules.deck_size}")
            if card in seen:
                raise SetupError(f"{what} in the {where}: card {card} is dealt twice")
            seen.add(card)
        return list(items)

    out_rows = []
    for r, row in enumerate(rows):
        row_cards = cards(row, f"row {r + 1}")
        if row_cards != sorted(row_cards):
            raise SetupError(f"row {r + 1} in the {where} must be in ascending order")
        if len(row_cards) > rules.full[r]:
            raise SetupError(f"row {r + 1} in the {where} holds more cards than it may")
        out_rows.append(row_cards)
    out_hands = [sorted(cards(hand, f"hand {s}")) for s, hand in enumerate(hands)]
    return out_rows, out_hands
