"""The straightforward observations, kept as the reference the adapters' fast paths are
checked against (tests/rl/test_fast_path.py).

This is how the adapters worked before they were made fast: every observation, mask and
memory update builds a fresh `game.view(seat)` and encodes it field by field, and the action
numbers are worked out move by move. Slow, but plainly right; the adapters must give exactly
the same vectors, masks and texts.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from kibitz.core import Game, Move, View
from kibitz.games.goxeso.cards import COLUMNS, JOKER
from kibitz.games.goxeso.moves import Flip, Offer
from kibitz.games.kozel.cards import DECK_SIZE, RANK_POINTS, parse_card
from kibitz.games.kozel.moves import KozelMove
from kibitz.games.nimmt.moves import Play, Take, XCard
from kibitz.rl.adapters import Adapter
from kibitz.rl.layout import Vector

MAX_HAND = 4
_KIND_NAMES = ("lead", "beat", "discard", "four")


def _face(text: str) -> int:
    return int(JOKER) if text == "J" else int(text)


def _cell(text: str, size: int) -> int:
    return (int(text[1:]) - 1) * size + COLUMNS.index(text[0])


def _hand(game: Game[Any], seat: int) -> list[int]:
    return sorted(parse_card(text) for text in game.view(seat)["hand"])


# ----------------------------------------------------------------- actions


def move_to_action(adapter: Any, game: Game[Any], seat: int, move: Move) -> int:
    """The action number of a legal move of `seat`."""
    if adapter.game_name in ("xbere", "6nimmt"):
        if isinstance(move, Play):
            return int(move.number) - 1
        if isinstance(move, Take):
            return int(adapter.deck + move.number - 1)
        assert isinstance(move, XCard) and adapter.x_rows
        return int(adapter.deck + adapter.nrows + move.number - 1)
    if adapter.game_name == "goxeso":
        if isinstance(move, Flip):
            return int(move.row) * adapter.size + int(move.col)
        if isinstance(move, Offer):
            faces = adapter.faces
            return int(adapter.cells + (move.to * faces + move.get) * faces + move.give)
        return int(adapter.cells + adapter.offers + ("accept", "decline", "pass").index(str(move)))
    assert isinstance(move, KozelMove)
    hand = _hand(game, seat)
    bits = 0
    for card in move.cards:
        bits |= 1 << hand.index(card)
    return _KIND_NAMES.index(move.keyword) * 15 + bits - 1


def action_mask(adapter: Adapter, game: Game[Any], seat: int) -> np.ndarray[Any, Any]:
    """1 at every legal action of `seat` (all zeros when it is not to act)."""
    mask = np.zeros(adapter.num_actions, dtype=np.int8)
    if seat not in game.to_act():  # a seat that has chosen may change it, but not here
        return mask
    for move in game.legal_moves(seat):
        mask[move_to_action(adapter, game, seat, move)] = 1
    return mask


# ----------------------------------------------------------------- observations


def encode(adapter: Adapter, view: View) -> Vector:
    """The view part of the observation vector."""
    out = np.zeros(adapter.observation.size, dtype=np.float32)
    encoders = {"goxeso": _encode_goxeso, "kozel": _encode_kozel}
    encoders.get(adapter.game_name, _encode_rows)(adapter, view, out)
    return out


def observation(adapter: Adapter, game: Game[Any], trace: Any) -> Vector:
    """The full observation vector of the trace's seat: view fields, then memory."""
    memory = np.zeros(adapter.memory.size, dtype=np.float32)
    trace.write(memory)
    return np.concatenate([encode(adapter, game.view(trace.seat)), memory])


def view_text(view: View) -> str:
    """OpenSpiel's observation string."""
    data = {key: value for key, value in view.items() if key != "legal"}
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def new_trace(adapter: Adapter, seat: int) -> Any:
    """A fresh memory of `seat` (call `start` with the game, `after` after every move)."""
    if adapter.game_name == "goxeso":
        return GoxesoTrace(adapter, seat)
    if adapter.game_name == "kozel":
        return KozelTrace(seat)
    return RowTrace(adapter, seat)


class _Trace:
    def __init__(self, seat: int) -> None:
        self.seat = seat


def _encode_rows(adapter: Any, view: View, out: Vector) -> None:
    layout, d, p = adapter.observation, adapter.deck, adapter.players
    me: int = view["seat"]

    def rel(seat: int) -> int:
        return (seat - me) % p

    def block(name: str) -> Vector:
        return layout.block(out, name)

    seen = block("unseen")
    seen[:] = 1.0
    hand = block("hand")
    for card in view["hand"]:
        hand[card - 1] = 1.0
        seen[card - 1] = 0.0
    if view["choice"] is not None:
        block("choice")[view["choice"] - 1] = 1.0
        seen[view["choice"] - 1] = 0.0
    rows, last, fill = block("rows"), block("row_last"), block("row_fill")
    for r, row in enumerate(view["rows"]):
        for card in row:
            rows[r * d + card - 1] = 1.0
            seen[card - 1] = 0.0
        last[r] = row[-1] / d
        fill[r] = len(row) / view["row_limits"][r]
    sizes, chosen, to_act = block("hand_sizes"), block("chosen"), block("to_act")
    hand_size = adapter.rules.hand_size
    for seat in range(p):
        k = rel(seat)
        sizes[k] = view["hand_sizes"][seat] / hand_size
        chosen[k] = 1.0 if view["chosen"][seat] else 0.0
    for seat in view["to_act"]:
        to_act[rel(seat)] = 1.0
    known = block("known")
    for seat, cards in enumerate(view["known"]):
        base = rel(seat) * d
        for card in cards:
            known[base + card - 1] = 1.0
            seen[card - 1] = 0.0
    if adapter.x_rows:
        x_rows, x_last = block("x_rows"), block("x_row_last")
        for seat, cards in enumerate(view["x_rows"]):
            base = rel(seat) * d
            for card in cards:
                x_rows[base + card - 1] = 1.0
                seen[card - 1] = 0.0
            if cards:
                x_last[rel(seat)] = cards[-1] / d
    piles = block("piles")
    for seat, cards in enumerate(view["x_piles" if adapter.x_rows else "piles"]):
        base = rel(seat) * d
        for card in cards:
            piles[base + card - 1] = 1.0
            seen[card - 1] = 0.0
    revealed = block("revealed")
    for card, seat in view["revealed"][view["placed"] :]:
        revealed[rel(seat) * d + card - 1] = 1.0
        seen[card - 1] = 0.0
    pending = view["pending"]
    if pending is not None:
        block("pending")[0 if pending["decision"] == "take" else 1] = 1.0
        block("pending_seat")[rel(pending["seat"])] = 1.0
        block("pending_card")[pending["card"] - 1] = 1.0
        seen[pending["card"] - 1] = 0.0
        waiting = block("pending_cards")
        for card in pending["cards"]:
            waiting[card - 1] = 1.0
            seen[card - 1] = 0.0
    scale = adapter.score_scale
    if view.get("scores") is not None:
        scores = block("scores")
        for seat, score in enumerate(view["scores"]):
            scores[rel(seat)] = score / scale
    totals = block("round_totals")
    for seat in range(p):
        totals[rel(seat)] = sum(scores[seat] for scores in view["round_scores"]) / scale
    progress = block("progress")
    progress[0] = view["round"] / (adapter.rules.rounds or 10)
    progress[1] = view["turn"] / hand_size
    block("over")[0] = 1.0 if view["over"] else 0.0


def _encode_goxeso(adapter: Any, view: View, out: Vector) -> None:
    layout, size, f, p = adapter.observation, adapter.size, adapter.faces, adapter.players
    me: int = view["seat"]

    def rel(seat: int) -> int:
        return (seat - me) % p

    def block(name: str) -> Vector:
        return layout.block(out, name)

    down, empty, up = block("face_down"), block("empty"), block("face_up")
    for r, row in enumerate(view["board"]):
        for col, cell in enumerate(row):
            index = r * size + col
            if cell is None:
                empty[index] = 1.0
            elif cell == "?":
                down[index] = 1.0
            else:
                up[index * f + _face(cell)] = 1.0
    last = view["last_turn"]
    if last is not None:
        flips = block("last_flips")
        for flip in last["flips"]:
            flips[_cell(flip["cell"], size)] = 1.0
        block("last_swap")[0] = 1.0 if last["swap"] else 0.0
    pairs, reserved, blocked = block("pairs"), block("reserved"), block("blocked")
    for holding in view["holdings"]:
        for seat in holding["seats"]:
            base = rel(seat) * f
            for face in holding["pairs"]:
                pairs[base + _face(face)] = 1.0
            for single in holding["singles"]:
                target = reserved if single["status"] == "reserved" else blocked
                target[base + _face(single["face"])] = 1.0
    scores, to_act, team = block("scores"), block("to_act"), block("team")
    for seat, score in enumerate(view["scores"]):
        scores[rel(seat)] = score / adapter.pairs
    for seat in view["to_act"]:
        to_act[rel(seat)] = 1.0
    for holding in view["holdings"]:
        if me in holding["seats"]:
            for seat in holding["seats"]:
                team[rel(seat)] = 1.0
    phase = block("phase")
    phase[0] = 1.0 if view["phase"] == "exchange" else 0.0
    phase[1] = 1.0 if view["over"] else 0.0
    exchange = view["exchange"]
    if exchange is not None and exchange["pending"] is not None:
        pending = exchange["pending"]
        base = rel(pending["from"]) * 2 * f
        offer = block("offer")
        offer[base + _face(pending["get"])] = 1.0
        offer[base + f + _face(pending["give"])] = 1.0
    progress = block("progress")
    progress[0] = view["cards_left"] / adapter.cells
    progress[1] = view["idle"] / max(view["idle_cap"], 1)
    progress[2] = view["turn"] / (4 * adapter.cells)


def _encode_kozel(adapter: Any, view: View, out: Vector) -> None:
    layout, d, p = adapter.observation, DECK_SIZE, adapter.players
    me: int = view["seat"]
    mine, theirs = me % 2, 1 - me % 2

    def rel(seat: int) -> int:
        return (seat - me) % p

    def block(name: str) -> Vector:
        return layout.block(out, name)

    hand = block("hand")
    for text in view["hand"]:
        hand[parse_card(text)] = 1.0
    block("trump_card")[parse_card(view["trump"])] = 1.0
    block("trump_suit")["SHDC".index(view["trump_suit"])] = 1.0
    trick = view["trick"]
    if trick is not None:
        up, down, own_down = block("trick_up"), block("trick_down"), block("my_trick_down")
        for play in trick["plays"]:
            k = rel(play["seat"])
            if play["face_up"]:
                for text in play["cards"]:
                    up[k * d + parse_card(text)] = 1.0
            else:
                down[k] += play["count"] / 4
                if play["seat"] == me and play["cards"]:
                    for text in play["cards"]:
                        own_down[parse_card(text)] = 1.0
        if trick.get("top") is not None:
            block("top")[rel(trick["top"])] = 1.0
        if trick.get("leader") is not None:
            block("leader")[rel(trick["leader"])] = 1.0
        block("trick_count")[0] = (trick.get("count") or 0) / 4
        block("takeover_open")[0] = 1.0 if trick.get("takeover_open") else 0.0
    seen = block("seen")
    for done in view["tricks"]:
        if done.get("deal") != view["deal"]:
            continue
        for play in done["plays"]:
            if play["face_up"] and play["cards"]:
                for text in play["cards"]:
                    seen[parse_card(text)] = 1.0
    discards = block("my_discards")
    for text in view["discards"]:
        discards[parse_card(text)] = 1.0
    known = block("known")
    for seat, cards in enumerate(view["known"]):
        for text in cards:
            known[rel(seat) * d + parse_card(text)] = 1.0
    sizes, to_act = block("hand_sizes"), block("to_act")
    for seat, size in enumerate(view["hand_sizes"]):
        sizes[rel(seat)] = size / MAX_HAND
    for seat in view["to_act"]:
        to_act[rel(seat)] = 1.0
    block("stock")[0] = view["stock_size"] / 20
    won, points, losing = block("tricks_won"), block("points_seen"), block("losing_points")
    for i, team in enumerate((mine, theirs)):
        won[i] = view["tricks_won"][team] / 9
        points[i] = view["points_seen"][team] / sum(RANK_POINTS * 4)
        losing[i] = view["losing_points"][team] / adapter.series_limit
    progress = block("progress")
    progress[0] = view["deal"] / 10
    progress[1] = 1.0 if view["over"] else 0.0


# ----------------------------------------------------------------- memories


class RowTrace(_Trace):
    """A seat's memory in a row game: which card each seat has played this round (revealed
    plays only), and the text log of the round starts and the moves as the seat saw them."""

    def __init__(self, adapter: Any, seat: int) -> None:
        super().__init__(seat)
        self.players = adapter.players
        self.deck = adapter.deck
        self.played: list[set[int]] = [set() for _ in range(adapter.players)]
        self.hidden: list[tuple[int, int]] = []
        """This turn's plays not revealed yet: (seat, card)."""
        self.log: list[str] = []
        self.round = -1

    def _round_start(self, game: Game[Any]) -> None:
        view = game.view(self.seat)
        self.round = view["round"]
        self.played = [set() for _ in range(self.players)]
        self.hidden = []
        self.log.append(f"round {view['round']} rows {view['rows']} hand {view['hand']}")

    def start(self, game: Game[Any]) -> None:
        self._round_start(game)
        view = game.view(self.seat)  # taken over midway in a turn: who has chosen already
        self.hidden = [
            (seat, view["choice"] if seat == self.seat else 0)
            for seat, chosen in enumerate(view["chosen"])
            if chosen
        ]

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        if isinstance(move, Play):
            # Only the seat's own choice is known before the reveal; the others' cards are
            # read from the view once the last seat has chosen and all are shown.
            self.hidden.append((mover, move.number if mover == self.seat else 0))
            if len(self.hidden) == self.players:
                revealed = sorted((seat, card) for card, seat in game.view(self.seat)["revealed"])
                for seat, card in revealed:
                    self.played[seat].add(card)
                self.log.append("turn " + " ".join(f"{seat}:{card}" for seat, card in revealed))
                self.hidden = []
        else:
            self.log.append(f"{mover}:{move}")
        if getattr(game, "round", 0) + 1 != self.round and not game.is_over():
            self._round_start(game)

    def write(self, out: Vector) -> None:
        p, d = self.players, self.deck
        for seat, cards in enumerate(self.played):
            base = ((seat - self.seat) % p) * d
            for card in cards:
                out[base + card - 1] = 1.0

    def text(self) -> str:
        waiting = " ".join(
            f"{seat}:{card if seat == self.seat else '?'}" for seat, card in self.hidden
        )
        return "\n".join([*self.log, f"chosen {waiting}"])


class GoxesoTrace(_Trace):
    """A seat's memory in Goxeso: the last face it saw on each face-down cell."""

    def __init__(self, adapter: Any, seat: int) -> None:
        super().__init__(seat)
        self.size: int = adapter.size
        self.faces: int = adapter.faces
        cells = adapter.cells
        self.known: list[int | None] = [None] * cells
        self.log: list[str] = []
        self.turn = -1

    def _update(self, view: View) -> None:
        size, known = self.size, self.known
        last = view["last_turn"]
        if last is not None and last["turn"] != self.turn:
            self.turn = last["turn"]
            flips = [(_cell(fl["cell"], size), _face(fl["face"])) for fl in last["flips"]]
            for cell, face in flips:
                known[cell] = face
            if last["swap"] and len(flips) == 2:
                (a, fa), (b, fb) = flips
                known[a], known[b] = fb, fa
            self.log.append(
                "turn "
                + " ".join(f"{fl['seat']}:{fl['cell']}={fl['face']}" for fl in last["flips"])
                + f" {last['result']}{' swap' if last['swap'] else ''}"
            )
        for r, row in enumerate(view["board"]):
            for col, cell in enumerate(row):
                index = r * size + col
                if cell is None:
                    known[index] = None
                elif cell != "?":
                    known[index] = _face(cell)

    def start(self, game: Game[Any]) -> None:
        self.turn = -1
        self._update(game.view(self.seat))

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        if not isinstance(move, Flip):
            self.log.append(f"{mover}:{move}")
        self._update(game.view(self.seat))

    def write(self, out: Vector) -> None:
        f = self.faces
        for cell, face in enumerate(self.known):
            if face is not None:
                out[cell * f + face] = 1.0

    def text(self) -> str:
        memory = " ".join("." if face is None else str(face) for face in self.known)
        return "\n".join([*self.log, f"memory {memory}"])


class KozelTrace(_Trace):
    """A seat's memory in Kozel: the view already lists every trick of the deal with what the
    seat saw of it, so the memory is the log of its own hands, drawn cards included."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.log: list[str] = []
        self.hand: list[str] = []

    def _update(self, game: Game[Any]) -> None:
        view = game.view(self.seat)
        hand = sorted(view["hand"])
        if hand != self.hand:
            self.hand = hand
            self.log.append(f"deal {view['deal']} hand {' '.join(hand)}")

    def start(self, game: Game[Any]) -> None:
        self._update(game)

    def after(self, game: Game[Any], mover: int, move: Move) -> None:
        self._update(game)

    def write(self, out: Vector) -> None:
        pass

    def text(self) -> str:
        return "\n".join(self.log)
