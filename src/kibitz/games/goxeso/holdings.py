"""Holdings: the cards each holder (a seat, or a team in the team variants) has taken.

The engine keeps, for each face, the list of holders of its taken cards (`holders[face]`,
0 to 2 entries). Everything else follows from it: a face held twice by one holder is a pair;
a single whose mate is on the board is reserved; a single whose mate another holder has is
blocked (a reservation lapses by itself when its mate is taken by someone else).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kibitz.games.goxeso.faces import face_name, read_face


def holdings_data(
    holders: Sequence[list[int]], faces: range, owner_seats: Sequence[tuple[int, ...]]
) -> list[dict[str, Any]]:
    """Per holder: its seats, its pairs, and its singles each marked reserved or blocked."""
    data = []
    for owner, seats in enumerate(owner_seats):
        pairs: list[str] = []
        singles: list[dict[str, str]] = []
        for face in faces:
            held = holders[face]
            if owner not in held:
                continue
            if held.count(owner) == 2:
                pairs.append(face_name(face))
            else:
                status = "reserved" if len(held) == 1 else "blocked"
                singles.append({"face": face_name(face), "status": status})
        data.append({"seats": list(seats), "pairs": pairs, "singles": singles})
    return data


def read_holdings(
    data: Any, faces: range, owner_seats: Sequence[tuple[int, ...]], size: int, classic: bool
) -> list[list[int]]:
    """`holders` per face from `holdings_data`'s output; malformed data raises `ValueError`.
    (The caller checks the reserved/blocked marks against the board.)"""
    if not isinstance(data, list) or len(data) != len(owner_seats):
        raise ValueError(f"holdings must list {len(owner_seats)} holders")
    holders: list[list[int]] = [[] for _ in range(faces[-1] + 1)]
    for owner, (entry, seats) in enumerate(zip(data, owner_seats, strict=True)):
        if entry["seats"] != list(seats):
            raise ValueError(f"holder {owner} must be seats {list(seats)}")
        texts = [(text, 2) for text in entry["pairs"]]
        texts += [(single["face"], 1) for single in entry["singles"]]
        for text, count in texts:
            face = read_face(text, size, classic) if isinstance(text, str) else None
            if face is None:
                raise ValueError(f"no face {text!r} in this game")
            holders[face].extend([owner] * count)
            if len(holders[face]) > 2:
                raise ValueError(f"face {text} is held more than twice")
    return holders
