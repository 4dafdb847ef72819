"""Ratings: an openskill (Plackett-Luce) rating per player and game, updated at the end of
every finished game in which at least one signed-in player sat.

How a game is ranked: the game's sides (`Game.teams()`: every seat alone in X bere!, 6 nimmt!
and free-for-all Goxeso; two pairs in Kozel and Goxeso Bridge/Cross) are ordered winners
first, then by their final score (the lowest first where the game's spec says
`lowest_wins`), sides with equal standing sharing a rank. So X bere! and 6 nimmt! rank by
final score, Goxeso free-for-all by pairs, and the team games by team.

Who is rated: a seat's player when a signed-in player held it (an away player's stand-in
plays for them and they answer for it); a bot seat's bot level, as the player `bot.LEVEL`
(one per level, so a solo player's rating against bots means something). A seat held
without a player (a client without a cookie) or left open takes part with a fresh rating
that is not kept. A bot level at several seats of one game moves by the mean of its seats'
updates. Abandoned tables are never rated.

This module is the arithmetic only, the same for a live game and for `kibitz ratings
rebuild` (which replays the stored records in the order the tables finished), so both give
the same ratings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kibitz.core import Game, spec
from kibitz.server.store import SeatRow

MU = 25.0
SIGMA = MU / 3
BOT_PREFIX = "bot."
"""Bot players' ids: `bot.` and the level (human ids never hold a dot)."""


def bot_player(level: str) -> str:
    """The id of the player that stands for a bot level."""
    return BOT_PREFIX + level


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard orders by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatedGame:
    """A finished game as the ratings see it."""

    table_id: str
    game: str
    at: float
    """When the table finished (its last move)."""
    sides: tuple[tuple[str | None, ...], ...]
    """The player of each seat, side by side (None: a seat whose rating is not kept)."""
    ranks: tuple[int, ...]
    """Each side's place, 0 the best; equal places share a number."""
    won: tuple[bool, ...]
    """Whether each side is among the winners."""

    def players(self) -> list[str]:
        """The kept players of the game, each once, in seat order."""
        return list(dict.fromkeys(p for side in self.sides for p in side if p is not None))

    def bots(self) -> list[str]:
        return [p for p in self.players() if p.startswith(BOT_PREFIX)]

    def winners(self) -> set[str]:
        """The kept players with a seat on a winning side."""
        return {
            p
            for side, won in zip(self.sides, self.won, strict=True)
            if won
            for p in side
            if p is not None
        }


def seat_player(seat: SeatRow) -> str | None:
    """The player a seat is rated for, or None (see the module's doc)."""
    if seat.kind == "player":
        return seat.player_id
    if seat.kind == "bot" and seat.bot:
        return bot_player(seat.bot)
    return None


def rated_game(
    table_id: str, game: Game[Any], seats: Sequence[SeatRow], at: float
) -> RatedGame | None:
    """The game to rate, or None: not over, or no signed-in player sat at it."""
    outcome = game.outcome()
    if outcome is None or not any(s.kind == "player" and s.player_id for s in seats):
        return None
    lowest = spec(game.name).lowest_wins
    sides = game.teams()
    won = tuple(any(seat in outcome.winners for seat in side) for side in sides)
    standing = [
        (not w, outcome.scores[side[0]] if lowest else -outcome.scores[side[0]])
        for side, w in zip(sides, won, strict=True)
    ]
    order = sorted(set(standing))
    return RatedGame(
        table_id=table_id,
        game=game.name,
        at=at,
        sides=tuple(tuple(seat_player(seats[seat]) for seat in side) for side in sides),
        ranks=tuple(order.index(s) for s in standing),
        won=won,
    )


def update(current: Mapping[str, Rating], rated: RatedGame) -> dict[str, Rating]:
    """The new rating of every kept player of the game; `current` holds the ratings they had
    (a player missing there starts fresh)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=MU, sigma=SIGMA)
    teams = [
        [model.rating(*_mu_sigma(current.get(p) if p is not None else None)) for p in side]
        for side in rated.sides
    ]
    new = model.rate(teams, ranks=[float(r) for r in rated.ranks])
    moved: dict[str, list[tuple[float, float]]] = {}
    for side, team in zip(rated.sides, new, strict=True):
        for player, rating in zip(side, team, strict=True):
            if player is not None:
                moved.setdefault(player, []).append((rating.mu, rating.sigma))
    winners = rated.winners()
    out = {}
    for player, results in moved.items():
        old = current.get(player) or Rating()
        out[player] = Rating(
            mu=sum(mu for mu, _ in results) / len(results),
            sigma=sum(sigma for _, sigma in results) / len(results),
            games=old.games + 1,
            wins=old.wins + (player in winners),
        )
    return out


def _mu_sigma(rating: Rating | None) -> tuple[float, float]:
    return (rating.mu, rating.sigma) if rating is not None else (MU, SIGMA)
