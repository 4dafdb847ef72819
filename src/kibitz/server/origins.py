"""Which web pages may talk to the server with a player's cookies.

A browser sends its player cookie with every WebSocket handshake, whichever site's page opens
the connection, and WebSockets have no CORS: so the handshake's `Origin` must be the
server's own page (its host as the browser asked for it, in `Host`) or one of a configured
list. Clients other than browsers send no `Origin` and hold no one else's cookies.
"""

from __future__ import annotations

from urllib.parse import urlsplit


def origin_allowed(origin: str, host: str | None, allowed: tuple[str, ...] = ()) -> bool:
    """Whether a page of `origin` may connect to the server at `host`."""
    origin = origin.strip().lower().rstrip("/")
    if origin in {o.lower().rstrip("/") for o in allowed}:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.netloc or host is None:
        return False
    return parts.netloc == host.strip().lower()
