"""Goxeso in the terminal: the board with coordinates, the cards turned in the last turn and
the one face up now, holdings and scores, the exchange phase, and the result.

Cells: `#` a face-down card, `.` an empty cell, `[5]` the card face up now, `(5)` a card
turned in the recent turns (the last round) that lies face down again, shown where it lies
now, after the swaps.
"""

from __future__ import annotations

from typing import Any

from kibitz.core import View
from kibitz.games.goxeso.cards import cell_name, face_name
from kibitz.games.goxeso.turns import seen_cards
from kibitz.games.goxeso.views import read_turn

COLUMNS = "abcdefgh"


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def _holder(holding: dict[str, Any], me: int | None) -> str:
    seats = holding["seats"]
    if len(seats) == 1:
        return _who(seats[0], me)
    names = " and ".join(f"seat {s}" for s in seats)
    return f"{names} (your team)" if me in seats else names


def _owner(owner: int, view: View) -> str:
    return _holder(view["holdings"][owner], view["seat"])


def _board(view: View) -> list[str]:
    rows = view["board"]
    size = len(rows)
    options = view["options"]
    turns = [read_turn(turn, size, options["classic"]) for turn in view["turns"]]
    marks = {
        cell_name(cell, size): f"({face_name(face)})" for cell, face in seen_cards(turns).items()
    }
    face_up = view["face_up"]
    if face_up is not None:
        marks[face_up["cell"]] = f"[{face_up['face']}]"
    lines = ["    " + "".join(f"{COLUMNS[c]:>5}" for c in range(size))]
    for r, row in enumerate(rows):
        cells = []
        for c, face in enumerate(row):
            name = f"{COLUMNS[c]}{r + 1}"
            if name in marks:
                text = marks[name]
            elif face is None:
                text = "."
            elif face == "?":
                text = "#"
            else:
                text = face
            cells.append(f"{text:>5}")
        lines.append(f"{r + 1:>4}" + "".join(cells))
    return lines


def describe_turn(last: dict[str, Any], view: View) -> str:
    """The last turn in words: the cards turned, then match and captures or miss and swap,
    claims and the lone card."""
    me = view["seat"]
    first, second = last["flips"]
    turned = f"{first['cell']} ({first['face']})"
    if second["seat"] == first["seat"]:
        text = f"{_who(first['seat'], me)} turned {turned} and {second['cell']} ({second['face']})"
    else:
        text = (
            f"{_who(first['seat'], me)} turned {turned}, "
            f"{_who(second['seat'], me)} turned {second['cell']} ({second['face']})"
        )
    if last["result"] == "match":
        text += f": a match for {_owner(last['owner'], view)}"
        if last["captured"]:
            cards = ", ".join(f"{c['cell']} ({c['face']})" for c in last["captured"])
            text += f", capturing {cards}"
    else:
        text += ": a miss" + (", the two cards swap" if last["swap"] else "")
    for claim in last["claims"]:
        owner = _owner(claim["owner"], view)
        text += f"; the {claim['face']} on {claim['cell']} is claimed by {owner}"
    lone = last["lone"]
    if lone is not None:
        text += f"; the lone {lone['face']} on {lone['cell']} goes to {_owner(lone['owner'], view)}"
    return text + "."


def _holdings(view: View) -> list[str]:
    lines = ["Holdings (points = pairs):"]
    scores = view["scores"]
    for holding in view["holdings"]:
        pairs = " ".join(holding["pairs"]) or "-"
        singles = ", ".join(f"{s['face']} {s['status']}" for s in holding["singles"]) or "-"
        points = scores[holding["seats"][0]]
        unit = "point" if points == 1 else "points"
        lines.append(
            f"  {_holder(holding, view['seat'])}: {points} {unit}; pairs {pairs}; singles {singles}"
        )
    return lines


def _exchange(view: View) -> list[str]:
    exchange = view["exchange"]
    if exchange is None:
        return []
    me = view["seat"]
    lines = ["Exchange of blocked halves:"]
    for seat, move in exchange["log"]:
        lines.append(f"  {_who(seat, me)}: {move}")
    pending = exchange["pending"]
    if pending is not None:
        offers, its = ("offer", "your") if pending["from"] == me else ("offers", "its")
        lines.append(
            f"  {_who(pending['from'], me)} {offers} {_who(pending['to'], me)} "
            f"{its} {pending['give']} for the {pending['get']}: accept or decline"
        )
    return lines


def render(view: View) -> str:
    """The table as seen from the view's seat (or a spectator's)."""
    me = view["seat"]
    options = view["options"]
    size = options["size"]
    title = "Pexeso" if options["classic"] else "Goxeso"
    variant = "" if options["variant"] == "none" else f" ({options['variant']})"
    stage = "exchange phase" if view["phase"] == "exchange" else f"turn {view['turn'] + 1}"
    if view["over"]:
        stage = f"{view['turn']} turns played"
    lines = [
        f"{title} {size}x{size}{variant}   {stage}   cards left {view['cards_left']}   "
        f"idle turns {view['idle']} of {view['idle_cap']}"
    ]
    lines += _board(view)
    for turn in view["turns"]:
        lines.append(f"Turn {turn['turn']}: {describe_turn(turn, view)}")
    face_up = view["face_up"]
    if face_up is not None:
        lines.append(
            f"Now: {_who(face_up['seat'], me)} turned {face_up['cell']} ({face_up['face']})"
        )
    lines += _holdings(view)
    lines += _exchange(view)
    if view["over"]:
        why = "the board is empty" if view["ended"] == "empty" else "the idle-turn cap"
        winners = ", ".join(_who(s, me) for s in view["winners"])
        lines.append(f"Game over ({why}): won by {winners}.")
    else:
        acting = ", ".join(_who(s, me) for s in view["to_act"])
        lines.append(f"To act: {acting}")
    return "\n".join(lines)
