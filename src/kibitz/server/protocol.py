"""Every message of the protocol as a typed model (pydantic): what clients send (strict
schemas: unknown fields, wrong types and oversized values are refused with `bad_message`
before the service sees anything), what the server sends back, and the REST bodies.

docs/protocol.md documents every message. The server builds its outgoing messages only from
these models (`render.py` makes the table's ones), so a field cannot appear by accident.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

from kibitz.server.errors import ServiceError

TableId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
Token = Annotated[str, Field(min_length=1, max_length=64)]
MAX_ID = 2**53 - 1
"""The largest number a request `id` may be: what a JavaScript number holds exactly (and far
below the 64 bits past which the server could not write it back)."""
RequestId = (
    Annotated[StrictInt, Field(ge=-MAX_ID, le=MAX_ID)] | Annotated[str, Field(max_length=64)]
)
Nickname = Annotated[str, Field(min_length=1, max_length=100)]
Seat = Annotated[StrictInt, Field(ge=0, le=63)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    id: RequestId | None = None
    """A whole number (at most `MAX_ID` in size) or text up to 64 characters; the server's
    answer (`ack`, `error`, ...) carries it back."""


class Hello(_Message):
    """Take (or take back) one's seat with its token."""

    type: Literal["hello"]
    table: TableId
    token: Token | None = None
    """Without a token: the seat the connection's signed-in player holds."""


class Watch(_Message):
    """Watch a table as a spectator."""

    type: Literal["watch"]
    table: TableId


class Join(_Message):
    """Sit down at an open seat (or an invited one, with its code)."""

    type: Literal["join"]
    table: TableId
    nickname: Nickname | None = None
    """Ignored for a signed-in player, who sits down under their own nickname."""
    seat: Seat | None = None
    invite: Token | None = None


class Act(_Message):
    """Make a move: its notation and the state version it was chosen at."""

    type: Literal["act"]
    move: Annotated[str, Field(min_length=1, max_length=64)]
    version: Annotated[StrictInt, Field(ge=0)]


class Chat(_Message):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=1000)]


class Leave(_Message):
    type: Literal["leave"]


class Rematch(_Message):
    type: Literal["rematch"]


class Ping(_Message):
    type: Literal["ping"]


Choice = Literal["wait", "stand_in", "end"]


class Decide(_Message):
    """What happens to the seats the table's patience has run out with (`life.py`): wait for
    them again, let a stand-in bot play them until their players return, or end the table."""

    type: Literal["decide"]
    choice: Choice


class Back(_Message):
    """An away player takes their seat back from the stand-in bot."""

    type: Literal["back"]


Incoming = Hello | Watch | Join | Act | Chat | Leave | Rematch | Ping | Decide | Back
ClientMessage = Annotated[Incoming, Field(discriminator="type")]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def parse(text: str | bytes) -> Incoming:
    """One client message from its JSON text; `ServiceError("bad_message")` when invalid."""
    try:
        message: Incoming
        message = _ADAPTER.validate_json(text)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[:3]
        shown = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}" for e in first
        )
        raise ServiceError("bad_message", shown[:300]) from None
    return message


_ID_ADAPTER: TypeAdapter[int | str] = TypeAdapter(RequestId)


def request_id(text: str | bytes) -> int | str | None:
    """The `id` of a message that failed validation, for the error: only a valid one (any
    text may come here: invalid UTF-8, deep nesting, numbers of any size)."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(data, dict) or "id" not in data:
        return None
    try:
        return _ID_ADAPTER.validate_python(data["id"], strict=True)
    except ValidationError:
        return None


# --------------------------------------------------------------------- server -> client


class _Sent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def to_json(self) -> str:
        """The message as compact JSON text, as it goes on the wire (the fields in their
        order; orjson, since every move sends each seat its whole view)."""
        return orjson.dumps(self, default=vars, option=orjson.OPT_NON_STR_KEYS).decode()


class SeatInfo(BaseModel):
    """A seat as every connection at the table sees it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    seat: int
    kind: Literal["open", "invited", "bot", "player"]
    nickname: str | None
    bot: str | None
    player: str | None
    """The id of the signed-in player whose seat it is (GET /api/players/{id})."""
    away: bool
    connected: bool


class ClockInfo(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    seconds: float
    remaining: dict[str, float]
    """Seconds left for each player who must act now (by seat number as text)."""


class LogPart(BaseModel):
    """Game log entries (`kibitz.core.gamelog`; each game's log module lists its kinds)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    since: int
    """Where `entries` start in the table's log: a client keeps its first `since` entries
    and puts these after them."""
    entries: list[dict[str, Any]]


class PatienceInfo(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    seconds: float
    remaining: dict[str, float]
    """Seconds left of the table's patience with each seat it waits on (by seat number as
    text); 0: it has run out, and the other players may `decide`."""


class StateMessage(_Sent):
    """The table as one connection may see it: public facts and its seat's view."""

    type: Literal["state"] = "state"
    table: str
    game: str
    version: int
    status: Literal["waiting", "playing", "over", "abandoned"]
    seat: int | None
    seats: list[SeatInfo]
    clock: ClockInfo | None
    rematch: str | None
    view: dict[str, Any]
    log: LogPart
    """The game log entries of the last move (welcome has the whole log)."""
    patience: PatienceInfo | None = None
    """None on a table without patience, with a turn clock, or not playing."""


class ChatMessage(_Sent):
    type: Literal["chat"] = "chat"
    table: str
    seat: int | None
    """The speaker's seat; null for a spectator."""
    nickname: str
    text: str
    at: float


class WelcomeMessage(_Sent):
    type: Literal["welcome"] = "welcome"
    id: RequestId | None
    table: str
    seat: int | None
    chat: list[ChatMessage]
    spectator_chat: bool
    """Spectators may chat at this table."""
    log: list[dict[str, Any]]
    """The table's whole game log so far."""


class _SeatGiven(_Sent):
    """A seat and its token, sent only to the connection that asked for it."""

    type: str
    id: RequestId | None
    table: str
    seat: int
    token: str
    nickname: str


class JoinedMessage(_SeatGiven):
    """After `join`: the only message besides `rematch` that holds a token."""

    type: Literal["joined"] = "joined"


class RematchMessage(_SeatGiven):
    """After `rematch`: the seat at the new table."""

    type: Literal["rematch"] = "rematch"


class AckMessage(_Sent):
    type: Literal["ack"] = "ack"
    id: RequestId | None
    version: int


class DecidedMessage(_Sent):
    """After `decide`: the choice made and the seats it was made for (everyone at the table
    gets the new `state`)."""

    type: Literal["decided"] = "decided"
    id: RequestId | None
    choice: Choice
    seats: list[int]


class LeftMessage(_Sent):
    type: Literal["left"] = "left"
    id: RequestId | None
    table: str
    seat: int


class UnseatedMessage(_Sent):
    """The connection's seat is no longer held by its token (or signed-in player): from now
    on it gets spectator views only. `reason`: `left` (the seat was given up: it is open or
    kept for an invited player), `taken` (another player holds it now) or `bot` (a bot plays
    it now). Sent to every connection bound to the seat except the one whose `leave` gave
    it up (that one gets `left`)."""

    type: Literal["unseated"] = "unseated"
    table: str
    seat: int
    reason: Literal["left", "taken", "bot"]


class PongMessage(_Sent):
    type: Literal["pong"] = "pong"
    id: RequestId | None


class ErrorMessage(_Sent):
    """A refused message; nothing changed. `id` only when the request had one."""

    type: Literal["error"] = "error"
    code: str
    message: str
    id: RequestId | None = None

    @classmethod
    def of(cls, error: ServiceError, request: int | str | None = None) -> ErrorMessage:
        return cls(code=error.code, message=error.message, id=request)

    def to_json(self) -> str:
        return orjson.dumps({k: v for k, v in vars(self).items() if v is not None}).decode()


ServerMessage = (
    StateMessage
    | WelcomeMessage
    | JoinedMessage
    | AckMessage
    | ChatMessage
    | LeftMessage
    | UnseatedMessage
    | RematchMessage
    | PongMessage
    | DecidedMessage
    | ErrorMessage
)


# --------------------------------------------------------------------- REST bodies


class SeatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["open", "invited", "bot"] = "open"
    bot: Annotated[str, Field(max_length=64)] | None = Field(
        None, description="The bot's name or level for a bot seat (see GET /api/games)."
    )


class SitBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    nickname: Nickname | None = Field(
        None, description="Needed without a player cookie; a signed-in player's own is used."
    )
    seat: Seat | None = None


DEFAULT_PATIENCE = 180.0
"""Seconds a table waits for a silent player, unless it is created with another patience."""
MIN_PATIENCE = 10.0
MAX_PATIENCE = 86400.0


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, Field(max_length=32, description="A game name from GET /api/games.")]
    players: Annotated[int, Field(ge=1, le=16)] | None = Field(
        None, description="Seat count; defaults to the number of seats given, else the game's."
    )
    options: dict[str, Any] = Field(
        default_factory=dict, description="The game's rule options (GET /api/games)."
    )
    seats: Annotated[list[SeatBody], Field(max_length=16)] | None = Field(
        None, description="One entry per seat; all open when left out."
    )
    clock: Annotated[float, Field(ge=1, le=86400)] | None = Field(
        None,
        description="Seconds a player has for a move; past it a stand-in bot plays for "
        "them until they return. None: no clock.",
    )
    stand_in: Annotated[str, Field(max_length=64)] | None = Field(
        None, description="The bot that stands in for away players (default random)."
    )
    patience: Annotated[float, Field(ge=MIN_PATIENCE, le=MAX_PATIENCE)] | None = Field(
        DEFAULT_PATIENCE,
        description="Seconds the table waits for a player who is silent on their turn; then "
        "the other players may wait again, let a stand-in bot play the seat until its player "
        "returns, or end the table. None: wait for ever. A table with a clock keeps its clock.",
    )
    spectator_chat: bool = Field(
        True, description="Spectators (signed-in players without a seat) may chat."
    )
    join: SitBody | None = Field(
        None, description="Sit down at once (the answer then holds the seat's token)."
    )


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    nickname: Nickname | None = Field(
        None, description="Needed without a player cookie; a signed-in player's own is used."
    )
    seat: Seat | None = None
    invite: Token | None = None


class SeatedOut(BaseModel):
    table: str
    seat: int
    token: str = Field(description="The seat's secret: keep it; send it in `hello`.")
    nickname: str


class CreatedOut(BaseModel):
    table: dict[str, Any]
    invites: dict[int, str] = Field(description="Invite code of each invited seat.")
    seated: SeatedOut | None = None


class ErrorOut(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    error: ErrorOut


# --------------------------------------------------------------------- players (REST)


class NicknameBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    nickname: Nickname


class PasswordBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: Annotated[str, Field(max_length=1000)] = Field(
        description="The new password, 8 to 128 characters."
    )
    current: Annotated[str, Field(max_length=1000)] | None = Field(
        None, description="The password now, when the player has one already."
    )


class SignInBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    nickname: Nickname
    password: Annotated[str, Field(max_length=1000)]


class PlayerOut(BaseModel):
    id: str
    nickname: str
    claimed: bool = Field(description="The player has a password (and may sign in elsewhere).")
