"""The ASGI application: the WebSocket protocol, the REST lobby API, health and static pages.

`create_app(settings)` builds it; the database, service and hub live in the app's state
(nothing module-global), so tests can run several apps side by side.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

import kibitz
from kibitz.bots import available, default_bot
from kibitz.server import apidocs, logs, pages, player_routes, protocol
from kibitz.server.bot_tables import all_bots
from kibitz.server.bots import BotRunner
from kibitz.server.config import Limits, Settings
from kibitz.server.db import migrate, open_database
from kibitz.server.errors import ServiceError
from kibitz.server.http_guard import HttpGuard, client_ip
from kibitz.server.listener import PUSH
from kibitz.server.origins import origin_allowed
from kibitz.server.player_routes import player_of
from kibitz.server.players import COOKIE
from kibitz.server.ratelimit import RateLimiter, TokenBucket, expensive
from kibitz.server.render import state_message, state_messages
from kibitz.server.seating import hash_secret, holds
from kibitz.server.service import LiveTable, MatchService, SeatSpec
from kibitz.server.store import Store

STATIC = Path(__file__).parent / "static"


class Connection:
    """One client's WebSocket: which table and seat it is at, and its outgoing queue."""

    def __init__(self, ws: WebSocket, ip: str, limits: Limits) -> None:
        self.ws = ws
        self.ip = ip
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.token_hash: str | None = None
        """The hash of `token`, to check on every change that the token still holds `seat`."""
        self.cookie = ws.cookies.get(COOKIE)
        """The player cookie of the handshake: who the connection's signed-in player is."""
        self.player: str | None = None
        """The player whose seat `seat` is, when `hello` took it without a token."""
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(limits.send_queue)
        self.messages = TokenBucket(limits.messages_per_second, float(limits.message_burst))
        self.closing: str | None = None
        """Why the connection is being closed (`too_slow`, `idle`); nothing more is done
        for it meanwhile."""
        self.heard = 0.0
        """When the client last sent a message (the event loop's clock)."""
        self._idle: asyncio.TimerHandle | None = None
        self._push: Callable[[str], bool] | None = (ws.scope.get("extensions") or {}).get(PUSH)
        """The server's way to send a message at once (`listener.GuardedWebSocket.push`),
        used while nothing is queued: the writer task is woken only for a client that does
        not read fast enough (and under a server without it, such as the test client)."""
        self._writing = False

    def seated_table(self, code: str = "not_seated", message: str | None = None) -> str:
        """The table where this connection holds a seat (by token or signed-in player);
        `code` (with `message`) when it holds none."""
        if self.table is None or (self.token is None and self.player is None):
            raise ServiceError(code, message)
        return self.table

    def watch_idle(self, seconds: float) -> None:
        """Close the connection (`idle`) once the client has sent nothing for `seconds`. One
        timer, set again only when it fires: nothing per message but noting the time."""
        loop = asyncio.get_running_loop()
        self.heard = loop.time()

        def check() -> None:
            quiet = loop.time() - self.heard
            if quiet < seconds:
                self._idle = loop.call_later(seconds - quiet, check)
            elif not self.closing:
                logs.event("ws.idle", client=self.ip)
                self.close("idle")

        self._idle = loop.call_later(seconds, check)

    def stop_watching(self) -> None:
        if self._idle is not None:
            self._idle.cancel()

    def send(self, text: str) -> None:
        if self.closing:
            return
        if self._push is not None and not self._writing and self.queue.empty() and self._push(text):
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close("too_slow", _error("too_slow").to_json())

    def send_message(self, message: protocol.ServerMessage) -> None:
        self.send(message.to_json())

    def close(self, reason: str, last: str | None = None) -> None:
        """Close the connection after what is queued (dropped when the queue is full, with
        `last` sent instead); `reason` goes in the close frame."""
        if self.closing:
            return
        self.closing = reason
        if self.queue.full() or last is not None:
            with contextlib.suppress(asyncio.QueueEmpty):
                while self.queue.qsize() > self.queue.maxsize - 2:
                    self.queue.get_nowait()
        if last is not None:
            self.queue.put_nowait(last)
        self.queue.put_nowait(None)

    async def writer(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                await self.ws.close(code=1008, reason=self.closing or "")
                return
            self._writing = True
            try:
                await self.ws.send_text(text)
            finally:
                self._writing = False


class Hub:
    """The connections of this process, by table; sends each its own messages. It tells the
    fan-out which seats are connected here (`events.Presence`)."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.tables: dict[str, set[Connection]] = {}
        service.events.subscribe(self.on_event, self)

    def attach(self, conn: Connection, table_id: str) -> None:
        self.detach(conn)
        conn.table = table_id
        self.tables.setdefault(table_id, set()).add(conn)

    def detach(self, conn: Connection) -> None:
        if conn.table is not None:
            conns = self.tables.get(conn.table)
            if conns is not None:
                conns.discard(conn)
                if not conns:
                    del self.tables[conn.table]
        conn.table = None
        self.unbind(conn)

    @staticmethod
    def bind(conn: Connection, seat: int, token: str | None, player: str | None) -> None:
        """The connection now plays `seat`, held by `token` (or the signed-in `player`)."""
        conn.seat, conn.token, conn.player = seat, token, player
        conn.token_hash = hash_secret(token) if token is not None else None

    @staticmethod
    def unbind(conn: Connection) -> None:
        """The connection holds no seat (it watches its table, if any, as a spectator)."""
        conn.seat = conn.token = conn.token_hash = conn.player = None

    def here(self, table_id: str) -> set[int]:
        """The seats of the table with a connection in this process."""
        return {c.seat for c in self.tables.get(table_id, ()) if c.seat is not None}

    def everywhere(self) -> dict[str, set[int]]:
        return {table_id: seats for table_id in self.tables if (seats := self.here(table_id))}

    def connected(self, table_id: str) -> set[int]:
        """The seats of the table with a connection in any process of the site."""
        return self.here(table_id) | self.service.events.elsewhere(table_id)

    def on_event(self, table: LiveTable, message: protocol.ChatMessage | None) -> None:
        conns = self.tables.get(table.id)
        if not conns:
            return
        if message is not None:
            text = message.to_json()
            for conn in conns:
                conn.send(text)
            return
        self.unseat_stale(table, conns)
        states = state_messages(table, {c.seat for c in conns}, self.connected(table.id))
        texts = {seat: state.to_json() for seat, state in states.items()}
        for conn in list(conns):
            conn.send(texts[conn.seat])

    def unseat_stale(self, table: LiveTable, conns: Iterable[Connection]) -> None:
        """Unbind every connection whose token (or player) no longer holds its seat, and
        tell it why (`unseated`): it sees spectator views from now on. Checked here, where
        each process delivers a table's changes to its own connections, so it holds
        whichever process changed the seat (a leave, a new occupant, a bot)."""
        for conn in conns:
            if conn.seat is None:
                continue
            s = table.seats[conn.seat]
            if holds(s, conn.token_hash, conn.player):
                continue
            reason: Literal["left", "taken", "bot"] = (
                "bot" if s.kind == "bot" else "taken" if s.kind == "player" else "left"
            )
            logs.event("ws.unseated", table=table.id, seat=conn.seat, reason=reason)
            conn.send_message(
                protocol.UnseatedMessage(table=table.id, seat=conn.seat, reason=reason)
            )
            self.unbind(conn)

    def send_state(self, conn: Connection) -> Callable[[LiveTable], None]:
        def send(table: LiveTable) -> None:
            self.unseat_stale(table, (conn,))
            conn.send_message(state_message(table, conn.seat, self.connected(table.id)))

        return send


def _error(
    code: str, message: str | None = None, request: int | str | None = None
) -> protocol.ErrorMessage:
    return protocol.ErrorMessage.of(ServiceError(code, message), request)


_HTTP_ERRORS = {400: "bad_message", 404: "not_found", 405: "bad_method"}
"""The error codes of the HTTP errors that routing and body parsing raise themselves."""


def _size(raw: str | bytes) -> int:
    """A message's size in bytes, as it came over the network."""
    return len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)


def _error_body(code: str, message: str | None = None) -> dict[str, Any]:
    error = ServiceError(code, message)
    return {"error": {"code": code, "message": error.message}}


def create_app(settings: Settings | None = None) -> FastAPI:
    """The kibitz server as an ASGI app (run it with uvicorn, or test it with TestClient)."""
    settings = settings or Settings()
    limits = settings.limits

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        database = open_database(settings.database_url)
        if settings.migrate:
            await migrate(database)
        bots = BotRunner(settings.bot_workers, settings.bot_seconds, settings.bot_table_seconds)
        service = MatchService(
            Store(database),
            bots,
            limits,
            redis_url=settings.redis_url,
            redis_prefix=settings.redis_prefix,
            lease_seconds=settings.lease_seconds,
        )
        app.state.service = service
        app.state.hub = Hub(service)
        app.state.ws_per_ip = {}
        logs.event(
            "server.started",
            database=database.engine_url.render_as_string(hide_password=True),
            redis=settings.redis_url is not None,
        )
        if settings.resume:
            await service.resume()
        else:
            await service.events.start()
        try:
            yield
        finally:
            await service.close()
            bots.close()
            await database.dispose()
            logs.event("server.stopped")

    app = FastAPI(
        title="kibitz",
        version=kibitz.__version__,
        summary="Tables, seats and live play of kibitz's card games.",
        description="The lobby's REST API. Live play uses one WebSocket per client at `/ws`; "
        "docs/protocol.md documents its messages. Errors answer "
        '`{"error": {"code": ..., "message": ...}}`.',
        lifespan=lifespan,
        docs_url=None,  # apidocs serves it without a CDN
        redoc_url=None,
    )
    app.add_middleware(HttpGuard, limit=max(limits.max_message_bytes, 16384))
    requests = RateLimiter(limits.requests_per_minute)
    expensives = RateLimiter(limits.expensive_per_minute)
    creations = RateLimiter(limits.tables_per_minute)
    connects = RateLimiter(limits.connects_per_minute, burst=limits.connects_per_minute)

    def service_of(request: Request | WebSocket) -> MatchService:
        service: MatchService = request.app.state.service
        return service

    @app.exception_handler(ServiceError)
    async def on_service_error(_request: Request, error: ServiceError) -> JSONResponse:
        return JSONResponse(_error_body(error.code, error.message), status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def on_invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[:3]
        shown = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in first)
        return JSONResponse(_error_body("bad_message", shown[:300]), status_code=400)

    @app.exception_handler(HTTPException)
    async def on_http_error(_request: Request, error: HTTPException) -> JSONResponse:
        code = _HTTP_ERRORS.get(error.status_code)
        body = _error_body(code) if code else _error_body("bad_message", str(error.detail))
        return JSONResponse(body, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(Exception)
    async def on_bug(request: Request, _error: Exception) -> JSONResponse:
        logs.error("http.error", method=request.method, path=request.url.path)
        return JSONResponse(_error_body("internal"), status_code=500)

    @app.middleware("http")
    async def limit_requests(
        request: Request, call_next: Callable[[Request], Awaitable[Any]]
    ) -> Any:
        path = request.url.path
        if path.startswith("/api/"):
            ip = client_ip(request.scope)
            if not requests.take(ip) or (
                expensive(request.method, path) and not expensives.take(ip)
            ):
                return JSONResponse(_error_body("rate_limited"), status_code=429)
        return await call_next(request)

    responses: dict[int | str, dict[str, Any]] = {
        400: {"model": protocol.ErrorBody},
        404: {"model": protocol.ErrorBody},
        401: {"model": protocol.ErrorBody},
        403: {"model": protocol.ErrorBody},
        409: {"model": protocol.ErrorBody},
        429: {"model": protocol.ErrorBody},
    }

    # ------------------------------------------------------------------ REST

    @app.get("/api/health", tags=["server"])
    async def health(request: Request) -> JSONResponse:
        """The server runs and its database answers, and so does Redis when it is configured
        (`"redis": "ok"`); 503 names what does not answer."""
        service = service_of(request)
        body: dict[str, Any] = {"status": "ok", "database": "ok"}
        try:
            await service.store.ping()
        except Exception:
            logs.error("health.database")
            body["database"] = "unreachable"
        redis = await service.events.health()
        if redis is not None:
            body["redis"] = redis
        if "unreachable" in body.values():
            body["status"] = "error"
            return JSONResponse(body, 503)
        return JSONResponse({**body, "version": kibitz.__version__})

    @app.get("/api/games", tags=["lobby"])
    async def games() -> list[dict[str, Any]]:
        """Every game as its spec declares it, in the order lists show them: players, how
        seats act, teams, rule options (default, documentation, choices), bot names (weakest
        first) and the level new bot seats get (`default_bot`), and the browser modules of
        it (`board`, `cards`, `strings`; null: the generic part)."""
        return [
            {
                "name": s.name,
                "title": s.title,
                "summary": s.summary,
                "min_players": s.min_players,
                "max_players": s.max_players,
                "default_players": s.default_players,
                "dynamics": s.dynamics,
                "teams": s.teams,
                "lowest_wins": s.lowest_wins,
                "options": [
                    {
                        "name": name,
                        "default": option["default"],
                        "doc": option["description"],
                        "choices": option.get("enum"),
                    }
                    for name, option in s.option_schema()["properties"].items()
                ],
                "bots": available(s.name),
                "default_bot": default_bot(s.name),
                "board": s.hooks.board,
                "cards": s.hooks.cards,
                "strings": s.hooks.strings,
            }
            for s in kibitz.games()
        ]

    @app.get("/api/tables", tags=["lobby"], responses=responses)
    async def list_tables(
        request: Request,
        status: str | None = Query(None, pattern="^(waiting|playing|over|abandoned)$"),
        active: bool = Query(False),
        limit: int = Query(50, ge=1, le=200),
        offset: int = Query(0, ge=0, le=100000),
    ) -> list[dict[str, Any]]:
        """Tables, most recently changed first: waiting for players, playing, over, or
        abandoned (ended unfinished). `active=true`: only live tables, unfinished ones with
        a move or a player connected in the last ten minutes."""
        return await service_of(request).list_tables(status, limit, offset, active=active)

    @app.post("/api/tables", status_code=201, tags=["lobby"], responses=responses)
    async def create_table(request: Request, body: protocol.CreateTable) -> protocol.CreatedOut:
        """Create a table; with `join`, sit down at once and get the seat's token."""
        if not creations.take(client_ip(request.scope)):
            raise ServiceError("rate_limited", "too many new tables; wait a minute")
        service = service_of(request)
        seats = None if body.seats is None else [SeatSpec(s.kind, s.bot) for s in body.seats]
        bots_only = all_bots(seats) and body.join is None
        address = client_ip(request.scope)
        if bots_only:
            await service.bot_tables.admit(address, service.is_over)
        try:
            created = await service.create_table(
                body.game,
                body.players,
                body.options,
                seats,
                clock=body.clock,
                stand_in=body.stand_in,
                patience=body.patience,
                spectator_chat=body.spectator_chat,
            )
        except BaseException:
            if bots_only:
                service.bot_tables.release(address)
            raise
        if bots_only:
            service.bot_tables.add(address, created.table)
        seated = None
        if body.join is not None:
            player = await player_of(request)
            s = await service.join(
                created.table,
                player.nickname if player else body.join.nickname,
                body.join.seat,
                player=player.id if player else None,
            )
            seated = protocol.SeatedOut(
                table=s.table, seat=s.seat, token=s.token, nickname=s.nickname
            )
        return protocol.CreatedOut(
            table=await service.summary(created.table), invites=created.invites, seated=seated
        )

    @app.get("/api/tables/{table_id}", tags=["lobby"], responses=responses)
    async def table(request: Request, table_id: str) -> dict[str, Any]:
        """One table's public summary and its spectator view."""
        service = service_of(request)
        live = await service.table(table_id)
        summary = await service.summary(table_id)
        summary["view"] = live.game.view(None)
        return summary

    @app.post("/api/tables/{table_id}/join", tags=["lobby"], responses=responses)
    async def join(request: Request, table_id: str, body: protocol.JoinBody) -> protocol.SeatedOut:
        """Sit down at an open (or invited) seat; the answer holds the seat's secret token.
        A client that already holds a seat there sends it as `X-Kibitz-Token`."""
        held = request.headers.get("x-kibitz-token")
        player = await player_of(request)
        s = await service_of(request).join(
            table_id,
            player.nickname if player else body.nickname,
            body.seat,
            body.invite,
            token=held,
            player=player.id if player else None,
        )
        return protocol.SeatedOut(table=s.table, seat=s.seat, token=s.token, nickname=s.nickname)

    @app.get("/api/tables/{table_id}/record", tags=["records"], responses=responses)
    async def record(request: Request, table_id: str) -> dict[str, Any]:
        """A finished table's game record (docs/records.md); refused until it is over."""
        return await service_of(request).record(table_id)

    @app.get("/api/tables/{table_id}/chat", tags=["records"], responses=responses)
    async def chat(
        request: Request, table_id: str, limit: int = Query(1000, ge=1, le=1000)
    ) -> list[protocol.ChatMessage]:
        """The table's chat, oldest first."""
        return await service_of(request).chat_lines(table_id, limit)

    # ------------------------------------------------------------------ WebSocket

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        ip = client_ip(ws.scope)
        per_ip: dict[str, int] = ws.app.state.ws_per_ip
        origin = ws.headers.get("origin")
        if origin is not None and not origin_allowed(
            origin, ws.headers.get("host"), settings.allowed_origins
        ):
            logs.event("ws.refused", client=ip, reason="origin")
            await ws.close(code=1008)  # before accepting: the handshake gets HTTP 403
            return
        await ws.accept()
        if per_ip.get(ip, 0) >= limits.max_connections_per_ip or not connects.take(ip):
            await ws.send_text(_error("rate_limited", "too many connections").to_json())
            await ws.close(code=1008)
            return
        per_ip[ip] = per_ip.get(ip, 0) + 1
        service = service_of(ws)
        hub: Hub = ws.app.state.hub
        conn = Connection(ws, ip, limits)
        writer = asyncio.create_task(conn.writer())
        conn.watch_idle(limits.ws_idle_timeout)
        logs.event("ws.open", client=ip)
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                conn.heard = asyncio.get_running_loop().time()
                if conn.closing:
                    continue
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                if _size(raw) > limits.max_message_bytes:
                    conn.send_message(_error("too_large"))
                    continue
                if not conn.messages.take():
                    conn.send_message(_error("rate_limited", request=protocol.request_id(raw)))
                    continue
                try:
                    await _handle(service, hub, conn, protocol.parse(raw))
                except ServiceError as error:
                    request_id = protocol.request_id(raw)
                    conn.send_message(protocol.ErrorMessage.of(error, request_id))
                except Exception:
                    logs.error("ws.error", client=ip)
                    conn.send_message(_error("internal", request=protocol.request_id(raw)))
        except WebSocketDisconnect:
            pass
        finally:
            table_id, seated = conn.table, conn.seat is not None
            conn.stop_watching()
            hub.detach(conn)
            per_ip[ip] -= 1
            if not per_ip[ip]:
                del per_ip[ip]
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            if table_id is not None and seated:
                with contextlib.suppress(ServiceError):
                    await service.notify(table_id)
            logs.event("ws.close", client=ip)
            if ws.client_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await ws.close()

    # ------------------------------------------------------------------ pages

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    pages.install(app)
    apidocs.install(app)
    player_routes.install(app, responses)
    return app


async def _handle(service: MatchService, hub: Hub, conn: Connection, msg: Any) -> None:
    """One valid client message."""
    if isinstance(msg, protocol.Act):
        if conn.table is None:
            raise ServiceError("not_watching")
        if conn.token is None and conn.player is None:
            raise ServiceError("not_seated")
        version = await service.act(
            conn.table, conn.token, msg.move, msg.version, player=conn.player
        )
        conn.send_message(protocol.AckMessage(id=msg.id, version=version))
    elif isinstance(msg, protocol.Hello):
        player = None
        if msg.token is None:
            signed_in = await service.players.identify(conn.cookie)
            if signed_in is None:
                raise ServiceError("not_seated", "hello needs a token, or a signed-in player")
            player = signed_in.id
        seat = await service.seat_of(msg.table, msg.token, player, check=conn.table is None)
        old = conn.table if conn.seat is not None else None
        hub.attach(conn, msg.table)
        hub.bind(conn, seat, msg.token, player)
        if old is not None and old != msg.table:
            await service.notify(old)
        await _welcome(service, conn, msg.id)
        await service.present(msg.table, msg.token, player)
        await service.notify(msg.table)
    elif isinstance(msg, protocol.Watch):
        await service.table(msg.table)
        old = conn.table if conn.seat is not None else None
        hub.attach(conn, msg.table)
        if old is not None:
            await service.notify(old)
        await _welcome(service, conn, msg.id)
        await service.deliver(msg.table, hub.send_state(conn))
    elif isinstance(msg, protocol.Join):
        held = conn.token if conn.table == msg.table else None
        signed_in = await service.players.identify(conn.cookie)
        seated = await service.join(
            msg.table,
            signed_in.nickname if signed_in else msg.nickname,
            msg.seat,
            msg.invite,
            token=held,
            player=signed_in.id if signed_in else None,
        )
        old = conn.table if conn.seat is not None and conn.table != msg.table else None
        hub.attach(conn, msg.table)
        hub.bind(conn, seated.seat, seated.token, None)
        if old is not None:
            await service.notify(old)
        conn.send_message(protocol.JoinedMessage(id=msg.id, **asdict(seated)))
        await _welcome(service, conn, None)
        await service.notify(msg.table)
    elif isinstance(msg, protocol.Chat):
        if conn.table is None:
            raise ServiceError("not_seated", "chat at a table: hello, watch or join first")
        if conn.token is None and conn.player is None:  # a spectator: as a signed-in player
            spectator = await service.players.identify(conn.cookie)
            if spectator is None:
                raise ServiceError("not_signed_in", "a spectator chats as a player: sign in")
            await service.spectator_chat(conn.table, spectator.id, spectator.nickname, msg.text)
            return
        await service.present(conn.table, conn.token, conn.player)
        await service.chat(conn.table, conn.token, msg.text, player=conn.player)
    elif isinstance(msg, protocol.Leave):
        table = conn.seated_table()
        token, player = conn.token, conn.player
        hub.unbind(conn)  # before the change is told: this connection gets `left` instead
        seat = await service.leave(table, token, player=player)
        conn.send_message(protocol.LeftMessage(id=msg.id, table=table, seat=seat))
        await service.deliver(table, hub.send_state(conn))
    elif isinstance(msg, protocol.Rematch):
        table = conn.seated_table("no_rematch", "a rematch needs a seat at a finished table")
        seated = await service.rematch(table, conn.token, player=conn.player)
        conn.send_message(protocol.RematchMessage(id=msg.id, **asdict(seated)))
    elif isinstance(msg, protocol.Ping):
        conn.send_message(protocol.PongMessage(id=msg.id))
    elif isinstance(msg, protocol.Decide):
        table = conn.seated_table(message="only seated players decide")
        seats = await service.decide(table, conn.token, msg.choice, player=conn.player)
        conn.send_message(protocol.DecidedMessage(id=msg.id, choice=msg.choice, seats=seats))
    elif isinstance(msg, protocol.Back):
        version = await service.back(conn.seated_table(), conn.token, player=conn.player)
        conn.send_message(protocol.AckMessage(id=msg.id, version=version))


async def _welcome(service: MatchService, conn: Connection, request: int | str | None) -> None:
    assert conn.table is not None
    conn.send_message(await service.welcome(conn.table, conn.seat, request))
