"""The exchange phase's arithmetic: which faces two holders split, and which trades exist.

A trade between holders A and B swaps a blocked half each way so that each completes a pair:
A gets B's half of `get`, B gets A's half of `give`. Both faces must be split between A and B.
"""

from __future__ import annotations

from collections.abc import Sequence

Trade = tuple[int, int, int, int]
"""(holder, face it completes, other holder, face that one completes), lower holder first."""


def trade(owner: int, get: int, other: int, give: int) -> Trade:
    """The trade in which `owner` completes `get` and `other` completes `give`; the same
    trade whichever of the two offers it."""
    return (owner, get, other, give) if owner < other else (other, give, owner, get)


def split_faces(holders: Sequence[list[int]], faces: range, a: int, b: int) -> list[int]:
    """The faces of which holder `a` has one half and holder `b` the other."""
    split = []
    for face in faces:
        held = holders[face]
        if len(held) == 2 and ((held[0] == a and held[1] == b) or (held[0] == b and held[1] == a)):
            split.append(face)
    return split


def trades_between(
    holders: Sequence[list[int]], faces: range, a: int, b: int, made: set[Trade]
) -> list[tuple[int, int]]:
    """(get, give) of every trade `a` can still offer `b`: two different faces split between
    them, not offered before by either side."""
    split = split_faces(holders, faces, a, b)
    if len(split) < 2:
        return []
    return [
        (get, give)
        for get in split
        for give in split
        if get != give and trade(a, get, b, give) not in made
    ]
