"""The log of Goxeso (`kibitz.core.gamelog`): entries from spectator views.

Grouped by turn, then the exchange. Every card turned is public, so the log shows each flip
as it happens and then what the turn did (a match and what it captured, or a miss and the
swap), as the view's `last_turn` tells it. A holder is a seat, or a team in the team
variants: entries name the holder by its seats.

Entries (seats from 0, cells `c3`, faces `J` or a number):

- `{"kind": "turn", "turn", "seat"}`: the seat starts turn number `turn` (from 1).
- `{"kind": "flip", "seat", "cell", "face"}`: a card turned face up.
- `{"kind": "match", "owner", "seats", "faces", "captured", "claims", "lone"}`: the two
  cards (`faces`) went to the holder (its `seats`); `captured`: cards between them in a line
  (`{"cell", "face"}`); `claims`: cards claimed by the holder of their mate (`{"owner",
  "cell", "face"}`); `lone`: the lone last card handed to the holder of its mate, or null.
- `{"kind": "miss", "swap", "claims", "lone"}`: no match; `swap`: the two cards swapped.
- `{"kind": "exchange"}`: the exchange phase begins.
- `{"kind": "offer", "seat", "to", "get", "give"}`: seat offers `to` its half of `give` for
  the other's half of `get`; `{"kind": "accept" | "decline" | "pass", "seat"}`.
- `{"kind": "over", "scores", "winners", "ended"}`: the game is over (`ended`: "empty" or
  "idle").
"""

from __future__ import annotations

from typing import Any

from kibitz.core.game import View
from kibitz.core.gamelog import Entry
from kibitz.games.goxeso.cards import face_name
from kibitz.games.goxeso.moves import Offer, parse_move


def entries(before: View | None, after: View) -> list[Entry]:
    """The entries of the move from `before` to `after` (spectator views; `before` None: the
    start of the game)."""
    if before is None:
        return []
    log: list[Entry] = []
    if after["turn"] > before["turn"]:
        log.extend(_turn(before, after))
    elif after["face_up"] is not None and before["face_up"] is None:
        up = after["face_up"]
        log.append({"kind": "turn", "turn": after["turn"] + 1, "seat": up["seat"]})
        log.append({"kind": "flip", "seat": up["seat"], "cell": up["cell"], "face": up["face"]})
    if after["exchange"] is not None:
        log.extend(_exchange(before, after))
    if after["over"]:
        log.append(
            {
                "kind": "over",
                "scores": after["scores"],
                "winners": after["winners"],
                "ended": after["ended"],
            }
        )
    return log


def _turn(before: View, after: View) -> list[Entry]:
    turn = after["last_turn"]
    first, second = turn["flips"]
    log: list[Entry] = []
    if before["face_up"] is None:
        log.append({"kind": "turn", "turn": turn["turn"], "seat": first["seat"]})
        log.append({"kind": "flip", **first})
    log.append({"kind": "flip", **second})
    if turn["result"] == "match":
        owner = turn["owner"]
        log.append(
            {
                "kind": "match",
                "owner": owner,
                "seats": after["holdings"][owner]["seats"],
                "faces": [first["face"], second["face"]],
                "captured": turn["captured"],
                "claims": turn["claims"],
                "lone": turn["lone"],
            }
        )
    else:
        log.append(
            {"kind": "miss", "swap": turn["swap"], "claims": turn["claims"], "lone": turn["lone"]}
        )
    return log


def _exchange(before: View, after: View) -> list[Entry]:
    done = before["exchange"]["log"] if before["exchange"] is not None else None
    log: list[Entry] = [] if done is not None else [{"kind": "exchange"}]
    for seat, text in after["exchange"]["log"][len(done or []) :]:
        move: Any = parse_move(text)
        if isinstance(move, Offer):
            get, give = face_name(move.get), face_name(move.give)
            log.append({"kind": "offer", "seat": seat, "to": move.to, "get": get, "give": give})
        else:
            log.append({"kind": str(move), "seat": seat})
    return log
