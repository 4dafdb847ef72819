"""Property tests: the engine's placement agrees with a naive reading of rules 3-5."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kibitz.core import make


def naive_turn(rows: list[list[int]], full: list[int], cards: list[int]) -> list[Any]:
    """Place `cards` (seat i plays cards[i]) the plain way; a low card takes row 1, the X card
    is the lowest taken. Returns the rows and the cards each seat took."""
    rows = [list(r) for r in rows]
    took: list[list[int]] = [[] for _ in cards]
    for card in sorted(cards):
        seat = cards.index(card)
        lower = [r for r in range(len(rows)) if rows[r][-1] < card]
        if not lower:
            took[seat] += rows[0]
            rows[0] = [card]
            continue
        best = max(lower, key=lambda r: rows[r][-1])
        if len(rows[best]) >= full[best]:
            took[seat] += rows[best]
            rows[best] = [card]
        else:
            rows[best].append(card)
    return [rows, [sorted(t) for t in took]]


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[list[int]], list[int], str]:
    take_on = draw(st.sampled_from(["limit", "over"]))
    limits = [3, 4, 5]
    full = [limit - 1 if take_on == "limit" else limit for limit in limits]
    players = draw(st.integers(2, 4))
    lengths = [draw(st.integers(1, f)) for f in full]
    cards = draw(
        st.lists(
            st.integers(1, 100),
            min_size=sum(lengths) + players,
            max_size=sum(lengths) + players,
            unique=True,
        )
    )
    rows, at = [], 0
    for length in lengths:
        rows.append(sorted(cards[at : at + length]))
        at += length
    return rows, cards[at:], take_on


@settings(max_examples=300, deadline=None)
@given(positions())
def test_placement_matches_the_naive_rules(
    position: tuple[list[list[int]], list[int], str],
) -> None:
    rows, plays, take_on = position
    full = [2, 3, 4] if take_on == "limit" else [3, 4, 5]
    spare = [c for c in range(1, 101) if c not in plays and all(c not in r for r in rows)]
    hands = [[card, spare[i]] for i, card in enumerate(plays)]
    game = make("xbere", players=len(plays), setup={"rows": rows, "hands": hands}, take_on=take_on)
    for seat, card in enumerate(plays):
        game.apply(seat, f"play {card}")
    took: list[list[int]] = [[] for _ in plays]
    while game.to_act() != set(range(len(plays))):
        (seat,) = game.to_act()
        pending = game.view(seat)["pending"]
        if pending["decision"] == "take":
            game.apply(seat, "take 1")
        else:
            took[seat] += pending["cards"]
            game.apply(seat, f"x {min(pending['cards'])}")
        if game.is_over():
            break
    expected_rows, expected_took = naive_turn(rows, full, plays)
    assert game.to_state()["rows"] == expected_rows
    assert [sorted(t) for t in took] == expected_took


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]))
def test_every_card_stays_in_play_exactly_once(seed: int, players: int) -> None:
    game = make("xbere", players=players, seed=seed)
    rng_moves = seed
    while not game.is_over():
        seat = min(game.to_act())
        legal = game.legal_moves(seat)
        game.apply(seat, legal[rng_moves % len(legal)])
        rng_moves = rng_moves * 1103515245 + 12345
        assert game.invariants() == []
