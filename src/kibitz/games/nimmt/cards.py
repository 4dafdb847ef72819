"""Card values shared by X bere! and 6 nimmt!."""

from __future__ import annotations


def bullheads(card: int) -> int:
    """6 nimmt!'s penalty heads: 55 = 7, other multiples of 11 = 5, of 10 = 3, of 5 = 2, else 1."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1
