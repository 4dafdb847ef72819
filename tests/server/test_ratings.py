"""Rating updates: how a finished game is ranked (free-for-all by final score, teams by team,
Goxeso by pairs) and how ratings move (winners up, partners together, a bot level at several
seats once, unkept seats not stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from kibitz.core import Outcome
from kibitz.server.ratings import MU, SIGMA, RatedGame, Rating, bot_player, rated_game, update
from kibitz.server.store import SeatRow


@dataclass
class Finished:
    """A stand-in for a finished game: its name, sides and outcome."""

    name: str
    sides: tuple[tuple[int, ...], ...]
    result: Outcome

    def outcome(self) -> Outcome:
        return self.result

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.sides


def player(seat: int, player_id: str | None) -> SeatRow:
    return SeatRow(seat, "player", nickname=f"p{seat}", token_hash="x", player_id=player_id)


def bot(seat: int, level: str) -> SeatRow:
    return SeatRow(seat, "bot", bot=level)


def ranked(name: str, sides: Any, scores: Any, winners: Any, seats: list[SeatRow]) -> RatedGame:
    game: Any = Finished(name, sides, Outcome(tuple(scores), frozenset(winners)))
    rated = rated_game("t", game, seats, 10.0)
    assert rated is not None
    return rated


def test_xbere_is_free_for_all_by_final_score_lowest_first() -> None:
    seats = [player(0, "ann"), bot(1, "easy"), player(2, None), bot(3, "hard")]
    rated = ranked("xbere", ((0,), (1,), (2,), (3,)), [7, 6, 11, 6], {1, 3}, seats)
    assert rated.ranks == (1, 0, 2, 0)  # two winners on 6 share first place
    assert rated.sides == (("ann",), ("bot.easy",), (None,), ("bot.hard",))
    assert rated.won == (False, True, False, True)
    assert rated.players() == ["ann", "bot.easy", "bot.hard"]
    assert rated.bots() == ["bot.easy", "bot.hard"]


def test_6nimmt_ranks_by_bullheads_and_the_winner_first() -> None:
    seats = [player(0, "ann"), bot(1, "medium"), bot(2, "medium")]
    rated = ranked("6nimmt", ((0,), (1,), (2,)), [33, 73, 62], {0}, seats)
    assert rated.ranks == (0, 2, 1)


def test_goxeso_free_for_all_ranks_by_pairs_highest_first() -> None:
    seats = [player(0, "ann"), bot(1, "greedy"), player(2, "bea")]
    rated = ranked("goxeso", ((0,), (1,), (2,)), [4, 9, 5], {1}, seats)
    assert rated.ranks == (2, 0, 1)


def test_kozel_and_goxeso_teams_rank_by_team() -> None:
    seats = [player(0, "ann"), bot(1, "hard"), bot(2, "easy"), bot(3, "hard")]
    kozel = ranked("kozel", ((0, 2), (1, 3)), [12, 6, 12, 6], {1, 3}, seats)
    assert kozel.sides == (("ann", "bot.easy"), ("bot.hard", "bot.hard"))
    assert kozel.ranks == (1, 0) and kozel.won == (False, True)
    bridge = ranked("goxeso", ((0, 2), (1, 3)), [9, 8, 9, 8], {0, 2}, seats)
    assert bridge.ranks == (0, 1) and bridge.winners() == {"ann", "bot.easy"}


def test_games_without_a_signed_in_player_or_not_over_are_not_rated() -> None:
    outcome = Outcome((1.0, 2.0), frozenset({0}))
    game: Any = Finished("xbere", ((0,), (1,)), outcome)
    assert rated_game("t", game, [player(0, None), bot(1, "easy")], 1.0) is None
    assert rated_game("t", game, [bot(0, "easy"), bot(1, "hard")], 1.0) is None
    unfinished: Any = Finished("xbere", ((0,), (1,)), None)  # type: ignore[arg-type]
    assert rated_game("t", unfinished, [player(0, "ann"), bot(1, "easy")], 1.0) is None


def test_free_for_all_update_moves_winners_up_and_counts_games() -> None:
    seats = [player(0, "ann"), player(1, "bea"), player(2, "cid")]
    rated = ranked("xbere", ((0,), (1,), (2,)), [1, 5, 9], {0}, seats)
    new = update({"bea": Rating(30.0, 5.0, games=4, wins=3)}, rated)
    assert set(new) == {"ann", "bea", "cid"}
    assert new["ann"].mu > MU > new["cid"].mu  # first and last from the same start
    won = update(
        {"bea": Rating(30.0, 5.0)}, ranked("xbere", ((0,), (1,), (2,)), [5, 1, 9], {1}, seats)
    )
    assert won["bea"].mu > new["bea"].mu  # winning would have raised her more
    assert all(r.sigma < s for r, s in ((new["ann"], SIGMA), (new["bea"], 5.0)))
    assert (new["ann"].games, new["ann"].wins) == (1, 1)
    assert (new["bea"].games, new["bea"].wins) == (5, 3)
    assert new["ann"].ordinal == pytest.approx(new["ann"].mu - 3 * new["ann"].sigma)


def test_team_update_moves_partners_together_and_a_shared_bot_level_once() -> None:
    seats = [player(0, "ann"), bot(1, "hard"), bot(2, "easy"), bot(3, "hard")]
    rated = ranked("kozel", ((0, 2), (1, 3)), [12, 6, 12, 6], {0, 2}, seats)
    new = update({}, rated)
    assert set(new) == {"ann", "bot.easy", "bot.hard"}
    assert new["ann"].mu == pytest.approx(new["bot.easy"].mu) and new["ann"].mu > MU
    assert new["bot.hard"].mu < MU
    assert (new["bot.hard"].games, new["bot.hard"].wins) == (1, 0)  # one game, two seats


def test_a_bot_level_at_several_free_for_all_seats_moves_by_their_mean() -> None:
    from openskill.models import PlackettLuce

    seats = [player(0, "ann"), bot(1, "easy"), bot(2, "easy")]
    new = update({}, ranked("6nimmt", ((0,), (1,), (2,)), [10, 20, 30], {0}, seats))
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    first, second, third = model.rate([[model.rating()] for _ in range(3)], ranks=[0, 1, 2])
    assert new["ann"].mu == pytest.approx(first[0].mu)
    assert new["bot.easy"].mu == pytest.approx((second[0].mu + third[0].mu) / 2)
    assert new["bot.easy"].sigma == pytest.approx((second[0].sigma + third[0].sigma) / 2)
    assert (new["bot.easy"].games, new["bot.easy"].wins) == (1, 0)
    assert bot_player("easy") == "bot.easy"


def test_an_unkept_seat_plays_with_a_fresh_rating_and_is_not_stored() -> None:
    seats = [player(0, "ann"), player(1, None)]
    rated = ranked("xbere", ((0,), (1,)), [3, 8], {0}, seats)
    strong = update({"ann": Rating(40.0, 2.0)}, rated)
    assert set(strong) == {"ann"}
    assert strong["ann"].mu > 40.0
