"""The log of X bere! and 6 nimmt! (`kibitz.core.gamelog`): entries from spectator views.

Grouped by round and turn. A choice is hidden until the reveal, so a turn is logged when its
cards are revealed: a `turn` entry with every revealed card, then one entry per placement as
the view's `events` tell it (`place`, `take`, `x`). A round's end says each seat's penalty
and, in X bere!, how it was made (hand and X pile); then the next round's rows.

Entries (every seat numbered from 0, every row from 1):

- `{"kind": "round", "round", "rows"}`: a round starts with these rows.
- `{"kind": "turn", "turn", "cards"}`: the cards revealed as [card, seat], lowest first.
- `{"kind": "place", "seat", "card", "row"}`: the card placed at the end of the row.
- `{"kind": "take", "seat", "card", "row", "cards", "reason"}`: the card took the row's
  `cards` and starts it; `reason` "full" (it would have filled the row) or "low" (lower than
  every row: the player chose the row).
- `{"kind": "x", "seat", "card", "packed", "back"}`: X bere!: the X card chosen among the
  taken cards; `packed`: the X row went to the X pile; `back`: the cards back in the hand.
- `{"kind": "round_end", "round", "penalties", "hand", "pile"}`: each seat's penalty for the
  round; X bere! adds its parts, `hand` (the hand's value) and `pile` (the X pile's value,
  counted twice): penalty = hand + 2 * pile; 6 nimmt! gives `hand` null and `pile` the
  penalty (the bullheads taken).
- `{"kind": "over", "scores", "winners"}`: the game is over.
"""

from __future__ import annotations

from typing import Any

from kibitz.core.game import View
from kibitz.core.gamelog import Entry
from kibitz.games.nimmt.cards import bullheads


def entries(before: View | None, after: View) -> list[Entry]:
    """The entries of the move from `before` to `after` (spectator views; `before` None: the
    start of the game)."""
    if before is None:
        return [_round_start(after)]
    if before["pending"] is None:
        if any(after["chosen"]):
            return []  # a hidden choice: nothing shows until the reveal
        log: list[Entry] = [{"kind": "turn", "turn": before["turn"], "cards": after["revealed"]}]
        new = after["events"]
    else:
        log = []
        new = after["events"][len(before["events"]) :]
    log.extend({"kind": event["type"], **_fields(event)} for event in new)
    if len(after["round_scores"]) > len(before["round_scores"]):
        log.append(_round_end(before, after, new))
        if not after["over"]:
            log.append(_round_start(after))
    if after["over"]:
        log.append({"kind": "over", "scores": after["scores"], "winners": after["winners"]})
    return log


def _fields(event: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in event.items() if key != "type"}


def _round_start(view: View) -> Entry:
    return {"kind": "round", "round": view["round"], "rows": [row[:] for row in view["rows"]]}


def _round_end(before: View, after: View, new: list[dict[str, Any]]) -> Entry:
    """The round's penalties; in X bere! split into the hand and the X pile, replaying this
    move's X cards on the X rows and piles of `before` (the next round's deal has replaced
    them in `after`)."""
    penalties = after["round_scores"][-1]
    if "x_piles" not in before:
        return {
            "kind": "round_end",
            "round": len(after["round_scores"]),
            "penalties": penalties,
            "hand": None,
            "pile": penalties,
        }
    x_rows = [row[:] for row in before["x_rows"]]
    piles = [pile[:] for pile in before["x_piles"]]
    for event in new:
        if event["type"] == "x":
            seat, card = event["seat"], event["card"]
            if event["packed"]:
                piles[seat].extend(x_rows[seat])
                x_rows[seat] = [card]
            else:
                x_rows[seat].append(card)
    counted = after["options"].get("scoring") == "bullheads"
    pile = [sum(map(bullheads, cards)) if counted else len(cards) for cards in piles]
    return {
        "kind": "round_end",
        "round": len(after["round_scores"]),
        "penalties": penalties,
        "hand": [total - 2 * part for total, part in zip(penalties, pile, strict=True)],
        "pile": pile,
    }
