"""Moves of the row games: `play 57`, `take 2`, `x 17`.

Moves are interned (`kibitz.core.InternedMove`): equality is identity.
"""

from __future__ import annotations

import re
from typing import ClassVar, Final

from kibitz.core import InternedMove, NotationError


class _NumberMove(InternedMove):
    __slots__ = ("number",)
    keyword: ClassVar[str]

    number: int

    def _setup(self, key: int) -> None:
        self._set(number=key)

    def __str__(self) -> str:
        return f"{self.keyword} {self.number}"


class Play(_NumberMove):
    """Choose a card of one's hand, face down, for this turn."""

    __slots__ = ()
    keyword = "play"

    @property
    def card(self) -> int:
        return self.number


class Take(_NumberMove):
    """Take row `row` (1-based) when one's card is lower than every row."""

    __slots__ = ()
    keyword = "take"

    @property
    def row(self) -> int:
        return self.number


class XCard(_NumberMove):
    """Put this taken card on one's X row."""

    __slots__ = ()
    keyword = "x"

    @property
    def card(self) -> int:
        return self.number


RowMove = Play | Take | XCard

_KINDS: Final[dict[str, type[Play] | type[Take] | type[XCard]]] = {
    "play": Play,
    "take": Take,
    "x": XCard,
}
_PATTERN: Final = re.compile(r"(play|take|x) ([1-9][0-9]{0,3})")


def parse_move(text: object) -> RowMove:
    """The move written `play N`, `take N` or `x N` (exactly; N without leading zeros)."""
    match = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(f"cannot read move {text!r}: write play N, take N or x N")
    return _KINDS[match[1]](int(match[2]))
