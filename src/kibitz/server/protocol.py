"""The messages clients send, as strict schemas (pydantic), and the REST request bodies.

Unknown fields, wrong types and oversized values are refused with `bad_message` before the
service sees anything. docs/protocol.md documents every message.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

from kibitz.server.errors import ServiceError

TableId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
Token = Annotated[str, Field(min_length=1, max_length=64)]
RequestId = StrictInt | Annotated[str, Field(max_length=64)]
Nickname = Annotated[str, Field(min_length=1, max_length=100)]
Seat = Annotated[StrictInt, Field(ge=0, le=63)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    id: RequestId | None = None
    """Any number or short text; the server's answer (`ack`, `error`, ...) carries it back."""


class Hello(_Message):
    """Take (or take back) one's seat with its token."""

    type: Literal["hello"]
    table: TableId
    token: Token


class Watch(_Message):
    """Watch a table as a spectator."""

    type: Literal["watch"]
    table: TableId


class Join(_Message):
    """Sit down at an open seat (or an invited one, with its code)."""

    type: Literal["join"]
    table: TableId
    nickname: Nickname
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


ClientMessage = Annotated[
    Hello | Watch | Join | Act | Chat | Leave | Rematch | Ping, Field(discriminator="type")
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def parse(text: str | bytes) -> Hello | Watch | Join | Act | Chat | Leave | Rematch | Ping:
    """One client message from its JSON text; `ServiceError("bad_message")` when invalid."""
    try:
        message: Hello | Watch | Join | Act | Chat | Leave | Rematch | Ping
        message = _ADAPTER.validate_json(text)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[:3]
        shown = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}" for e in first
        )
        raise ServiceError("bad_message", shown[:300]) from None
    return message


def request_id(text: str | bytes) -> int | str | None:
    """The `id` of a message that failed validation, if one can be read, for the error."""
    import json

    try:
        data = json.loads(text)
    except ValueError:
        return None
    value = data.get("id") if isinstance(data, dict) else None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and len(value) <= 64:
        return value
    return None


# --------------------------------------------------------------------- REST bodies


class SeatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["open", "invited", "bot"] = "open"
    bot: Annotated[str, Field(max_length=64)] | None = Field(
        None, description="The bot's name or level for a bot seat (see GET /api/games)."
    )


class SitBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    nickname: Nickname
    seat: Seat | None = None


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
    join: SitBody | None = Field(
        None, description="Sit down at once (the answer then holds the seat's token)."
    )


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    nickname: Nickname
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
