"""The kibitz game server (optional extra `server`): tables, seats and live play over
WebSocket, persisted in SQLite or PostgreSQL.

    from kibitz.server import create_app, Settings
    app = create_app(Settings(database_url="sqlite:///kibitz.sqlite3"))

`kibitz serve` runs it with uvicorn. Nothing outside this package imports it.
"""

from kibitz.server.app import create_app
from kibitz.server.config import Limits, Settings

__all__ = ["Limits", "Settings", "create_app"]
