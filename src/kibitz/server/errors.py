"""Every error the server answers with: a stable code, its HTTP status, and what it means.

The same codes appear in WebSocket `error` messages and REST error bodies, and
`docs/protocol.md` lists them. Messages never contain hidden information.
"""

from __future__ import annotations

ERRORS: dict[str, tuple[int, str]] = {
    "bad_message": (400, "The message is not valid JSON, or does not match its schema."),
    "too_large": (413, "The message or request body is larger than the server accepts."),
    "rate_limited": (429, "Too many messages, requests, connections or chat lines; slow down."),
    "too_many_bot_tables": (
        429,
        "This address has as many unfinished all-bot tables as it may; wait until one is over.",
    ),
    "no_such_table": (404, "No table has this id."),
    "table_over": (409, "The table's game is over; nothing can be played there any more."),
    "not_seated": (403, "This connection holds no seat at this table (no or a wrong token)."),
    "not_started": (409, "The table still waits for players; nobody may act yet."),
    "not_your_turn": (409, "The seat may not act now."),
    "bad_notation": (400, "The move text does not parse."),
    "illegal_move": (409, "The move is well-formed but not legal now."),
    "stale_version": (409, "The client's state version is not the current one: re-read the state."),
    "unknown_game": (400, "No game has this name."),
    "bad_options": (400, "Rule options, player count or seats that this game cannot use."),
    "unknown_bot": (400, "No bot of this name plays this game."),
    "bad_nickname": (400, "A nickname must be 1 to 24 printable characters."),
    "bad_text": (400, "A chat line must be 1 to 300 printable characters."),
    "table_full": (409, "The table has no open seat (or not the one asked for)."),
    "seat_taken": (409, "That seat is not open."),
    "bad_invite": (403, "The seat is kept for an invited player, and the invite code is wrong."),
    "already_seated": (409, "This client already holds a seat at this table."),
    "not_over": (409, "The table's game is not over: its record is not public yet."),
    "bad_record": (400, "The game record cannot be read or replayed (docs/records.md)."),
    "no_rematch": (409, "A rematch needs a finished table and a seat at it."),
    "not_overdue": (
        409,
        "No other seat has been silent longer than the table's patience: nothing to decide.",
    ),
    "no_spectator_chat": (403, "Spectators may not chat at this table; players may."),
    "not_watching": (409, "The connection has not said which table it is at (hello/watch/join)."),
    "too_slow": (
        409,
        "The connection did not read its messages fast enough and is being closed.",
    ),
    "not_signed_in": (401, "This request needs a player: create one or sign in."),
    "signed_in": (409, "This browser is signed in as a player already; sign out first."),
    "bad_password": (400, "A password must be 8 to 128 characters."),
    "bad_signin": (403, "No claimed player has this nickname and password."),
    "nickname_taken": (409, "A claimed player has this nickname already; choose another."),
    "no_such_player": (404, "No player has this id."),
    "bad_origin": (403, "The request comes from a page of another site."),
    "not_found": (404, "No page or API path has this address."),
    "bad_method": (405, "This path does not take this HTTP method."),
    "internal": (500, "Something went wrong on the server; the move was not applied."),
}


class ServiceError(Exception):
    """A refusal by the server: nothing changed. `code` is one of `ERRORS`."""

    def __init__(self, code: str, message: str | None = None) -> None:
        assert code in ERRORS, code
        super().__init__(message or ERRORS[code][1])
        self.code = code
        self.message = message or ERRORS[code][1]

    @property
    def status(self) -> int:
        return ERRORS[self.code][0]
