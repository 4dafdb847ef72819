"""What a seat of X bere! or 6 nimmt! sees, and the whole state: typed shapes and the codec.

Everyone sees the rows, the hand sizes, who has chosen a card this turn (not which), the
cards revealed and how they were placed, the cards known to be back in a hand (X bere!), the
X rows and the piles. A seat also sees its hand and its own face-down choice. X bere! names
its piles `x_piles` and adds `x_rows`; 6 nimmt! has `piles`. `sampling` turns a view back
into a full game for `determinize`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kibitz.games.nimmt.view_types import (
    PendingDecision,
)

if TYPE_CHECKING:
    from kibitz.games.nimmt.game import Event, Pending, RowGame


# ----------------------------------------------------------------- writing
# The keys depend on the game (x_piles and x_rows, or piles), so the data is built as a
# plain dict; the schema test checks it against the TypedDicts above.


def _pile_keys(game: RowGame) -> tuple[str, str]:
    return ("x_rows", "x_piles") if game.rules.x_rows else ("", "piles")


def table_data(game: RowGame) -> dict[str, Any]:
    """Everything every seat and spectator sees."""
    row_key, pile_key = _pile_keys(game)
    data: dict[str, Any] = {
        "round": game.round + 1,
        "turn": game.turn + 1,
        "rows": [list(row) for row in game.rows],
        "row_limits": list(game.rules.row_limits),
        "hand_sizes": [len(hand) for hand in game.hands],
        "known": [sorted(cards) for cards in game.known],
        "chosen": [card is not None for card in game.chosen],
        "revealed": [[card, seat] for card, seat in game.queue],
        "placed": game.placed,
        "pending": _pending_data(game.pending, game.queue, game.placed),
        pile_key: [list(pile) for pile in game.piles],
        "round_scores": [list(scores) for scores in game.round_scores],
        "dealt": game.dealt,
        "emptied": game.emptied,
        "events": [_event_data(event) for event in game.events],
    }
    if row_key:
        data[row_key] = [list(row) for row in game.x_rows]
    return data


def _event_data(event: Event) -> dict[str, Any]:
    if isinstance(event, tuple):
        seat, card, row = event
        return {"type": "place", "seat": seat, "card": card, "row": row}
    return dict(event)


def _pending_data(
    pending: Pending | None, queue: list[tuple[int, int]], placed: int
) -> PendingDecision | None:
    if pending is None:
        return None
    decision, seat, cards = pending
    card = queue[placed][0] if decision == "take" else queue[placed - 1][0]
    return {"decision": decision, "seat": seat, "card": card, "cards": list(cards)}


def view_data(game: RowGame, seat: int | None) -> dict[str, Any]:
    data = table_data(game)
    data["hand"] = None if seat is None else list(game.hands[seat])
    data["choice"] = None if seat is None else game.chosen[seat]
    data["scores"] = game.public_scores()
    return data


def state_data(game: RowGame) -> dict[str, Any]:
    data = table_data(game)
    data["hands"] = [list(hand) for hand in game.hands]
    data["choices"] = list(game.chosen)
    data["to_act"] = sorted(game.to_act())
    data["over"] = game.is_over()
    data["scores"] = list(game.scores())
    return data


# ----------------------------------------------------------------- reading


def read_table(game: RowGame, data: Mapping[str, Any]) -> None:
    """What states and views share; hands and choices are read by the callers."""
    row_key, pile_key = _pile_keys(game)
    game.round = data["round"] - 1
    game.turn = data["turn"] - 1
    game.rows = [list(row) for row in data["rows"]]
    game.known = [set(cards) for cards in data["known"]]
    game.queue = [(card, seat) for card, seat in data["revealed"]]
    game.placed = data["placed"]
    pending = data["pending"]
    game.pending = (
        None if pending is None else (pending["decision"], pending["seat"], list(pending["cards"]))
    )
    game.piles = [list(pile) for pile in data[pile_key]]
    game.x_rows = [list(row) for row in data[row_key]] if row_key else game.x_rows
    game.round_scores = [list(scores) for scores in data["round_scores"]]
    game.dealt = data["dealt"]
    game.emptied = data["emptied"]
    game.events = [dict(event) for event in data["events"]]
    game._to_act = frozenset(data["to_act"])
    game._over = data["over"]
    if len(game.rows) != len(game.rules.row_limits) or len(game.piles) != game.players:
        raise ValueError("the rows or piles do not match the options")


def unseen_cards(view: Mapping[str, Any], deck_size: int) -> list[int]:
    """The cards of the deck that `view`'s seat cannot place: in other hands (but their known
    cards), the others' face-down choices, or out of play. `determinize` deals from them."""
    seen: set[int] = set()
    if view["seat"] is not None:
        seen.update(view["hand"])
        if view["choice"] is not None:
            seen.add(view["choice"])
    for key in ("rows", "x_rows", "x_piles", "piles", "known"):
        for cards in view.get(key, ()):
            seen.update(cards)
    seen.update(card for card, _ in view["revealed"][view["placed"] :])
    if view["pending"] is not None:
        seen.update(view["pending"]["cards"])
    return [card for card in range(1, deck_size + 1) if card not in seen]


def load_state(game: RowGame, state: Mapping[str, Any]) -> None:
    """Restore what `state_data` wrote."""
    read_table(game, state)
    game.hands = [sorted(hand) for hand in state["hands"]]
    game.chosen = list(state["choices"])
