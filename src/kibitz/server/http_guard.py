"""Every plain HTTP request passes here first: its body is read whole up to the limit (a larger
one, announced or chunked, gets 413 before the app sees it), every answer gets the security
headers, and the request is logged as one JSON line.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kibitz.server import logs
from kibitz.server.errors import ServiceError

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The pages load scripts, styles and pictures only from the server itself (no inline script,
no CDN), talk only to it, and may not be framed by another site."""

SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),  # an invite code in a page's address stays here
    (b"x-content-type-options", b"nosniff"),
]


def client_ip(scope: Any) -> str:
    """The client's address (behind a trusted proxy, the one it forwarded)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class HttpGuard:
    """ASGI middleware: body limit, security headers and the request log."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 0

        async def guarded_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = [*message.get("headers", []), *SECURITY_HEADERS]
                message = {**message, "headers": headers}
            await send(message)

        try:
            body = await self._read_body(scope, receive)
            if body is None:
                error = ServiceError("too_large", f"the body is larger than {self.limit} bytes")
                response = JSONResponse(
                    {"error": {"code": error.code, "message": error.message}},
                    status_code=error.status,
                    headers={"connection": "close"},  # the rest of the body is not read
                )
                await response(scope, receive, guarded_send)
            else:
                await self.app(scope, _replay(body, receive), guarded_send)
        except _ClientLeft:
            pass
        finally:
            logs.event(
                "http.request",
                method=scope.get("method"),
                path=scope.get("path"),
                status=status,
                ms=round((time.perf_counter() - started) * 1000, 2),
                client=client_ip(scope),
            )

    async def _read_body(self, scope: Scope, receive: Receive) -> bytes | None:
        """The whole request body, or None when it is over the limit."""
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            return None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                raise _ClientLeft
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


class _ClientLeft(Exception):
    """The client disconnected before its request body was complete."""


def _replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the app the body already read, then the client's own messages
    (a disconnect)."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replayed
