"""Plain text from clients (nicknames, chat lines): what the server keeps of it."""

from __future__ import annotations

import unicodedata
from typing import Any

from kibitz.server.errors import ServiceError


def clean_text(text: Any, limit: int, code: str) -> str:
    """Plain text: control and format characters removed, white space collapsed, 1 to
    `limit` characters; else `ServiceError(code)`."""
    if not isinstance(text, str):
        raise ServiceError(code)
    plain = unicodedata.normalize("NFC", text)
    plain = "".join(ch for ch in plain if not unicodedata.category(ch).startswith("C"))
    plain = " ".join(plain.split())
    if not 1 <= len(plain) <= limit:
        raise ServiceError(code)
    return plain
