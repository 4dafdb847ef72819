"""Goxeso rules 5 to 8 of issue 3: public holdings, reservations and blocks, the joker's
singles, claims after a miss, and the lone last card."""

from __future__ import annotations

from .boards import BOARD_A, BOARD_D, board, flip, game, held


# Rule 5: holdings are public: every seat and spectator sees the same, marks included.
def test_rule5_holdings_are_public() -> None:
    g = game(BOARD_D, players=3)
    flip(g, "a1", "d1")
    expected = [
        {
            "seats": [0],
            "pairs": ["1"],
            "singles": [
                {"face": "5", "status": "reserved"},
                {"face": "6", "status": "reserved"},
            ],
        },
        {"seats": [1], "pairs": [], "singles": []},
        {"seats": [2], "pairs": [], "singles": []},
    ]
    assert g.to_state()["holdings"] == expected
    assert all(g.view(seat)["holdings"] == expected for seat in (None, 0, 1, 2))


# Rule 5: a capture of the mate of an opponent's reservation blocks the pair for both:
# the reservation lapses ("rezervace párové kartičky ztrácí platnost").
def test_rule5_capture_of_a_reserved_cards_mate_blocks_it() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")  # seat 0 reserves 5 and 6
    flip(g, "a2", "d2")  # seat 1 captures b2 (the other 5) and c2 (a 3)
    assert held(g, 0) == (["1"], {"5": "blocked", "6": "reserved"})
    assert held(g, 1) == (["2"], {"3": "reserved", "5": "blocked"})
    # A blocked card is never claimed: nothing of 5 is on the board any more.
    assert "5" not in " ".join(board(g))


# Rule 6: a joker and the card it matched are two singles and score nothing; each can
# still complete its own pair later (here: the 4 by a claim, the J by the other joker).
def test_rule6_joker_and_its_card_are_singles_that_can_complete_later() -> None:
    g = game(BOARD_D)
    flip(g, "c4", "b3")  # seat 0: J and 4
    assert held(g, 0) == ([], {"J": "reserved", "4": "reserved"})
    assert g.scores() == (0, 0)
    flip(g, "c3", "a4")  # seat 1 misses 4 and 7: seat 0 claims its 4
    assert held(g, 0) == (["4"], {"J": "reserved"})
    flip(g, "d4", "a2")  # seat 0: the other J with a 2
    assert held(g, 0) == (["J", "4"], {"2": "reserved"})
    assert g.scores() == (2, 0)


# Rule 6 with rule 5: the joker matched with the mate of someone's reservation: the match
# comes first, so the pair is blocked and nothing is claimed.
def test_rule6_joker_with_a_card_whose_mate_is_reserved() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")  # seat 0 reserves 5 and 6
    flip(g, "b2", "c4")  # seat 1: the other 5 with a joker
    last = g.view(None)["last_turn"]
    assert last["result"] == "match" and last["claims"] == []
    assert held(g, 1) == ([], {"J": "reserved", "5": "blocked"})
    assert held(g, 0) == (["1"], {"5": "blocked", "6": "reserved"})


# Rule 6: the joker's reserver is the one that took the other card: matching your own
# single's mate with a joker completes your pair.
def test_rule6_joker_with_the_mate_of_ones_own_reservation() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")  # seat 0 reserves 5 and 6
    flip(g, "a4", "b4")  # seat 1 takes the 7s
    flip(g, "b2", "c4")  # seat 0: the other 5 with a joker
    assert held(g, 0) == (["1", "5"], {"J": "reserved", "6": "reserved"})


# Rule 7: after a miss and the swap, the reserver takes its card from the new cell.
def test_rule7_claim_after_a_miss_from_the_new_cell() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")  # seat 0 reserves 5 and 6
    flip(g, "b2", "a3")  # seat 1 misses 5 and 3: they swap, seat 0 claims the 5 on a3
    assert held(g, 0) == (["1", "5"], {"6": "reserved"})
    assert board(g)[1:3] == ["2 3 3 2", ". 4 4 6"]
    last = g.view(1)["last_turn"]
    assert last["claims"] == [{"owner": 0, "cell": "a3", "face": "5"}]
    assert last["remaining"] == [{"cell": "b2", "face": "3"}]
    assert g.scores() == (2, 0)
    assert g.to_act() == {0}


# Rule 7: the active player's own reservation is claimed too.
def test_rule7_the_active_player_claims_its_own_card() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")
    flip(g, "a4", "b4")
    flip(g, "b2", "a3")  # seat 0's own miss: 5 claimed by seat 0
    assert held(g, 0) == (["1", "5"], {"6": "reserved"})


# Rule 7: both cards of one miss are claimed, by two different players.
def test_rule7_two_claims_by_two_players_in_one_turn() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")  # seat 0 reserves 5 and 6
    flip(g, "a2", "d2")  # seat 1: 5 blocked, 3 reserved
    flip(g, "a3", "d3")  # seat 0 misses 3 and 6: swapped, then both claimed
    last = g.view(None)["last_turn"]
    assert last["swap"] is True
    assert last["claims"] == [
        {"owner": 1, "cell": "d3", "face": "3"},
        {"owner": 0, "cell": "a3", "face": "6"},
    ]
    assert last["remaining"] == []
    assert held(g, 0) == (["1", "6"], {"5": "blocked"})
    assert held(g, 1) == (["2", "3"], {"5": "blocked"})
    assert board(g)[2] == ". 4 4 ."


# Rule 7: a claim never captures a line, even when both claimed cards share a row.
def test_rule7_a_claim_never_captures_a_line() -> None:
    g = game(
        [
            "1 5 6 1",
            "5 2 3 6",
            "J 2 3 4",
            "7 7 J 4",
        ]
    )
    flip(g, "a1", "d1")  # seat 0 reserves 5 and 6
    flip(g, "a2", "d2")  # seat 1 misses 5 and 6 in row 2: swapped, both claimed by seat 0
    assert held(g, 0) == (["1", "5", "6"], {})
    assert board(g)[1] == ". 2 3 ."
    assert g.view(None)["last_turn"]["captured"] == []


# Rule 7: a match resolves before claims: capturing a reserved card's mate blocks it.
def test_rule7_match_before_claims() -> None:
    g = game(BOARD_D)
    flip(g, "a1", "d1")
    flip(g, "c2", "b2")  # seat 1 misses 3 and 5: 5 claimed by seat 0 (a miss)
    assert held(g, 0)[0] == ["1", "5"]
    g2 = game(BOARD_D)
    flip(g2, "a1", "d1")
    flip(g2, "a2", "d2")  # the same 5 taken in a capture: blocked, no claim
    assert held(g2, 0)[1]["5"] == "blocked"
    assert g2.view(None)["last_turn"]["claims"] == []


# Rule 8: a lone card left on the board goes at once to the holder of its mate.
def test_rule8_the_lone_last_card() -> None:
    g = game(BOARD_A)
    flip(g, "a1", "d1")  # seat 0: 1 1 + 2 3
    flip(g, "a2", "d2")  # seat 1: 4 4 + 2 3
    flip(g, "a3", "d3")  # seat 0: 5 5 + 6 7
    assert board(g)[3] == "6 J 7 J"
    flip(g, "b4", "d4")  # seat 1: J J + the 7 between: the 6 on a4 is left alone
    last = g.view(None)["last_turn"]
    assert last["captured"] == [{"cell": "c4", "face": "7"}]
    assert last["lone"] == {"owner": 0, "cell": "a4", "face": "6"}
    assert held(g, 0) == (["1", "5", "6"], {"2": "blocked", "3": "blocked", "7": "blocked"})
    assert held(g, 1) == (["J", "4"], {"2": "blocked", "3": "blocked", "7": "blocked"})
    assert g.view(None)["cards_left"] == 0
