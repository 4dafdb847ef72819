"""How `kibitz serve` listens: uvicorn, with the connection limits that the ASGI app cannot
set itself because it only sees complete requests.

- A client must send a whole HTTP request (a WebSocket handshake too) within
  `Limits.request_timeout` of its first byte, or of connecting: a silent or trickling
  connection is answered 408 and closed. Between requests a connection stays open
  `Limits.keep_alive` seconds.
- One address may hold `Limits.http_connections_per_ip` HTTP connections that are not
  WebSockets (those have their own limit in the app); more are answered 429 and closed. A
  trusted proxy's connections are not counted: it forwards many clients.
- A client that reads nothing is closed once a message or answer has waited
  `Limits.send_timeout` seconds for room in its network buffers: a WebSocket with close code
  1008 and reason `too_slow`, a plain HTTP answer at once.
- `X-Forwarded-For` and `X-Forwarded-Proto` are believed only from `Settings.forwarded_allow_ips`
  (none by default).

`config(app, settings, host, port)` is the uvicorn configuration with these protocols.
"""

from __future__ import annotations

import asyncio
import ipaddress
from typing import Any

import orjson
import uvicorn
from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from kibitz.server import logs
from kibitz.server.config import Limits, Settings
from kibitz.server.errors import ERRORS


def _refusal(status: int, reason: str, code: str) -> bytes:
    """A complete HTTP answer in the documented error shape, closing the connection."""
    body = orjson.dumps({"error": {"code": code, "message": ERRORS[code][1]}})
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


TOO_MANY = _refusal(429, "Too Many Requests", "rate_limited")
TOO_SLOW = _refusal(408, "Request Timeout", "too_slow")


class Proxies:
    """The addresses whose forwarding headers are believed (`*`: any)."""

    def __init__(self, allowed: tuple[str, ...]) -> None:
        self.any = "*" in allowed
        self.networks = [ipaddress.ip_network(a, strict=False) for a in allowed if a != "*"]

    def trusted(self, address: str | None) -> bool:
        if self.any:
            return True
        try:
            ip = ipaddress.ip_address(address or "")
        except ValueError:
            return False
        return any(ip in network for network in self.networks)


class OpenConnections:
    """Plain HTTP connections open per client address, up to a cap."""

    def __init__(self, cap: int, proxies: Proxies) -> None:
        self.cap = cap
        self.proxies = proxies
        self.count: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        """Count one more connection from `address`; False (not counted) over the cap."""
        if self.proxies.trusted(address):
            return True
        held = self.count.get(address, 0)
        if held >= self.cap:
            return False
        self.count[address] = held + 1
        return True

    def leave(self, address: str) -> None:
        held = self.count.get(address, 0) - 1
        if held > 0:
            self.count[address] = held
        else:
            self.count.pop(address, None)


class _TimedFlow(FlowControl):
    """uvicorn's write flow control, but a client that reads nothing for `timeout` seconds
    is cut off (the answer's task then sees a disconnected client)."""

    def __init__(self, transport: asyncio.Transport, timeout: float) -> None:
        super().__init__(transport)
        self.timeout = timeout

    async def drain(self) -> None:
        try:
            await asyncio.wait_for(self._is_writable_event.wait(), self.timeout)
        except TimeoutError:
            logs.event("http.too_slow")
            self._transport.abort()


def protocols(
    limits: Limits, proxies: Proxies
) -> tuple[type[HttpToolsProtocol], type[WebSocketsSansIOProtocol]]:
    """uvicorn's HTTP and WebSocket protocol classes with these limits."""
    open_connections = OpenConnections(limits.http_connections_per_ip, proxies)

    class GuardedHttp(HttpToolsProtocol):
        """HTTP with a deadline for each request, a cap per address and a send timeout."""

        _deadline: asyncio.TimerHandle | None = None
        _counted: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.flow = _TimedFlow(transport, limits.send_timeout)
            address = self.client[0] if self.client else ""
            if not open_connections.enter(address):
                logs.event("http.refused", client=address, reason="connections")
                transport.write(TOO_MANY)
                transport.close()
                return
            self._counted = address
            self._start_deadline()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_deadline()
            self._uncount()
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self._deadline is None:
                self._start_deadline()

        def on_message_complete(self) -> None:
            self._stop_deadline()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._stop_deadline()
            self._uncount()  # a WebSocket counts in the app's own limit
            super().handle_websocket_upgrade()

        def _start_deadline(self) -> None:
            self._deadline = self.loop.call_later(limits.request_timeout, self._too_slow)

        def _stop_deadline(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _uncount(self) -> None:
            if self._counted is not None:
                open_connections.leave(self._counted)
                self._counted = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing():
                return
            logs.event("http.timeout", client=self.client[0] if self.client else None)
            if self.cycle is None or self.cycle.response_complete:
                self.transport.write(TOO_SLOW)
            self.transport.close()

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        """A WebSocket whose client must read its messages: one that leaves a message
        waiting `send_timeout` seconds is closed with `too_slow`.

        The text messages sent to one client in one turn of the event loop (a move's `ack`
        and its `state`) leave in one write to the socket, not one each: a write is a
        system call, and on a busy server a good part of the CPU a message costs."""

        _flush_soon = False

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            if scope is not None:  # a handshake that is answered with 101
                scope["extensions"][PUSH] = self.push

        def push(self, text: str) -> bool:
            """Send a text message now, without a task switch, if the socket takes it: True
            once it is on its way; False when it must go through the ASGI `send` (handshake
            not done, the client not reading, the connection closing)."""
            if (
                not self.writable.is_set()
                or not self.handshake_complete
                or self.initial_response is not None
                or self.disconnected
                or self.close_sent
            ):
                return False
            try:
                self.conn.send_text(text.encode())
            except InvalidState:
                return False
            if not self._flush_soon:
                self._flush_soon = True
                self.loop.call_soon(self._flush)
            return True

        async def send(self, message: Any) -> None:
            if self.handshake_complete and not self.writable.is_set():
                try:
                    await asyncio.wait_for(self.writable.wait(), limits.send_timeout)
                except TimeoutError:
                    self._too_slow()
                    raise ClientDisconnected from None
            text = message.get("text") if message["type"] == "websocket.send" else None
            if text is None or not self.push(text):
                await super().send(message)

        def _flush(self) -> None:
            self._flush_soon = False
            output = self.conn.data_to_send()
            if output and not self.transport.is_closing():
                self.transport.write(b"".join(output))

        def _too_slow(self) -> None:
            logs.event("ws.too_slow", client=self.client[0] if self.client else None)
            if not self.close_sent and not self.transport.is_closing():
                self.conn.send_close(1008, "too_slow")
                self.transport.write(b"".join(self.conn.data_to_send()))
                self.close_sent = True
            self.queue.put_nowait({"type": "websocket.disconnect", "code": 1008})
            self.transport.close()  # sends the close frame if the client reads again ...
            self.loop.call_later(1.0, self.transport.abort)  # ... else gives up on it

    return GuardedHttp, GuardedWebSocket


PUSH = "kibitz.push"
"""The ASGI scope extension through which the app sends a WebSocket's text messages at once
(`GuardedWebSocket.push`, present only under `kibitz serve`'s own protocol)."""


def frame_limit(limits: Limits) -> int:
    """The largest WebSocket message the server reads: one over `max_message_bytes` but
    within this gets `too_large`; a larger one ends the connection (code 1009, as RFC 6455
    says), so that no client makes the server hold more than this for it."""
    return max(limits.max_message_bytes * 4, 16384)


def config(app: Any, settings: Settings, host: str, port: int) -> uvicorn.Config:
    """The uvicorn configuration `kibitz serve` runs `app` with."""
    limits = settings.limits
    http, ws = protocols(limits, Proxies(settings.forwarded_allow_ips))
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=http,
        ws=ws,
        log_config=None,
        access_log=False,
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=list(settings.forwarded_allow_ips) or None,
        timeout_keep_alive=limits.keep_alive,  # type: ignore[arg-type]
        timeout_graceful_shutdown=5,
        ws_max_size=frame_limit(limits),
        ws_per_message_deflate=False,  # views are small; compressing them cost latency
        lifespan="on",
    )
