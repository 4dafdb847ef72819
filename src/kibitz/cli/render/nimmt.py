"""X bere! and 6 nimmt! in the terminal: rows, hand, X rows and piles, what happened."""

from __future__ import annotations

from typing import Any

from kibitz.core import View
from kibitz.games.nimmt.cards import bullheads


def _card(card: int, heads: bool) -> str:
    return f"{card}:{bullheads(card)}" if heads else str(card)


def _cards(cards: list[int], heads: bool) -> str:
    return " ".join(_card(c, heads) for c in cards) if cards else "-"


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def describe(event: dict[str, Any], me: int | None, heads: bool) -> str:
    """One placement, take or X choice in words."""
    who = _who(event["seat"], me)
    card = _card(event["card"], heads)
    if event["type"] == "place":
        return f"{card} ({who}) goes to row {event['row']}"
    if event["type"] == "take":
        take = "take" if event["seat"] == me else "takes"
        why = "fills" if event["reason"] == "full" else "is lower than every row and takes"
        taken = _cards(event["cards"], heads)
        return f"{card} ({who}) {why} row {event['row']}: {who} {take} {taken}"
    back = _cards(event["back"], heads)
    packed = " (the old X row goes to the X pile)" if event["packed"] else ""
    return f"{who} put {card} on the X row{packed}; back to hand: {back}"


def render(view: View) -> str:
    """The table as seen from the view's seat."""
    me = view["seat"]
    xbere = view["game"] == "xbere"
    heads = not xbere or view["options"].get("scoring") == "bullheads"
    title = "X bere!" if xbere else "6 nimmt!"
    lines = [f"{title}   round {view['round']}   turn {view['turn']}"]
    lines.append("Rows:")
    for number, (row, limit) in enumerate(zip(view["rows"], view["row_limits"], strict=True), 1):
        lines.append(f"  {number} (limit {limit}): {_cards(row, heads)}")
    lines.append("Players:")
    piles = view["x_piles"] if xbere else view["piles"]
    scores = view.get("scores")
    for seat in range(view["players"]):
        parts = [f"  {_who(seat, me):8}", f"hand {view['hand_sizes'][seat]:2}"]
        if view["known"][seat]:
            parts.append(f"(known: {_cards(view['known'][seat], heads)})")
        if xbere:
            parts.append(f"X row {_cards(view['x_rows'][seat], heads)}")
            parts.append(f"X pile {len(piles[seat])}")
        else:
            parts.append(f"taken {_cards(piles[seat], heads)}")
        if scores is not None:
            parts.append(f"penalty {scores[seat]}")
        if view["chosen"][seat]:
            parts.append("[chosen]")
        lines.append("  ".join(parts))
    if me is not None:
        lines.append(f"Your hand: {_cards(view['hand'], heads)}")
        if view["choice"] is not None:
            lines.append(f"Your choice this turn: {_card(view['choice'], heads)}")
    if view["revealed"]:
        shown = ", ".join(f"{_who(s, me)} {_card(c, heads)}" for c, s in view["revealed"])
        lines.append(f"Revealed: {shown}")
        lines.extend(f"  {describe(event, me, heads)}" for event in view["events"])
    pending = view["pending"]
    if view["over"]:
        winners = ", ".join(_who(s, me) for s in view["winners"])
        lines.append(f"Game over. Penalty: {view['scores']}. Winner: {winners}")
    elif pending is not None:
        who = _who(pending["seat"], me)
        if pending["decision"] == "take":
            lines.append(f"{who}: {pending['card']} is lower than every row; choose a row to take")
        else:
            taken = _cards(pending["cards"], heads)
            lines.append(f"{who}: choose the card for the X row from {taken}")
    else:
        waiting = ", ".join(_who(s, me) for s in view["to_act"])
        lines.append(f"Waiting for {waiting} to choose a card")
    return "\n".join(lines)
