"""The log of Kozel (`kibitz.core.gamelog`): entries from spectator views.

Grouped by deal and trick. A spectator sees a face-down discard only as its size, so the log
says "discards 2 cards face down" (its `cards` are null) and a trick's points are those of
the cards shown face up, with the number of cards it holds face down.

Entries (seats from 0; team 0 is seats 0 and 2, team 1 seats 1 and 3; cards written `10H`):

- `{"kind": "deal", "deal", "dealer", "trump"}`: a deal starts; `trump` is the card shown.
- `{"kind": "trick", "number"}`: a trick starts (its lead follows).
- `{"kind": "play", "seat", "move", "cards", "count"}`: `move` is "lead", "beat" or
  "discard"; `cards` null for a face-down discard.
- `{"kind": "four", "seat", "cards", "returned"}`: a takeover with four of a suit; the
  `returned` plays on the table went back to their hands.
- `{"kind": "taken", "seat", "team", "points", "hidden"}`: the seat took the trick for its
  team: `points` of the face-up cards, `hidden` cards face down.
- `{"kind": "deal_end", "deal", "points", "tricks", "losing", "eggs", "doubled"}`: the
  deal's result as the view's `results` has it (card points and losing points per team).
- `{"kind": "over", "scores", "winners"}`: the series is over.
"""

from __future__ import annotations

from typing import Any

from kibitz.core.game import View
from kibitz.core.gamelog import Entry
from kibitz.games.kozel.cards import CARD_POINTS, parse_card


def entries(before: View | None, after: View) -> list[Entry]:
    """The entries of the move from `before` to `after` (spectator views; `before` None: the
    start of the game)."""
    if before is None:
        return [_deal(after)]
    was, now = before["trick"], after["trick"]
    log: list[Entry] = []
    if after["deal"] == before["deal"] and now["number"] == was["number"]:
        if now["takeover"] is not None and now["takeover"] != was["takeover"]:
            four = now["plays"][0]
            returned = len(now["undone"])
            log.append(
                {"kind": "four", "seat": four["seat"], "cards": four["cards"], "returned": returned}
            )
        else:
            if not was["plays"]:
                log.append({"kind": "trick", "number": now["number"]})
            log.append(_play(now["plays"][-1]))
        return log
    trick = after["tricks"][-1] if after["deal"] == before["deal"] else after["last_trick"]
    log.append(_play(trick["plays"][-1]))
    log.append(_taken(trick))
    if len(after["results"]) > len(before["results"]):
        log.append({"kind": "deal_end", **after["results"][-1]})
        if not after["over"]:
            log.append(_deal(after))
    if after["over"]:
        log.append({"kind": "over", "scores": after["scores"], "winners": after["winners"]})
    return log


def _deal(view: View) -> Entry:
    return {"kind": "deal", "deal": view["deal"], "dealer": view["dealer"], "trump": view["trump"]}


def _play(play: dict[str, Any]) -> Entry:
    return {
        "kind": "play",
        "seat": play["seat"],
        "move": play["move"],
        "cards": play["cards"],
        "count": play["count"],
    }


def _taken(trick: dict[str, Any]) -> Entry:
    points = hidden = 0
    for play in trick["plays"]:
        if play["cards"] is None:
            hidden += play["count"]
        else:
            points += sum(CARD_POINTS[parse_card(card)] for card in play["cards"])
    winner = trick["winner"]
    return {"kind": "taken", "seat": winner, "team": winner % 2, "points": points, "hidden": hidden}
