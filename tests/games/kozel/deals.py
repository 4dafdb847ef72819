"""Whole literal deals for the scoring tests: the deal and every move, in turn order.

They were found by random play and are kept as data; the tests recount the points from the
tricks themselves. Seat 1 leads first (seat 0 deals) unless the dealer says otherwise.
"""

from __future__ import annotations

from typing import Any

SIX: dict[str, Any] = {
    # Team 0 takes no trick: 0-120, 6 losing points.
    "setup": {
        "dealer": 2,
        "hands": [
            ["QH", "KH", "6D", "KC"],
            ["7D", "8D", "9C", "QC"],
            ["JS", "9H", "JD", "8C"],
            ["QD", "10D", "AD", "JC"],
        ],
        "stock": [
            "9D",
            "AH",
            "6S",
            "10C",
            "KD",
            "6H",
            "10H",
            "7C",
            "10S",
            "KS",
            "AS",
            "8S",
            "JH",
            "9S",
            "7S",
            "AC",
            "7H",
            "8H",
            "QS",
            "6C",
        ],
        "trump_card": "8S",
    },
    "moves": [
        "lead QD AD",
        "discard 6D KH",
        "discard 7D 8D",
        "discard 9H JD",
        "lead 9D 10D KD",
        "discard 6H AH KC",
        "discard 9C QC 10H",
        "discard 7C JS 10C",
        "lead JH",
        "discard 9S",
        "four 6S 7S QS AS",
        "discard 6C 8S 8C AC",
        "discard 7H JH JC 10S",
        "discard 8H 9S QH KS",
    ],
    "points": [0, 120],
    "tricks": [0, 3],
    "losing": [6, 0],
}

FOUR: dict[str, Any] = {
    # Team 0 takes one trick worth 16: 4 losing points.
    "setup": {
        "dealer": 0,
        "hands": [
            ["7H", "QH", "7D", "AC"],
            ["JD", "QD", "8C", "9C"],
            ["7S", "JS", "KD", "AD"],
            ["6H", "JH", "9D", "7C"],
        ],
        "stock": [
            "10D",
            "6C",
            "QC",
            "KS",
            "AS",
            "KC",
            "AH",
            "10S",
            "6S",
            "10C",
            "10H",
            "KH",
            "QS",
            "8H",
            "8S",
            "JC",
            "9S",
            "9H",
            "8D",
            "6D",
        ],
        "trump_card": "8H",
    },
    "moves": [
        "lead JD QD",
        "discard JS KD",
        "beat 6H JH",
        "beat 7H QH",
        "lead 7D",
        "four 6C 8C 9C KC",
        "discard 7S QC AH AD",
        "discard 7C 9D KS 10S",
        "discard 7D 10D AS AC",
        "lead 6S 9S QS",
        "discard 8H 9H 10C",
        "discard 8S 8D 10H",
        "discard 6D JC KH",
    ],
    "points": [16, 104],
    "tricks": [1, 2],
    "losing": [4, 0],
}

TWO: dict[str, Any] = {
    # Team 0 takes one trick worth 54: 2 losing points.
    "setup": {
        "dealer": 2,
        "hands": [
            ["6S", "QH", "QD", "6C"],
            ["7H", "7D", "9C", "QC"],
            ["KS", "6H", "9H", "KC"],
            ["6D", "KD", "AD", "AC"],
        ],
        "stock": [
            "10D",
            "KH",
            "JS",
            "JD",
            "9S",
            "8D",
            "7C",
            "AS",
            "10C",
            "AH",
            "JC",
            "8S",
            "8C",
            "10H",
            "8H",
            "9D",
            "7S",
            "JH",
            "10S",
            "QS",
        ],
        "trump_card": "7S",
    },
    "moves": [
        "lead 6D KD AD",
        "discard 6C QH QD",
        "discard 7D 9C QC",
        "discard 6H KS KC",
        "lead 10C AC",
        "discard 6S 8D",
        "discard 7C JC",
        "discard 9H AS",
        "lead 9S",
        "four JH KH 10H AH",
        "discard 7H 8H JS 10S",
        "discard 8S 9D JD QS",
        "discard 7S 8C 9S 10D",
    ],
    "points": [54, 66],
    "tricks": [1, 2],
    "losing": [2, 0],
}

EGGS: dict[str, Any] = {
    # 60-60: eggs. The last trick goes to seat 3.
    "setup": {
        "dealer": 0,
        "hands": [
            ["8S", "9S", "QS", "AS"],
            ["KH", "QD", "10D", "6C"],
            ["7S", "JS", "KS", "6D"],
            ["6S", "10S", "9D", "QC"],
        ],
        "stock": [
            "KD",
            "AC",
            "7C",
            "JH",
            "8D",
            "8C",
            "QH",
            "9C",
            "6H",
            "KC",
            "JC",
            "9H",
            "JD",
            "8H",
            "AH",
            "7H",
            "10H",
            "AD",
            "7D",
            "10C",
        ],
        "trump_card": "10H",
    },
    "moves": [
        "lead QD",
        "discard JS",
        "discard 6S",
        "four 8S 9S QS AS",
        "discard 6C QD KH 10D",
        "discard 6D 7S JS KS",
        "discard 6S 9D QC 10S",
        "lead 8D JD KD",
        "discard 8C KC AC",
        "discard 7C JC AH",
        "beat 7H 9H JH",
        "lead 9C",
        "beat 6H",
        "discard 7D",
        "discard 10C",
        "lead AD",
        "beat 8H",
        "discard QH",
        "beat 10H",
    ],
    "points": [60, 60],
    "tricks": [2, 2],
    "losing": [0, 0],
}

SCORING = {"six": SIX, "four": FOUR, "two": TWO, "eggs": EGGS}


def rotated(deal: dict[str, Any], by: int, dealer: int) -> dict[str, Any]:
    """The same deal with every hand moved `by` seats clockwise, dealt by `dealer` (a dealer
    changes nothing in a literal deal once its first leader is known)."""
    setup = dict(deal["setup"])
    hands = setup["hands"]
    setup["hands"] = [hands[(seat - by) % 4] for seat in range(4)]
    setup["dealer"] = dealer
    return setup
