"""The game logs (`kibitz.core.gamelog`, each game's `log.py`): scenario tests of the entries
of literal deals, and properties over random full games of every game: the log kept move by
move is the log rebuilt in one go (a reload), from a restored game or another copy of it, and
it names no card that was hidden when it was written."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import kibitz
from kibitz.core import Game, from_state, make
from kibitz.core.gamelog import GameLog
from kibitz.games.kozel.cards import CARD_TEXT
from kibitz.games.nimmt.cards import bullheads


def deal(rows: list[list[int]], hands: list[list[int]], game: str = "xbere", **options: Any) -> Any:
    """A row game from a literal deal."""
    return make(game, players=len(hands), setup={"rows": rows, "hands": hands}, **options)


def start(hands: list[str], trump: str, **options: Any) -> Any:
    """A single Kozel deal from literal hands (seat 0 deals); the stock in deck order."""
    held = [hand.split() for hand in hands]
    used = {card for hand in held for card in hand}
    stock = [text for text in CARD_TEXT if text not in used]
    setup = {"dealer": 0, "hands": held, "stock": stock, "trump_card": trump}
    return make("kozel", setup=setup, series=False, **options)


def play(game: Game[Any], *moves: str) -> None:
    """Each move by the one seat to act (also Goxeso's flips: `flip c3`)."""
    for move in moves:
        (seat,) = game.to_act()
        game.apply(seat, move)


def goxeso_game(rows: list[str]) -> Any:
    board = [row.split() for row in rows]
    return make("goxeso", players=2, setup={"board": board}, size=len(board))


def flip(game: Game[Any], *cells: str) -> None:
    play(game, *(f"flip {cell}" for cell in cells))


def logged(game: Game[Any]) -> GameLog:
    log = GameLog(game)
    log.follow(game)
    return log


# ------------------------------------------------------------------ X bere! and 6 nimmt!


def test_xbere_a_choice_is_logged_only_at_the_reveal() -> None:
    game = deal([[10], [20], [30]], [[5, 25], [35, 40]])
    log = GameLog(game)
    assert log.follow(game) == [{"kind": "round", "round": 1, "rows": [[10], [20], [30]]}]
    game.apply(0, "play 25")
    assert len(log.follow(game)) == 1  # seat 0 chose: nothing shows
    game.apply(1, "play 35")
    assert log.follow(game)[1:] == [
        {"kind": "turn", "turn": 1, "cards": [[25, 0], [35, 1]]},
        {"kind": "place", "seat": 0, "card": 25, "row": 2},
        {"kind": "place", "seat": 1, "card": 35, "row": 3},
    ]
    game.apply(0, "play 5")
    game.apply(1, "play 40")
    assert log.follow(game)[4:] == [{"kind": "turn", "turn": 2, "cards": [[5, 0], [40, 1]]}]
    game.apply(0, "take 1")
    game.apply(0, "x 10")
    assert log.follow(game)[5:] == [
        {"kind": "take", "seat": 0, "card": 5, "row": 1, "cards": [10], "reason": "low"},
        {"kind": "x", "seat": 0, "card": 10, "packed": False, "back": []},
        {"kind": "place", "seat": 1, "card": 40, "row": 3},
        {"kind": "round_end", "round": 1, "penalties": [0, 0], "hand": [0, 0], "pile": [0, 0]},
        {"kind": "over", "scores": [0, 0], "winners": [0, 1]},
    ]
    assert log.counts == [1, 1, 4, 4, 5, 6, 10]


def test_6nimmt_a_full_row_is_taken_and_the_round_scored() -> None:
    rows = [[1, 2, 3, 4, 5], [50], [60], [70]]
    game = deal(rows, [[6, 80], [7, 90]], game="6nimmt", rounds=1)
    game.apply(0, "play 6")
    game.apply(1, "play 7")
    game.apply(0, "play 80")
    game.apply(1, "play 90")
    taken = [1, 2, 3, 4, 5]
    assert logged(game).entries[1:] == [
        {"kind": "turn", "turn": 1, "cards": [[6, 0], [7, 1]]},
        {"kind": "take", "seat": 0, "card": 6, "row": 1, "cards": taken, "reason": "full"},
        {"kind": "place", "seat": 1, "card": 7, "row": 1},
        {"kind": "turn", "turn": 2, "cards": [[80, 0], [90, 1]]},
        {"kind": "place", "seat": 0, "card": 80, "row": 4},
        {"kind": "place", "seat": 1, "card": 90, "row": 4},
        {"kind": "round_end", "round": 1, "penalties": [6, 0], "hand": None, "pile": [6, 0]},
        {"kind": "over", "scores": [6, 0], "winners": [1]},
    ]
    assert sum(map(bullheads, taken)) == 6  # 5 has two bullheads


@pytest.mark.parametrize("seed", range(6))
def test_xbere_round_end_splits_the_penalty_into_hand_and_x_pile(seed: int) -> None:
    """The last round's parts are what the final view shows: cards in hand and in the X
    pile (the game keeps them once over), counted as the scoring option says."""
    for scoring in ("cards", "bullheads"):
        game = play_out(make("xbere", players=3, seed=seed, scoring=scoring), seed)
        last = [e for e in logged(game).entries if e["kind"] == "round_end"][-1]
        view = game.view(None)
        value = bullheads if scoring == "bullheads" else (lambda card: 1)
        assert last["pile"] == [sum(map(value, pile)) for pile in view["x_piles"]]
        assert [h + 2 * p for h, p in zip(last["hand"], last["pile"], strict=True)] == (
            last["penalties"]
        )
        if scoring == "cards":
            assert last["hand"] == view["hand_sizes"]


# ------------------------------------------------------------------ Kozel


def test_kozel_a_face_down_discard_shows_only_its_size_and_a_takeover_is_logged() -> None:
    game = start(["7C 8C 9C 10C", "6S 7D 8D 9D", "7H 8H 9H 10H", "8S JS AD 6C"], trump="AH")
    play(game, "lead 6S", "beat 7H", "discard 8S", "four 7C 8C 9C 10C")
    assert logged(game).entries == [
        {"kind": "deal", "deal": 1, "dealer": 0, "trump": "AH"},
        {"kind": "trick", "number": 1},
        {"kind": "play", "seat": 1, "move": "lead", "cards": ["6S"], "count": 1},
        {"kind": "play", "seat": 2, "move": "beat", "cards": ["7H"], "count": 1},
        {"kind": "play", "seat": 3, "move": "discard", "cards": None, "count": 1},
        {"kind": "four", "seat": 0, "cards": ["7C", "8C", "9C", "10C"], "returned": 3},
    ]
    play(game, "discard 6S 7D 8D 9D", "discard 7H 8H 9H 10H", "discard 8S JS AD 6C")
    entries = logged(game).entries
    assert entries[6:9] == [
        {"kind": "play", "seat": 1, "move": "discard", "cards": None, "count": 4},
        {"kind": "play", "seat": 2, "move": "discard", "cards": None, "count": 4},
        {"kind": "play", "seat": 3, "move": "discard", "cards": None, "count": 4},
    ]
    # 10C shows: 10 points; twelve cards lie face down.
    assert entries[9] == {"kind": "taken", "seat": 0, "team": 0, "points": 10, "hidden": 12}
    assert "8S" not in json.dumps(entries)


def test_kozel_open_discards_are_logged_with_their_cards() -> None:
    game = start(
        ["7C 8C 9C 10C", "6S 7D 8D 9D", "7H 8H 9H 10H", "8S JS AD 6C"],
        trump="AH",
        discards="open",
    )
    play(game, "lead 6S", "beat 7H", "discard 8S")
    assert logged(game).entries[-1] == {
        "kind": "play",
        "seat": 3,
        "move": "discard",
        "cards": ["8S"],
        "count": 1,
    }


def test_kozel_a_deal_ends_with_card_and_losing_points() -> None:
    game = play_out(make("kozel", seed=4, series=False), 4)
    entries = logged(game).entries
    end = next(e for e in entries if e["kind"] == "deal_end")
    result = game.view(None)["results"][0]
    assert end == {"kind": "deal_end", **result}
    assert entries[-1] == {
        "kind": "over",
        "scores": list(game.scores()),
        "winners": sorted(game.outcome().winners),
    }  # type: ignore[union-attr]
    assert sum(1 for e in entries if e["kind"] == "taken") == sum(result["tricks"])


# ------------------------------------------------------------------ Goxeso


def test_goxeso_flips_a_match_with_a_capture_and_a_swap() -> None:
    game = goxeso_game(["1 2 3 1", "4 2 3 4", "5 6 7 5", "6 J 7 J"])
    flip(game, "a1")
    log = GameLog(game)
    assert log.follow(game) == [
        {"kind": "turn", "turn": 1, "seat": 0},
        {"kind": "flip", "seat": 0, "cell": "a1", "face": "1"},
    ]
    flip(game, "d1")
    assert log.follow(game)[2:] == [
        {"kind": "flip", "seat": 0, "cell": "d1", "face": "1"},
        {
            "kind": "match",
            "owner": 0,
            "seats": [0],
            "faces": ["1", "1"],
            "captured": [{"cell": "b1", "face": "2"}, {"cell": "c1", "face": "3"}],
            "claims": [],
            "lone": None,
        },
    ]
    flip(game, "a2", "b3")
    assert log.follow(game)[-1] == {"kind": "miss", "swap": True, "claims": [], "lone": None}


def test_goxeso_exchange_moves_are_logged() -> None:
    game = goxeso_game(["1 2 3 1", "4 2 3 4", "5 6 7 5", "6 J 7 J"])
    flip(game, "a1", "d1", "a2", "d2", "a3", "d3", "b4", "d4")
    assert game.view(None)["phase"] == "exchange"
    game.apply(0, "offer 1 2 3")
    game.apply(1, "accept")
    entries = logged(game).entries
    start_at = entries.index({"kind": "exchange"})
    assert entries[start_at + 1 :][:2] == [
        {"kind": "offer", "seat": 0, "to": 1, "get": "2", "give": "3"},
        {"kind": "accept", "seat": 1},
    ]


# ------------------------------------------------------------------ every game


def play_out(game: Game[Any], seed: int, *, until: int | None = None) -> Game[Any]:
    rng = random.Random(seed)
    while not game.is_over() and (until is None or game.version < until):
        to_act = sorted(game.to_act())
        seat = to_act[rng.randrange(len(to_act))]
        legal = game.legal_moves(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    return game


def hidden_cards(game: Game[Any]) -> set[str]:
    """Cards the spectator may not know now, as the log would write them: hands and hidden
    choices (rows games, less the cards known back in a hand), face-down Kozel discards and
    hands (less the returned ones)."""
    state = game.to_state()
    if game.name in ("xbere", "6nimmt"):
        known = {card for cards in state["known"] for card in cards}
        held = {card for hand in state["hands"] for card in hand}
        chosen = {card for card in state["choices"] if card is not None}
        return {str(card) for card in (held - known) | chosen}
    if game.name == "kozel":
        hidden = {card for hand in state["hands"] for card in hand}
        hidden -= {card for cards in state["known"] for card in cards}
        hidden -= {text for cards in state["returned"] for text, _ in cards}
        for trick in [*state["tricks"], state["trick"]]:
            for p in trick["plays"]:
                if not p["face_up"]:
                    hidden.update(p["cards"])
        return hidden
    return set()


def cards_named(entries: list[dict[str, Any]]) -> set[str]:
    """Every card the entries name, written as `hidden_cards` writes them."""
    named: set[str] = set()
    for entry in entries:
        for key in ("card", "trump"):
            if key in entry:
                named.add(str(entry[key]))
        for card in entry.get("cards") or []:
            named.add(str(card[0] if entry["kind"] == "turn" else card))
        named.update(str(card) for card in entry.get("back", []))
        named.update(str(card) for row in entry.get("rows", []) for card in row)
    return named


@pytest.mark.parametrize("spec", kibitz.games(), ids=lambda s: s.name)
@pytest.mark.parametrize("seed", range(3))
def test_the_log_kept_move_by_move_is_the_log_rebuilt_and_hides_nothing(
    spec: Any, seed: int
) -> None:
    game = make(spec.name, seed=seed)
    rng = random.Random(seed)
    log = GameLog(game)
    while not game.is_over():
        to_act = sorted(game.to_act())
        seat = to_act[rng.randrange(len(to_act))]
        legal = game.legal_moves(seat)
        stage = game.stage()
        game.apply(seat, legal[rng.randrange(len(legal))])
        before = len(log.entries)
        new = log.follow(game)[before:]
        if game.stage() == stage:  # (a new deal may deal cards the last one showed)
            leaked = cards_named(new) & hidden_cards(game)
            assert not leaked, f"move {game.version} logs hidden cards {leaked}: {new}"
        json.loads(json.dumps(new))  # plain data
        if rng.random() < 0.05:  # a reload: the same game restored from its state
            assert GameLog(from_state(game.to_state())).follow(game) == log.entries
    assert len(log.counts) == game.version + 1 and log.counts[-1] == len(log.entries)
    assert log.counts == sorted(log.counts)
    rebuilt = logged(from_state(game.to_state()))
    assert rebuilt.entries == log.entries and rebuilt.counts == log.counts
    assert log.entries[-1]["kind"] == "over"


def test_a_log_starts_again_when_its_game_is_replaced_by_another() -> None:
    first = play_out(make("kozel", seed=1, series=False), 1, until=9)
    log = logged(first)
    other = play_out(make("kozel", seed=1, series=False), 2, until=9)
    assert log.follow(other) == logged(other).entries != logged(first).entries
