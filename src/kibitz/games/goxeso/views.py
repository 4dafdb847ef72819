"""What a Goxeso seat sees, and the whole state: their typed shapes and the codec.

Every seat sees the same: the board with face-down cards as `?` (but the card face up this
turn), the recent turns with every card they showed, and the holdings (pairs, reserved and
blocked singles). The state adds every face. The engine's memory of taken cards is
`holders[face]` (who holds the 0 to 2 taken cards of each face); pairs, reservations and
blocks follow from it. `sampling` turns a view back into a full game for `determinize`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

from kibitz.games.goxeso.cards import EMPTY, cell_name, face_name, read_cell, read_face
from kibitz.games.goxeso.exchange import trade
from kibitz.games.goxeso.moves import Offer
from kibitz.games.goxeso.turns import Turn
from kibitz.games.goxeso.view_types import (
    CardData,
    ExchangeData,
    FaceUp,
    GoxesoStatePart,
    GoxesoTable,
    Holding,
    OwnedCard,
    PendingOffer,
    Single,
    TurnData,
)

if TYPE_CHECKING:
    from kibitz.games.goxeso.game import Goxeso

PLAY: Final = "play"
EXCHANGE: Final = "exchange"
OVER: Final = "over"

UNKNOWN = -2
"""A face-down cell of a view while its face is being sampled."""


# ----------------------------------------------------------------- writing


def turn_data(turn: Turn, size: int) -> TurnData:
    """The turn as plain data, cells written `c3` and faces `J` or `5`."""

    def card(cell: int, face: int) -> CardData:
        return {"cell": cell_name(cell, size), "face": face_name(face)}

    def owned(owner: int, cell: int, face: int) -> OwnedCard:
        return {"owner": owner, **card(cell, face)}

    return {
        "turn": turn.number,
        "flips": [
            {"seat": turn.seat1, **card(turn.cell1, turn.face1)},
            {"seat": turn.seat2, **card(turn.cell2, turn.face2)},
        ],
        "result": "match" if turn.match else "miss",
        "owner": turn.owner if turn.match else None,
        "swap": turn.swap,
        "captured": [card(cell, face) for cell, face in turn.captured],
        "claims": [owned(*claim) for claim in turn.claims],
        "lone": None if turn.lone is None else owned(*turn.lone),
        "remaining": [card(cell, face) for cell, face in turn.remaining()],
    }


def holdings_data(
    holders: Sequence[list[int]], faces: range, owner_seats: Sequence[tuple[int, ...]]
) -> list[Holding]:
    """Per holder: its seats, its pairs, and its singles each marked reserved or blocked."""
    data: list[Holding] = []
    for owner, seats in enumerate(owner_seats):
        pairs: list[str] = []
        singles: list[Single] = []
        for face in faces:
            held = holders[face]
            if owner not in held:
                continue
            if held.count(owner) == 2:
                pairs.append(face_name(face))
            else:
                status: Literal["reserved", "blocked"] = "reserved" if len(held) == 1 else "blocked"
                singles.append({"face": face_name(face), "status": status})
        data.append({"seats": list(seats), "pairs": pairs, "singles": singles})
    return data


def table_data(game: Goxeso, full: bool) -> GoxesoTable:
    """Everything everyone sees; with `full`, the faces of face-down cards too."""
    n, board, first = game.size, game.board, game.first
    rows: list[list[str | None]] = []
    for row in range(n):
        cells: list[str | None] = []
        for cell in range(row * n, row * n + n):
            face = board[cell]
            if face == EMPTY:
                cells.append(None)
            elif full or cell == first:
                cells.append(face_name(face))
            else:
                cells.append("?")
        rows.append(cells)
    face_up: FaceUp | None = None
    if first >= 0:
        face_up = {
            "seat": game.turn_seat,
            "cell": cell_name(first, n),
            "face": face_name(board[first]),
        }
    return {
        "board": rows,
        "phase": game.phase,
        "start": game.start,
        "turn": game.turn,
        "idle": game.idle,
        "idle_cap": game.cap,
        "cards_left": game.left,
        "face_up": face_up,
        "last_turn": None if game.last is None else turn_data(game.last, n),
        "turns": [turn_data(turn, n) for turn in game.recent],
        "holdings": holdings_data(game.holders, game.faces, game.owner_seats),
        "scores": list(game.scores()),
        "exchange": _exchange_data(game),
        "ended": game.ended,
    }


def _exchange_data(game: Goxeso) -> ExchangeData | None:
    if not game.exchanging:
        return None
    pending: PendingOffer | None = None
    if game.pending is not None:
        seat, offer = game.pending
        pending = {
            "from": seat,
            "to": offer.to,
            "get": face_name(offer.get),
            "give": face_name(offer.give),
        }
    return {
        "log": [[seat, str(move)] for seat, move in game.log],
        "pending": pending,
        "passes": game.passes,
    }


def state_data(game: Goxeso) -> GoxesoStatePart:
    return {**table_data(game, full=True), "to_act": sorted(game.to_act()), "over": game.is_over()}


# ----------------------------------------------------------------- reading


def read_turn(data: Any, size: int, classic: bool) -> Turn:
    """The turn that `turn_data` wrote; anything malformed raises `ValueError`."""

    def cell(text: Any) -> int:
        found = read_cell(text, size) if isinstance(text, str) else None
        if found is None:
            raise ValueError(f"no cell {text!r} on a {size}x{size} board")
        return found

    def face(text: Any) -> int:
        found = read_face(text, size, classic) if isinstance(text, str) else None
        if found is None:
            raise ValueError(f"no face {text!r} in this game")
        return found

    first, second = data["flips"]
    turn = Turn(
        data["turn"],
        (first["seat"], cell(first["cell"]), face(first["face"])),
        (second["seat"], cell(second["cell"]), face(second["face"])),
    )
    turn.match = data["result"] == "match"
    turn.owner = data["owner"] if turn.match else -1
    turn.swap = bool(data["swap"])
    turn.captured = [(cell(c["cell"]), face(c["face"])) for c in data["captured"]]
    turn.claims = [(c["owner"], cell(c["cell"]), face(c["face"])) for c in data["claims"]]
    lone = data["lone"]
    if lone is not None:
        turn.lone = (lone["owner"], cell(lone["cell"]), face(lone["face"]))
    if turn_data(turn, size) != data:
        raise ValueError("the last turn's record is inconsistent")
    return turn


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


def read_cells(game: Goxeso, rows: Any, known: bool) -> list[int]:
    """The cells of a state (faces) or a view (`?` for face-down cards: `UNKNOWN`)."""
    n = game.size
    if not isinstance(rows, list) or len(rows) != n:
        raise ValueError(f"the board must have {n} rows")
    board = []
    for row in rows:
        if not isinstance(row, list) or len(row) != n:
            raise ValueError(f"every row of the board must have {n} cells")
        for text in row:
            if text is None:
                board.append(EMPTY)
            elif text == "?" and not known:
                board.append(UNKNOWN)
            else:
                face = read_face(text, n, game.classic) if isinstance(text, str) else None
                if face is None:
                    raise ValueError(f"no face {text!r} in this game")
                board.append(face)
    return board


def read_table(game: Goxeso, data: Mapping[str, Any]) -> None:
    """Everything of a state or a view but the board's faces (see `place_board`)."""
    n, players = game.size, game.players
    game.holders = read_holdings(data["holdings"], game.faces, game.owner_seats, n, game.classic)
    game.pairs = [0] * len(game.owner_seats)
    for held in game.holders:
        if len(held) == 2 and held[0] == held[1]:
            game.pairs[held[0]] += 1
    game.phase = data["phase"]
    if game.phase not in (PLAY, EXCHANGE, OVER):
        raise ValueError(f"no phase {game.phase!r}")
    game.start, game.turn, game.idle = data["start"], data["turn"], data["idle"]
    game.ended = data["ended"]
    last = data["last_turn"]
    game.last = None if last is None else read_turn(last, n, game.classic)
    turns = data["turns"]
    if not isinstance(turns, list) or len(turns) > players:
        raise ValueError(f"turns must list at most {players} turns")
    game.recent = [read_turn(turn, n, game.classic) for turn in turns]
    if turns and turns[-1] != last:
        raise ValueError("the last of the recent turns is not the last turn")
    if game.recent:
        game.last = game.recent[-1]
    face_up = data["face_up"]
    game.first = -1
    if face_up is not None:
        cell = read_cell(face_up["cell"], n) if isinstance(face_up["cell"], str) else None
        if cell is None:
            raise ValueError(f"no cell {face_up['cell']!r}")
        game.first = cell
    to_act = frozenset(data["to_act"])
    if not to_act <= set(range(players)) or len(to_act) > 1:
        raise ValueError(f"bad seats to act {data['to_act']}")
    game._to_act = to_act
    game._over = bool(data["over"])
    if game.phase == PLAY and to_act:
        (seat,) = to_act
        game.turn_seat = face_up["seat"] if face_up is not None else seat
    _read_exchange(game, data["exchange"])


def _read_exchange(game: Goxeso, data: Any) -> None:
    game.exchanging = data is not None
    game.log, game.made, game.pending, game.passes = [], set(), None, 0
    if data is None:
        return
    owner_of = game.owner_of
    for seat, text in data["log"]:
        move = game.parse_move(text)
        game.log.append((seat, move))
        if type(move) is Offer:
            game.made.add(trade(owner_of[seat], move.get, owner_of[move.to], move.give))
    game.passes = data["passes"]
    pending = data["pending"]
    if pending is not None:
        seat, offer = game.log[-1]
        if type(offer) is not Offer:
            raise ValueError("a pending offer that is not the last exchange move")
        game.pending = (seat, offer)


def place_board(game: Goxeso, data: Mapping[str, Any], board: list[int], full: bool) -> None:
    """Put the faces on the board, then check that the game shows exactly `data` (a state
    with `full`, else a view) and keeps its invariants."""
    game.board = board
    game.left = sum(1 for face in board if face != EMPTY)
    game._open = None
    shown = table_data(game, full)
    for key, value in shown.items():
        if data[key] != value:
            raise ValueError(f"{key} is inconsistent: {data[key]!r}, expected {value!r}")
    problems = game.invariants()
    if problems:
        raise ValueError("; ".join(problems))


def load_state(game: Goxeso, state: Mapping[str, Any]) -> None:
    """Restore what `state_data` wrote."""
    board = read_cells(game, state["board"], known=True)
    read_table(game, state)
    place_board(game, state, board, full=True)
