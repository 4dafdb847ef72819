"""Kozel, one or more scenario tests per numbered rule of issue 4 (docs/rules/kozel.md),
each from a literal deal. Trump is hearts unless a test says otherwise; seat 0 deals, so
seat 1 leads the first trick."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from kibitz.core import IllegalMoveError, NotYourTurnError, OptionError, make
from kibitz.games.kozel.cards import CARD_POINTS, CARD_TEXT, RANKS, beats, parse_card
from kibitz.games.kozel.legal import answers, beats_one_to_one
from kibitz.games.kozel.moves import BEAT
from kibitz.games.kozel.setup import shuffled_deal

from .deals import FOUR
from .helpers import card_points, play, start


def mask_of(texts: list[str]) -> int:
    return sum(1 << parse_card(text) for text in texts)


def legal(game: Any, seat: int) -> list[str]:
    return [str(move) for move in game.legal_moves(seat)]


# Rule 1: 36 cards, ranks 6 7 8 9 J Q K 10 A from low to high, A 11 10 10 K 4 Q 3 J 2.
def test_rule1_deck_ranks_and_points() -> None:
    assert len(set(CARD_TEXT)) == 36
    assert RANKS == ("6", "7", "8", "9", "J", "Q", "K", "10", "A")
    assert sum(CARD_POINTS) == 120 == card_points(list(CARD_TEXT))
    for text, points in [("AS", 11), ("10H", 10), ("KD", 4), ("QC", 3), ("JS", 2), ("9H", 0)]:
        assert CARD_POINTS[parse_card(text)] == points
    for suit in "SHDC":
        for low, high in itertools.pairwise(RANKS):
            other_suit = 3 if suit != "C" else 0
            assert beats(parse_card(high + suit), parse_card(low + suit), other_suit)


def test_rule1_ten_ranks_between_king_and_ace_in_play() -> None:
    game = start(["6D 7D 8D 9D", "KS 6C 7C 8C", "10S AS QS 9C", "JD QD KD AD"], trump="10D")
    play(game, "lead KS")
    assert legal(game, 2)[:2] == ["beat 10S", "beat AS"]
    with pytest.raises(IllegalMoveError):
        game.apply(2, "beat QS")


# Rule 2: four players in two teams, 0 and 2 against 1 and 3.
def test_rule2_four_players_in_two_teams() -> None:
    game = make("kozel", seed=3)
    assert game.players == 4 and game.teams() == ((0, 2), (1, 3))
    for players in (2, 3, 5):
        with pytest.raises(OptionError):
            make("kozel", players=players, seed=3)
    game = make("kozel", setup=FOUR["setup"], series=False)
    play(game, *FOUR["moves"])
    assert game.scores() == (4, 0, 4, 0)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {1, 3}


# Rule 3: dealt one card at a time clockwise from the player after the dealer, dealer last;
# 20 cards are the stock; a card from its middle is shown, its suit is trump, and it goes
# back to a place nobody knows.
class FixedDeck(random.Random):
    """A deck that stays in card order (the shuffle's number swaps every card with itself),
    and given draws for the random places (`getrandbits` of a few bits)."""

    def __init__(self, draws: list[int]) -> None:
        super().__init__(0)
        self.draws = draws

    def getrandbits(self, k: int) -> int:
        if k < 200:
            return self.draws.pop(0)
        number = 0
        for i in range(1, 36):
            number = number * (i + 1) + i
        return number


def test_rule3_deal_order_and_trump_card() -> None:
    # the shown card is 4 + 6 = 10th from the top (places 4-15), and goes back on top
    deal_ = shuffled_deal(2, FixedDeck([6, 0]))
    deck = list(range(36))
    for seat, first in [(3, 0), (0, 1), (1, 2), (2, 3)]:
        assert deal_.hands[seat] == sum(1 << card for card in deck[first:16:4])
    stock = deck[16:]
    shown = stock.pop(10)
    assert deal_.trump_card == shown
    assert deal_.stock[::-1] == [shown, *stock]  # the engine's stock is bottom first


def test_rule3_trump_card_is_public_its_place_is_not() -> None:
    game = make("kozel", seed=8)
    state = game.to_state()
    assert state["trump"] in state["stock"] and len(state["stock"]) == 20
    assert state["trump_suit"] == state["trump"][-1]
    assert [len(hand) for hand in state["hands"]] == [4, 4, 4, 4]
    assert game.to_act() == {(state["dealer"] + 1) % 4}
    for seat in [None, 0, 1, 2, 3]:
        view = game.view(seat)
        assert view["trump"] == state["trump"] and view["stock_size"] == 20
        assert "stock" not in view and "hands" not in view
    places = set()
    for seed in range(300):
        state = make("kozel", seed=seed).to_state()
        places.add(state["stock"].index(state["trump"]))
    assert {0, 19} <= places


# Rule 4: higher in the same suit, or a trump against a non-trump; other suits never compare.
def test_rule4_what_beats_what() -> None:
    hearts = 1

    def b(card: str, other: str) -> bool:
        return beats(parse_card(card), parse_card(other), hearts)

    assert b("9H", "7H") and not b("7H", "9H")
    assert b("10C", "QC") and b("AC", "10C")
    assert b("6H", "AS") and not b("AS", "6H")
    assert not b("AS", "10D") and not b("10D", "AS")
    assert not b("7C", "7C")


# Rule 5: a lead of 1 to 4 cards of one suit; each other seat beats one to one or discards.
def test_rule5_leads_are_one_suit() -> None:
    game = start(["6S 7S 8S 9S", "7H 9H KH 6C", "JS QS KS AS", "6D 7D 8D 9D"], trump="AD")
    assert legal(game, 1) == [
        "lead 7H", "lead 9H", "lead KH", "lead 7H 9H", "lead 7H KH", "lead 9H KH",
        "lead 7H 9H KH", "lead 6C",
    ]  # fmt: skip
    with pytest.raises(IllegalMoveError):
        game.apply(1, "lead 9H 6C")
    with pytest.raises(NotYourTurnError):
        game.apply(2, "lead JS")
    play(game, "lead 9H 7H")
    assert game.to_state()["trick"]["plays"] == [
        {"seat": 1, "move": "lead", "count": 2, "face_up": True, "cards": ["7H", "9H"]}
    ]


def test_rule5_beat_two_cards_with_mixed_trumps() -> None:
    game = start(["6C 7C 8C 9C", "9S KS 6D 7D", "10S 6H 8D 9D", "AS 8H JC QC"], trump="AH")
    play(game, "lead 9S KS")
    assert "beat 6H 10S" in legal(game, 2)
    play(game, "beat 10S 6H")
    state = game.to_state()["trick"]
    assert state["top"] == 2 and state["plays"][-1]["cards"] == ["10S", "6H"]
    # Now 10S and 6H lie on top: AS beats 10S, 8H beats 6H (and JC, QC beat nothing).
    assert legal(game, 3)[0] == "beat 8H AS"
    play(game, "beat AS 8H", "discard 6C 7C")
    assert game.to_state()["tricks"][-1]["winner"] == 3


def test_rule5_beat_three_cards_with_mixed_trumps() -> None:
    hands = ["6S 7S 8S 9S", "7D 9D JD AH", "QD KD 7C 6H", "8D 10D AD 9C"]
    game = start(hands, trump="KC")
    play(game, "lead 7D 9D JD")
    moves = legal(game, 2)
    assert [move for move in moves if move.startswith("beat")] == ["beat 7C QD KD"]
    play(game, "beat KD 7C QD")
    # On top now QD KD 7C: 9C (a higher trump) beats 7C, 10D and AD beat QD and KD.
    moves = legal(game, 3)
    assert [move for move in moves if move.startswith("beat")] == ["beat 9C 10D AD"]
    with pytest.raises(IllegalMoveError):
        game.apply(3, "beat 8D 10D AD")
    play(game, "beat AD 9C 10D", "discard 6S 7S 8S")
    assert game.to_state()["tricks"][0]["winner"] == 3


def test_rule5_beat_fails_when_two_cards_would_beat_the_same_card() -> None:
    game = start(["6C 7C 8C 9C", "9S AS 6D 7D", "10S JS 8D 9D", "JD QD KD AD"], trump="AH")
    play(game, "lead 9S AS")
    # Each of 10S and JS beats 9S, and neither beats AS: no card left for AS.
    assert beats(parse_card("10S"), parse_card("9S"), 1)
    assert beats(parse_card("JS"), parse_card("9S"), 1)
    assert not beats_one_to_one(mask_of(["10S", "JS"]), mask_of(["9S", "AS"]), 1)
    assert beats_one_to_one(mask_of(["10S", "JS"]), mask_of(["9S", "KS"]), 1)
    assert not any(move.startswith("beat") for move in legal(game, 2))
    with pytest.raises(IllegalMoveError):
        game.apply(2, "beat 10S JS")


def test_rule5_partner_beats_partner() -> None:
    game = start(
        ["7S 6D 7D 8D", "9D 10D JD QD", "9S 6C 7C 8C", "KD AD 9C 10C"], trump="AH", dealer=3
    )
    play(game, "lead 7S", "discard 9D", "beat 9S", "discard 9C")
    assert game.to_state()["tricks"][-1]["winner"] == 2
    assert game.view(0)["tricks_won"] == [1, 0]


def test_rule5_discards_lie_face_down_and_beating_is_never_compulsory() -> None:
    game = start(["6C 7C 8C 9C", "9S 6D 7D 8D", "10S JS 9D 10D", "JD QD KD AD"], trump="AH")
    play(game, "lead 9S")
    assert "beat 10S" in legal(game, 2) and "discard 10S" in legal(game, 2)
    with pytest.raises(IllegalMoveError):
        game.apply(2, "discard 10S JS")
    play(game, "discard 10S")
    for seat in [None, 0, 1, 3]:
        view = game.view(seat)
        assert view["trick"]["plays"][1] == {
            "seat": 2, "move": "discard", "count": 1, "face_up": False, "cards": None,
        }  # fmt: skip
        assert "10S" not in json.dumps(view)
    mine = game.view(2)
    assert mine["trick"]["plays"][1]["cards"] == ["10S"] and mine["discards"] == ["10S"]
    play(game, "discard JD", "discard 6C")
    # The lead stays on top: seat 1 takes the trick, the face-down 10S included.
    assert game.to_state()["points"] == [0, 10 + 2]
    assert "10S" not in json.dumps(game.view(3))


# Rule 6: four of a suit takes the trick over: everything goes back, the four are the lead.
def takeover_game(**options: Any) -> Any:
    hands = ["7C 8C 9C 10C", "6S 7D 8D 9D", "7H 8H 9H 10H", "8S JS AD 6C"]
    return start(hands, trump="AH", **options)


def test_rule6_takeover_after_two_answers_returns_the_cards() -> None:
    game = takeover_game()
    play(game, "lead 6S", "beat 7H", "discard 8S")
    assert "four 7C 8C 9C 10C" in legal(game, 0)
    play(game, "four 7C 8C 9C 10C")
    state = game.to_state()
    assert state["hands"][1:] == [
        ["6S", "7D", "8D", "9D"],
        ["7H", "8H", "9H", "10H"],
        ["8S", "JS", "AD", "6C"],
    ]
    assert state["hands"][0] == []
    trick = state["trick"]
    assert trick["leader"] == 0 and trick["first_leader"] == 1 and trick["takeover"] == 0
    assert [p["move"] for p in trick["plays"]] == ["four"]
    assert [(u["seat"], u["cards"]) for u in trick["undone"]] == [
        (1, ["6S"]),
        (2, ["7H"]),
        (3, None),
    ]
    assert game.to_act() == {1}
    for seat in [None, 0, 1, 2]:
        view = game.view(seat)
        assert view["known"] == [[], ["6S"], ["7H"], []]
        assert "8S" not in json.dumps(view)
    assert game.view(3)["hand"] == ["8S", "JS", "AD", "6C"]
    # Each other seat answers once, from the seat after the one who took over.
    play(game, "discard 6S 7D 8D 9D", "beat 7H 8H 9H 10H")
    assert game.to_act() == {3}
    play(game, "discard 8S JS AD 6C")
    assert game.to_state()["tricks"][0]["winner"] == 2


def test_rule6_cards_gone_back_are_known_until_played() -> None:
    game = takeover_game()
    play(game, "lead 6S", "beat 7H", "discard 8S", "four 7C 8C 9C 10C", "discard 6S 7D 8D 9D")
    view = game.view(0)
    # 6S went face down: it is in seat 1's hand or among its face-down cards, nobody knows.
    assert view["known"] == [[], [], ["7H"], []]
    assert view["returned"] == [[], [["6S", 1]], [["7H", 1]], []]
    play(game, "beat 7H 8H 9H 10H")
    assert game.view(0)["returned"] == [[], [["6S", 1]], [], []]
    assert game.view(0)["known"] == [[], [], [], []]


def test_rule6_second_takeover_refused_nearest_seat_first() -> None:
    hands = ["6C 7C 8C 9C", "JD QD KD AD", "6H 7H 8H 9H", "7S 8S 9S JS"]
    game = start(hands, trump="AS")
    play(game, "lead JD")
    assert "four 6H 7H 8H 9H" in legal(game, 2)  # seat 2 is nearest: its right comes first
    play(game, "discard 6H", "discard 7S", "four 6C 7C 8C 9C", "discard JD QD KD AD")
    assert not any(move.startswith("four") for move in legal(game, 2))
    with pytest.raises(IllegalMoveError):
        game.apply(2, "four 6H 7H 8H 9H")
    play(game, "discard 6H 7H 8H 9H")
    # Four trumps beat four clubs, but they take nothing over.
    assert legal(game, 3)[0] == "beat 7S 8S 9S JS"
    assert not any(move.startswith("four") for move in legal(game, 3))
    play(game, "beat 7S 8S 9S JS")
    assert game.to_state()["tricks"][0]["winner"] == 3


def test_rule6_a_leader_with_four_simply_leads_them() -> None:
    hands = ["6C 7C 8C 9C", "6D 7D 8D 9D", "6H 7H 8H 9H", "7S 8S 9S JS"]
    game = start(hands, trump="AS")
    assert "lead 6D 7D 8D 9D" in legal(game, 1)
    assert not any(move.startswith("four") for move in legal(game, 1))
    play(game, "lead 6D 7D 8D 9D")
    assert not any(move.startswith("four") for move in legal(game, 2))
    assert game.view(2)["trick"]["takeover_open"] is False


# Rule 7: the seat whose cards lie on top takes the trick, discards included, for its team.
def test_rule7_the_top_cards_take_everything() -> None:
    game = takeover_game()
    play(game, "lead 6S", "beat 7H", "discard 8S", "four 7C 8C 9C 10C")
    play(game, "discard 6S 7D 8D 9D", "beat 7H 8H 9H 10H", "discard 8S JS AD 6C")
    state = game.to_state()
    cards = [card for play_ in state["tricks"][0]["plays"] for card in play_["cards"]]
    assert len(cards) == 16
    assert state["points"] == [card_points(cards), 0] == [33, 0]
    assert state["tricks_won"] == [1, 0]


# Rule 8: draws from the winner clockwise, one card at a time, up to 4; the winner leads.
def sorted_hand(texts: str) -> list[str]:
    return sorted(texts.split(), key=parse_card)


def test_rule8_draw_order_from_the_winner() -> None:
    top = "AS KS QS JS 10S 9S 8S 7S"
    game = start(["6C 7C 8C 9C", "6D 7D 8D 9D", "JC QC KC AC", "JD QD KD AD"], "AH", top)
    play(game, "lead 6D 7D", "discard JC QC", "beat JD QD", "discard 6C 7C")
    state = game.to_state()
    assert state["tricks"][0]["winner"] == 3
    assert state["tricks"][0]["draws"] == [3, 0, 1, 2, 3, 0, 1, 2]
    assert state["hands"] == [
        sorted_hand("8C 9C KS 9S"),
        sorted_hand("8D 9D QS 8S"),
        sorted_hand("KC AC JS 7S"),
        sorted_hand("KD AD AS 10S"),
    ]
    assert state["stock_size"] == 12 and state["stock"][0] == "6S"
    assert game.to_act() == {3}
    assert game.view(1)["last_trick"]["draws"] == [3, 0, 1, 2, 3, 0, 1, 2]


def test_rule8_a_short_stock_is_shared_one_card_each_round() -> None:
    game = make("kozel", setup=FOUR["setup"], series=False)
    play(game, *FOUR["moves"][:9])
    state = game.to_state()
    # 12 cards were left and everybody needed 4: three rounds, from the winner, seat 1.
    assert state["tricks"][1]["winner"] == 1
    assert state["tricks"][1]["draws"] == [1, 2, 3, 0] * 3
    assert state["stock"] == [] and [len(hand) for hand in state["hands"]] == [3, 3, 3, 3]
    assert game.to_act() == {1}


def test_rule5_beats_match_a_brute_force_pairing() -> None:
    """Every legal beat pairs its cards with the cards on top so that each beats a different
    one, and every such set of hand cards is offered: checked against all pairings."""
    rng = random.Random(5)
    for _ in range(3000):
        deck = list(range(36))
        rng.shuffle(deck)
        count = rng.randint(1, 4)
        hand, top, trump = deck[:4], deck[4 : 4 + count], rng.randrange(4)
        offered = {
            move.mask
            for move in answers(sum(1 << c for c in hand), sum(1 << c for c in top), trump, False)
            if move.kind == BEAT
        }
        expected = {
            sum(1 << c for c in cards)
            for cards in itertools.combinations(hand, count)
            if any(
                all(beats(c, t, trump) for c, t in zip(cards, order, strict=True))
                for order in itertools.permutations(top)
            )
        }
        assert offered == expected
