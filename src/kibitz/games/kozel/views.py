"""What a Kozel seat sees, and the whole state: the codec (their typed shapes are in
`view_types`).

A view shows the table to everyone: the trump card, the trick in progress, this deal's
finished tricks (face-down discards without their cards, except to the seat that made them),
the cards that went back to a hand face up in a takeover, and the scores. A seat also sees
its hand and its own face-down discards. The state holds everything (`full`: every card).
`sampling` turns a view back into a full game for `determinize`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kibitz.games.kozel.cards import CARD_TEXT, SUITS, count_of, mask_of, parse_card, texts_of
from kibitz.games.kozel.moves import DISCARD, Discard, KozelMove, move_of
from kibitz.games.kozel.tricks import Trick, Undone
from kibitz.games.kozel.view_types import (
    DealResult,
    KozelSeatPart,
    KozelStatePart,
    KozelTable,
    PlayData,
    TrickData,
)

if TYPE_CHECKING:
    from kibitz.games.kozel.game import Kozel


# ----------------------------------------------------------------- writing


def play_data(game: Kozel, seat: int, move: KozelMove, viewer: int | None, full: bool) -> PlayData:
    public = type(move) is not Discard or game._open  # a class test: `face_up` is a class
    # attribute, a Python look-up from compiled code (docs/engines.md)
    shown = public or full or seat == viewer
    return {
        "seat": seat,
        "move": move.keyword,
        "count": move.count,
        "face_up": public,
        "cards": [CARD_TEXT[c] for c in move.cards] if shown else None,
    }


def undone_data(undone: Sequence[Undone]) -> list[PlayData]:
    return [
        {
            "seat": seat,
            "move": keyword,
            "count": count,
            "face_up": public,
            "cards": None if cards is None else [CARD_TEXT[c] for c in cards],
        }
        for seat, keyword, cards, count, public in undone
    ]


def trick_data(game: Kozel, trick: Trick, viewer: int | None, full: bool) -> TrickData:
    return {
        "deal": game.deal_no,
        "number": trick.number,
        "first_leader": trick.first_leader,
        "leader": trick.leader,
        "takeover": trick.takeover,
        "winner": trick.winner,
        "plays": [play_data(game, s, m, viewer, full) for s, m in trick.plays],
        "undone": undone_data(trick.undone),
        "draws": list(trick.draws),
    }


def _certain(game: Kozel) -> list[list[int]]:
    """Per seat, the returned cards still surely in its hand: it has put nothing face
    down since they went back."""
    out: list[list[int]] = []
    for seat, returned in enumerate(game.returned):
        last = max((t for t, _ in game._face_down_tricks(seat)), default=0)
        out.append(sorted(card for card, since in returned.items() if since > last))
    return out


def table_data(game: Kozel, viewer: int | None, full: bool) -> KozelTable:
    """What `viewer` sees of the table (everything with `full`)."""
    points_seen = [0, 0]
    for trick in game.tricks:
        points_seen[trick.winner & 1] += sum(
            m.points for _, m in trick.plays if type(m) is not Discard or game._open
        )
    known = full or game._open or game._over
    last_trick = game.previous_last
    if game.tricks:
        last_trick = trick_data(game, game.tricks[-1], viewer, full)
    return {
        "deal": game.deal_no,
        "dealer": game.dealer,
        "trump": CARD_TEXT[game.trump_card],
        "trump_suit": SUITS[game.trump],
        "stock_size": len(game.stock),
        "hand_sizes": [count_of(h) for h in game.hands],
        "returned": [
            [[CARD_TEXT[c], since] for c, since in sorted(r.items())] for r in game.returned
        ],
        "known": [[CARD_TEXT[c] for c in cards] for cards in _certain(game)],
        "trick": {
            "number": game.trick_no,
            "first_leader": game.first_leader,
            "leader": game.leader,
            "top": game.top_seat if game.plays else None,
            "count": count_of(game.top_mask) if game.plays else None,
            "takeover": game.takeover,
            "takeover_open": game.takeover_open,
            "plays": [play_data(game, s, m, viewer, full) for s, m in game.plays],
            "undone": undone_data(game.undone),
        },
        "tricks": [trick_data(game, t, viewer, full) for t in game.tricks],
        "last_trick": last_trick,
        "tricks_won": list(game.tricks_won),
        "points_seen": points_seen,
        "points": list(game.points) if known else None,
        "losing_points": list(game.losing),
        "doubled": game.doubled,
        "results": [_result(r) for r in game.results],
    }


def _result(result: DealResult) -> DealResult:
    """A copy of a deal's result (its lists are not shared)."""
    return {**result, "points": list(result["points"])}


def view_data(game: Kozel, seat: int | None) -> KozelSeatPart:
    table = table_data(game, seat, full=False)
    if seat is None:
        return {**table, "hand": None, "discards": None}
    mine = 0
    for _, mask in game._face_down_tricks(seat):
        mine |= mask
    return {**table, "hand": texts_of(game.hands[seat]), "discards": texts_of(mine)}


def state_data(game: Kozel) -> KozelStatePart:
    return {
        **table_data(game, None, full=True),
        "hands": [texts_of(hand) for hand in game.hands],
        "stock": [CARD_TEXT[c] for c in reversed(game.stock)],
        "to_act": sorted(game._to_act),
        "over": game._over,
    }


# ----------------------------------------------------------------- reading


def read_table(game: Kozel, data: Mapping[str, Any]) -> None:
    """The public part shared by states and views; plays are read by the callers."""
    game.deal_no = data["deal"]
    game.dealer = data["dealer"]
    game.trump_card = parse_card(data["trump"])
    game.trump = game.trump_card // 9
    trick = data["trick"]
    game.trick_no = trick["number"]
    game.first_leader = trick["first_leader"]
    game.leader = trick["leader"]
    game.takeover = trick["takeover"]
    game.undone = read_undone(trick["undone"])
    game.tricks_won = list(data["tricks_won"])
    game.losing = list(data["losing_points"])
    game.doubled = data["doubled"]
    game.results = [_result(r) for r in data["results"]]
    game.returned = [
        {parse_card(text): since for text, since in seat_cards} for seat_cards in data["returned"]
    ]
    game.previous_last = None if data["tricks"] else data["last_trick"]
    game._over = data["over"]
    if len(game.returned) != 4 or len(game.tricks_won) != 2 or len(game.losing) != 2:
        raise ValueError("a Kozel state has four seats and two teams")


def read_undone(items: Sequence[Mapping[str, Any]]) -> tuple[Undone, ...]:
    return tuple(
        (
            u["seat"],
            u["move"],
            None if u["cards"] is None else tuple(map(parse_card, u["cards"])),
            u["count"],
            u["face_up"],
        )
        for u in items
    )


def finish_load(
    game: Kozel,
    plays: list[tuple[int, KozelMove]],
    tricks: list[tuple[Mapping[str, Any], list[tuple[int, KozelMove]]]],
    to_act: Sequence[int],
) -> None:
    """Set the trick in progress and the finished tricks, derive what follows from them
    (what lies on top, the takeover's state, the seat to act, the points) and check it."""
    game.plays = plays
    game.top_seat, game.top_mask = -1, 0
    for seat, move in plays:
        if move.kind != DISCARD:
            game.top_seat, game.top_mask = seat, move.mask
    game.answered = max(0, len(plays) - 1)
    game.takeover_open = game.takeover is None and (not plays or plays[0][1].count < 4)
    game.tricks = []
    game.points = [0, 0]
    for record, trick_plays in tricks:
        trick = Trick(
            record["number"],
            record["first_leader"],
            record["leader"],
            record["takeover"],
            record["winner"],
            trick_plays,
            read_undone(record["undone"]),
            tuple(record["draws"]),
        )
        game.tricks.append(trick)
        game.points[trick.winner & 1] += sum(m.points for _, m in trick_plays)
    if game._over:
        game._to_act = frozenset()
    else:
        seat = game.leader if not plays else (plays[-1][0] + 1) & 3
        game._to_act = frozenset((seat,))
    if sorted(game._to_act) != list(to_act):
        raise ValueError(f"seat {sorted(game._to_act)} acts, not {list(to_act)}")


def load_state(game: Kozel, state: Mapping[str, Any]) -> None:
    """Restore what `state_data` wrote."""
    read_table(game, state)
    game.hands = [mask_of(map(parse_card, hand)) for hand in state["hands"]]
    game.stock = [parse_card(text) for text in reversed(state["stock"])]

    def plays(items: list[Mapping[str, Any]]) -> list[tuple[int, KozelMove]]:
        return [(p["seat"], move_of(p["move"], cards_of_texts(p["cards"]))) for p in items]

    finish_load(
        game,
        plays(state["trick"]["plays"]),
        [(record, plays(record["plays"])) for record in state["tricks"]],
        state["to_act"],
    )


def cards_of_texts(texts: list[str]) -> list[int]:
    return [parse_card(text) for text in texts]
