"""Server settings: where the database is, and the limits that protect it from hostile input."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


def default_database_path() -> Path:
    """The SQLite file `kibitz serve` uses when no database URL is given."""
    import platformdirs

    return Path(platformdirs.user_data_dir("kibitz", appauthor=False)) / "kibitz.sqlite3"


def default_database_url() -> str:
    path = default_database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def normalize_database_url(url: str) -> str:
    """Accept the usual spellings: `postgres://` and `postgresql://` become URLs for the async
    driver asyncpg; `sqlite+aiosqlite:///path` and a plain file path become `sqlite:///path`
    (the server runs SQLite's own driver in a thread of its own, see `db.SQLiteDatabase`).
    Any other database is refused with a `ValueError` that names the spellings."""
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    scheme, rest = url.split("://", 1)
    if scheme in ("postgres", "postgresql", "postgresql+psycopg2", "postgresql+psycopg"):
        return f"postgresql+asyncpg://{rest}"
    if scheme in ("sqlite+aiosqlite", "sqlite+pysqlite"):
        return f"sqlite://{rest}"
    if scheme not in ("sqlite", "postgresql+asyncpg"):
        raise ValueError(
            f"the server stores its tables in SQLite or PostgreSQL, not {scheme!r}: "
            "give a file path, sqlite:///path or postgresql://user@host/db"
        )
    return url


@dataclass(frozen=True)
class Limits:
    """Limits for one client (one IP address) and for every message. Defaults suit a public
    server; the benchmark raises the connection limits for its 400 loopback clients."""

    max_message_bytes: int = 4096
    """A WebSocket message or REST body larger than this is refused."""
    messages_per_second: float = 10.0
    """Sustained messages per connection (token bucket) ..."""
    message_burst: int = 40
    """... and the burst a connection may send at once."""
    max_connections_per_ip: int = 32
    """Open WebSocket connections from one address."""
    connects_per_minute: int = 120
    """New WebSocket connections from one address per minute."""
    requests_per_minute: int = 600
    """REST requests from one address per minute ..."""
    expensive_per_minute: int = 120
    """... of which these may be to the endpoints whose cost grows with the database or a
    game's length (`ratelimit.expensive`: listing tables, a table's summary, record and
    replay, uploaded replays, leaderboards)."""
    tables_per_minute: int = 20
    """Tables one address may create per minute."""
    bot_tables_per_ip: int = 3
    """Unfinished all-bot tables one address may have (their bots share the workers with
    everyone's; counted by each server process)."""
    players_per_minute: int = 10
    """New players one address may create per minute."""
    signins_per_minute: int = 10
    """Sign-in attempts from one address per minute ..."""
    signins_per_player_per_minute: int = 5
    """... and at one nickname, from anywhere."""
    chat_per_minute: int = 12
    """Chat messages per seat per minute."""
    chat_length: int = 300
    """Longest chat message, in characters."""
    nickname_length: int = 24
    """Longest nickname, in characters."""
    send_queue: int = 512
    """Messages waiting for a slow client before it is disconnected (`too_slow`) ..."""
    send_timeout: float = 10.0
    """... or seconds a message may wait for a client that reads nothing at all (its network
    buffers full)."""
    ws_idle_timeout: float = 120.0
    """Seconds a WebSocket may send nothing before it is closed (the browser pings every
    25 s)."""
    request_timeout: float = 10.0
    """Seconds a client has to send a whole HTTP request (a WebSocket handshake too), from
    connecting or from the answer to its previous request: silent and trickling
    connections are closed."""
    keep_alive: float = 15.0
    """Seconds an HTTP connection may stay open between requests."""
    http_connections_per_ip: int = 32
    """Open HTTP connections from one address that are not WebSockets (a trusted proxy's
    own connections are not counted: it forwards many clients)."""
    finished_kept: int = 256
    """Finished tables kept in memory (end screens, rematches); older ones are read back
    from the database when asked for, so a long-running server does not grow without end."""
    idle_kept: float = 3600.0
    """Seconds an unfinished table nobody uses (no move, no message, no bot or clock
    running) stays in memory; after that it is read back from the database when asked for."""
    abandon_after: float = 86400.0
    """An unfinished table with no move and no player connected for this long is abandoned
    (`life.py`) ..."""
    sweep_every: float = 120.0
    """... as each process checks every this many seconds, after noting the tables where
    its players are connected."""
    active_within: float = 600.0
    """The lobby's live tables (`GET /api/tables?active=true`) had a move or a player
    connected within this many seconds."""


@dataclass(frozen=True)
class Settings:
    database_url: str = field(default_factory=default_database_url)
    limits: Limits = field(default_factory=Limits)
    bot_workers: int = 1
    """Bot searches run in this many worker processes (0: in threads of this process)."""
    bot_seconds: float = 2.0
    """The thinking budget a bot gets for one move."""
    bot_table_seconds: float = 0.5
    """The most a bot thinks for a move at an all-bot table (whose moves wait behind every
    table where a person plays)."""
    migrate: bool = True
    """Run the Alembic migrations at start."""
    resume: bool = True
    """Resume unfinished tables (bots, turn clocks) at start."""
    allowed_origins: tuple[str, ...] = ()
    """Pages of these origins (`https://example.org`) may open WebSockets besides the
    server's own (the `Host` the browser asked for)."""
    forwarded_allow_ips: tuple[str, ...] = ()
    """Proxies (addresses or networks such as `10.0.0.0/8`, or `*`) whose `X-Forwarded-For`
    and `X-Forwarded-Proto` are believed; every limit per address then counts the client
    they name. None by default: a client cannot claim to be another address."""
    redis_url: str | None = None
    """A Redis server (`redis://host:6379/0`) shared by several server processes on one
    PostgreSQL database: table events fan out through it and the processes share the
    tables' bots and clocks by leases (docs/deploy.md). None: this process is the only one."""
    redis_prefix: str = "kibitz:"
    """Names of this site's Redis channel and keys begin with it (sites sharing a Redis)."""
    lease_seconds: float = 4.0
    """How long a process's lease on a table's bots and clock lasts unless renewed: after a
    process dies, another takes its tables over within about 1.25 times this."""

    def __post_init__(self) -> None:
        if self.redis_url is None:
            return
        scheme = self.redis_url.split("://", 1)[0]
        if "://" not in self.redis_url or scheme not in ("redis", "rediss", "unix"):
            raise ValueError(
                f"the Redis URL must be redis://host:port/db, rediss:// or unix://, "
                f"not {self.redis_url!r}"
            )
        if self.database_url.startswith("sqlite"):
            raise ValueError(
                "Redis is for several server processes, and they must share a PostgreSQL "
                "database: a SQLite file belongs to one process. Give --database-url "
                "postgresql://..., or leave out --redis-url to run one process on SQLite"
            )
        if not self.lease_seconds >= 1:
            raise ValueError("leases last at least a second")
