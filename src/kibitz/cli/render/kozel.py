"""Kozel in the terminal: trump and stock, the trick on the table (face-down cards as backs),
the last trick, hands, points taken and the series' losing points."""

from __future__ import annotations

from typing import Any

from kibitz.core import View

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
BACK = "##"
"""A card lying face down."""


def _who(seat: int, me: int | None) -> str:
    if me is None:
        return f"seat {seat}"
    if seat == me:
        return "you"
    role = "partner" if (seat - me) % 4 == 2 else "opponent"
    return f"seat {seat} ({role})"


def _team(team: int, me: int | None) -> str:
    if me is None:
        return f"seats {team}+{team + 2}"
    return "your team" if me % 2 == team else "opponents"


def _cards(cards: list[str] | None, count: int) -> str:
    return " ".join(cards) if cards is not None else " ".join([BACK] * count)


def _play(play: dict[str, Any], me: int | None, on_top: bool = False) -> str:
    shown = _cards(play["cards"], play["count"])
    hidden = " (face down)" if not play["face_up"] else ""
    top = "   <- on top" if on_top else ""
    return f"{_who(play['seat'], me):22} {play['move']:8} {shown}{hidden}{top}"


def _trick_lines(trick: dict[str, Any], me: int | None, finished: bool) -> list[str]:
    lines = []
    if trick["undone"]:
        back = "; ".join(
            f"{_who(u['seat'], me)} {_cards(u['cards'], u['count'])}" for u in trick["undone"]
        )
        lines.append(f"  taken over by {_who(trick['takeover'], me)}; back to the hands: {back}")
    top = trick["winner"] if finished else trick["top"]
    last_top = max(
        (i for i, p in enumerate(trick["plays"]) if p["seat"] == top and p["face_up"]),
        default=-1,
    )
    lines.extend(
        "  " + _play(p, me, on_top=i == last_top and not finished)
        for i, p in enumerate(trick["plays"])
    )
    return lines


def render(view: View) -> str:
    """The table as seen from the view's seat (or a spectator's)."""
    me = view["seat"]
    options = view["options"]
    trump = view["trump"]
    lines = [
        f"Kozel   deal {view['deal']} (dealer: {_who(view['dealer'], me)})   "
        f"trump: {trump} ({SUIT_NAMES[view['trump_suit']]})   stock: {view['stock_size']} cards"
    ]
    losing = view["losing_points"]
    series = f"series to {options['series_limit']}" if options["series"] else "one deal"
    doubled = ", this deal counts double (eggs)" if view["doubled"] else ""
    lines.append(
        f"Losing points: {_team(0, me)}: {losing[0]}, {_team(1, me)}: {losing[1]} "
        f"({series}{doubled})"
    )
    won, seen, points = view["tricks_won"], view["points_seen"], view["points"]
    taken = [
        f"{_team(t, me)}: {won[t]} trick{'s' if won[t] != 1 else ''}, "
        + (f"{points[t]} points" if points is not None else f"{seen[t]}+ points seen")
        for t in (0, 1)
    ]
    lines.append("Taken this deal: " + "; ".join(taken))
    lines.append("Players:")
    for seat in range(4):
        parts = [f"  {_who(seat, me):22}", f"{view['hand_sizes'][seat]} cards"]
        if view["known"][seat]:
            parts.append(f"known: {' '.join(view['known'][seat])}")
        if seat in view["to_act"]:
            parts.append("<- to play")
        lines.append("  ".join(parts))
    last = view["last_trick"]
    if last is not None:
        where = f"deal {last['deal']} " if last["deal"] != view["deal"] else ""
        rounds = len(last["draws"]) // 4
        drew = f"; each drew {rounds} from {_who(last['winner'], me)} on" if rounds else ""
        lines.append(
            f"Last trick ({where}#{last['number']}): {_who(last['winner'], me)} took it{drew}"
        )
        lines.extend(_trick_lines(last, me, finished=True))
    trick = view["trick"]
    if trick["plays"] or trick["undone"]:
        lines.append(f"Trick #{trick['number']} on the table:")
        lines.extend(_trick_lines(trick, me, finished=False))
    fresh = not view["tricks"] and not trick["plays"]
    for result in view["results"]:
        if view["over"] or (fresh and result["deal"] == view["deal"] - 1):
            if result["eggs"]:
                outcome = "60-60, eggs: no losing points"
            else:
                loser = 0 if result["losing"][0] else 1
                outcome = f"{result['losing'][loser]} losing points to {_team(loser, me)}"
            doubled_deal = " (doubled)" if result["doubled"] else ""
            lines.append(
                f"Deal {result['deal']}: {result['points'][0]}-{result['points'][1]} "
                f"card points; {outcome}{doubled_deal}"
            )
    if me is not None:
        lines.append(f"Your hand: {' '.join(view['hand']) or '-'}")
        if view["discards"]:
            lines.append(f"Your face-down cards this deal: {' '.join(view['discards'])}")
    if view["over"]:
        winners = ", ".join(_who(s, me) for s in view["winners"])
        lines.append(f"Game over. Losing points {losing[0]}-{losing[1]}. Winners: {winners}")
    elif me is not None and me in view["to_act"]:
        if not trick["plays"]:
            lines.append("Your lead: one to four cards of one suit.")
        else:
            lines.append(
                f"Your answer to the {trick['count']} card(s) on top: beat them one to one, "
                f"or discard as many face down."
            )
        shown = view["legal"][:10]
        more = f" ... ({len(view['legal'])} in all)" if len(view["legal"]) > 10 else ""
        lines.append("Legal: " + ", ".join(shown) + more)
    else:
        lines.append(f"Waiting for {', '.join(_who(s, me) for s in view['to_act'])}")
    return "\n".join(lines)
