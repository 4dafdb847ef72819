"""What the browser pages need besides the lobby API: rules pages in each language, the card
pictures, and replays of finished games (stored or uploaded records) step by step.

`install(app)` adds these routes; `create_app` calls it. Every answer here is public: rules,
pictures, and views of games that are over (a record is only served once its table is over).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Query, Request
from fastapi.responses import PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from kibitz.core import KibitzError, Record, start
from kibitz.core.gamelog import GameLog
from kibitz.core.rules_text import rules_text
from kibitz.server.errors import ServiceError
from kibitz.server.replays import ReplayCache

ASSETS = Path(__file__).resolve().parent.parent / "assets"
MAX_REPLAY_MOVES = 5000
RECORD_BODY = {
    "requestBody": {
        "required": True,
        "description": "A game record (docs/records.md).",
        "content": {"application/json": {"schema": {"type": "object"}}},
    }
}


def rules_markdown(game: str, lang: str) -> str:
    """The rules page of `game` in `lang` (English when that language has none)."""
    try:
        if lang != "en":
            try:
                return rules_text(game, lang)
            except KibitzError:
                pass
        return rules_text(game)
    except KibitzError as error:
        raise ServiceError("unknown_game", str(error)) from None


def replay_steps(record: Record, seat: int | None) -> dict[str, Any]:
    """The view of `seat` (None: a spectator) before the first move and after each move, and
    the game log (`log_counts[k]`: how many of its entries were written after `k` moves)."""
    if len(record.moves) > MAX_REPLAY_MOVES:
        raise ServiceError("bad_message", f"a replay has at most {MAX_REPLAY_MOVES} moves")
    if seat is not None and not 0 <= seat < record.players:
        raise ServiceError("bad_message", f"no seat {seat} in this game")
    try:
        game = start(record)
        views = [game.view(seat)]
        for number, (mover, text) in enumerate(record.moves, 1):
            try:
                game.apply(mover, text)
            except KibitzError as error:
                message = f"move {number} ({mover}: {text}): {error}"
                raise ServiceError("bad_record", message) from None
            views.append(game.view(seat))
    except KibitzError as error:
        raise ServiceError("bad_record", str(error)) from None
    log = GameLog(game)
    log.follow(game)
    outcome = None
    result = game.outcome() if game.is_over() else None
    if result is not None:
        outcome = {"scores": list(result.scores), "winners": sorted(result.winners)}
    return {
        "game": record.game,
        "players": record.players,
        "options": dict(record.options),
        "seat": seat,
        "moves": [[s, t] for s, t in record.moves],
        "views": views,
        "log": log.entries,
        "log_counts": log.counts,
        "outcome": outcome,
    }


def install(app: FastAPI) -> None:
    """Add the rules, pictures and replay routes to the kibitz app."""

    @app.get("/api/rules/{game}", tags=["pages"], response_class=PlainTextResponse)
    async def rules(game: str, lang: str = Query("en", pattern="^(en|cs|ru)$")) -> str:
        """A game's rules page (Markdown) in English, Czech or Russian."""
        return rules_markdown(game, lang)

    replays = ReplayCache()

    @app.get(
        "/api/tables/{table_id}/replay",
        tags=["records"],
        response_class=Response,
        responses={200: {"content": {"application/json": {"schema": {"type": "object"}}}}},
    )
    async def table_replay(
        request: Request, table_id: str, seat: int | None = Query(None, ge=0, le=63)
    ) -> Response:
        """A finished table's game, as the views of `seat` (or a spectator) move by move
        (built once per table and seat)."""
        service = request.app.state.service

        async def build() -> bytes:
            record = Record.from_dict(await service.record(table_id))
            return await asyncio.to_thread(lambda: orjson.dumps(replay_steps(record, seat)))

        data = await replays.get((table_id, seat), build)
        return Response(data, media_type="application/json")

    @app.post("/api/replay", tags=["records"], openapi_extra=RECORD_BODY)
    async def upload_replay(
        request: Request, seat: int | None = Query(None, ge=0, le=63)
    ) -> dict[str, Any]:
        """An uploaded record (the records format), as views move by move."""
        try:
            record = Record.from_json((await request.body()).decode("utf-8"))
        except KibitzError as error:
            raise ServiceError("bad_record", str(error)[:300]) from None
        except UnicodeDecodeError:
            raise ServiceError("bad_record", "the record is not UTF-8 text") from None
        return await asyncio.to_thread(replay_steps, record, seat)

    app.mount("/assets", StaticFiles(directory=ASSETS), name="assets")
