"""The players' REST routes: create a player (the cookie), who am I and my tables, claim with
a password, sign in and out, rename; public player pages and the leaderboards.

`install(app)` adds them; `create_app` calls it. `player_of(request)` is how every route
learns who is asking (None without a valid cookie).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Query, Request, Response

from kibitz.server import protocol
from kibitz.server.errors import ServiceError
from kibitz.server.players import COOKIE, Player, Players

COOKIE_DAYS = 365


def _players(request: Request) -> Players:
    players: Players = request.app.state.service.players
    return players


async def player_of(request: Request) -> Player | None:
    """The signed-in player making the request (read once per request), or None."""
    if not hasattr(request.state, "player"):
        request.state.player = await _players(request).identify(request.cookies.get(COOKIE))
    player: Player | None = request.state.player
    return player


async def _signed_in(request: Request) -> Player:
    player = await player_of(request)
    if player is None:
        raise ServiceError("not_signed_in")
    return player


def _set_cookie(request: Request, response: Response, value: str) -> None:
    response.set_cookie(
        COOKIE,
        value,
        max_age=COOKIE_DAYS * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def _out(player: Player) -> protocol.PlayerOut:
    return protocol.PlayerOut(id=player.id, nickname=player.nickname, claimed=player.claimed)


def _address(request: Request) -> str:
    client = request.client
    return client.host if client else "unknown"


def install(app: FastAPI, responses: dict[int | str, dict[str, Any]]) -> None:
    """Add the players' routes to the kibitz app."""

    @app.post("/api/players", status_code=201, tags=["players"], responses=responses)
    async def create_player(
        request: Request, response: Response, body: protocol.NicknameBody
    ) -> protocol.PlayerOut:
        """A new player with this nickname, signed in on this browser (the answer sets the
        player's HttpOnly cookie). `signed_in` when the browser is signed in already."""
        if await player_of(request) is not None:
            raise ServiceError("signed_in")
        player, cookie = await _players(request).create(body.nickname, _address(request))
        _set_cookie(request, response, cookie)
        return _out(player)

    @app.get("/api/me", tags=["players"], responses=responses)
    async def me(request: Request) -> dict[str, Any]:
        """The signed-in player, their unfinished tables (`tables`, each with the `seat`
        they hold), their recent finished ones (`recent`) and their recent abandoned ones
        (`abandoned`, each with the `seat` they held)."""
        return await _players(request).me(await _signed_in(request))

    @app.patch("/api/me", tags=["players"], responses=responses)
    async def rename(request: Request, body: protocol.NicknameBody) -> protocol.PlayerOut:
        """A new nickname, shown at once at the player's unfinished tables."""
        player = await _players(request).rename(await _signed_in(request), body.nickname)
        return _out(player)

    @app.post("/api/me/password", tags=["players"], responses=responses)
    async def set_password(request: Request, body: protocol.PasswordBody) -> protocol.PlayerOut:
        """Claim the player with a password (to sign in on other devices), or change it:
        then `current` is the password now."""
        players = _players(request)
        player = await players.set_password(await _signed_in(request), body.password, body.current)
        return _out(player)

    @app.post("/api/signin", tags=["players"], responses=responses)
    async def sign_in(
        request: Request, response: Response, body: protocol.SignInBody
    ) -> protocol.PlayerOut:
        """Sign this browser in as the claimed player with this nickname and password (the
        answer sets the cookie; a session this browser had is signed out)."""
        players = _players(request)
        player, cookie = await players.sign_in(body.nickname, body.password, _address(request))
        await players.sign_out(request.cookies.get(COOKIE))
        _set_cookie(request, response, cookie)
        return _out(player)

    @app.post("/api/signout", tags=["players"], responses=responses)
    async def sign_out(request: Request, response: Response) -> dict[str, bool]:
        """Sign this browser out (an unclaimed player cannot come back afterwards)."""
        await _players(request).sign_out(request.cookies.get(COOKIE))
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return {"signed_out": True}

    @app.get("/api/players/{player_id}", tags=["players"], responses=responses)
    async def profile(request: Request, player_id: str) -> dict[str, Any]:
        """A player's public page: nickname, per game the games played and won and the
        rating (`rating` = mu - 3 sigma, openskill), the rating after each rated game
        (`history`) and the recent finished tables (`recent`, with `seats_held`). Bot
        levels are players too: `bot.LEVEL`."""
        return await _players(request).profile(player_id)

    @app.get("/api/leaderboard/{game}", tags=["players"], responses=responses)
    async def leaderboard(
        request: Request,
        game: str,
        limit: int = Query(50, ge=1, le=200),
        offset: int = Query(0, ge=0, le=100000),
    ) -> list[dict[str, Any]]:
        """The game's players by rating (mu - 3 sigma), best first; bot levels among them."""
        return await _players(request).leaderboard(game, limit, offset)
