"""A connection bound to a seat by its token gets that seat's private views only while the
token holds the seat: the moment the seat is left, taken by someone else, given up at a
rematch table or given to a bot, every connection of the token is unbound, told so
(`unseated`) and sees spectator views from then on.

Each test binds two connections to one token (a player with two tabs), so the connection
that did not make the change is checked too (before the fix it kept the seat's views: a
stale tab read the next occupant's hand)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kibitz.server import Limits, Settings, create_app
from kibitz.server.service import MatchService
from kibitz.server.store import SeatRow

from .test_protocol import new_table, until


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        limits=Limits(max_connections_per_ip=8),
        bot_workers=0,
    )
    with TestClient(create_app(settings)) as test_client, ExitStack() as sockets:
        test_client.sockets = sockets  # type: ignore[attr-defined]
        yield test_client


def hello(client: TestClient, table_id: str, token: str) -> Any:
    """A connection bound to the seat of `token` (closed with the test's client)."""
    sockets: ExitStack = client.sockets  # type: ignore[attr-defined]
    ws = sockets.enter_context(client.websocket_connect("/ws"))
    ws.send_json({"type": "hello", "table": table_id, "token": token})
    until(ws, "welcome")
    return ws


def drain(ws: Any) -> list[dict[str, Any]]:
    """Every message queued for `ws` so far (a ping's answer comes after them)."""
    ws.send_json({"type": "ping", "id": "drain"})
    messages = []
    while (message := ws.receive_json())["type"] != "pong":
        messages.append(message)
    return messages


def check_unseated(ws: Any, table_id: str, reason: str) -> None:
    """`ws` was told it lost seat 0 and sees the table as a spectator from then on."""
    messages = drain(ws)
    kinds = [m["type"] for m in messages]
    assert "unseated" in kinds, kinds
    told = messages[kinds.index("unseated")]
    assert told == {"type": "unseated", "table": table_id, "seat": 0, "reason": reason}
    after = [m for m in messages[kinds.index("unseated") :] if m["type"] == "state"]
    assert after and all(m["seat"] is None for m in after)
    for message in drain(ws):
        assert message["type"] != "state" or message["seat"] is None
    ws.send_json({"type": "act", "move": "play 1", "version": 0})
    assert until(ws, "error")["code"] == "not_seated"
    # It chats as any spectator does: as a signed-in player, which this test's client is not.
    ws.send_json({"type": "chat", "text": "still here?"})
    assert until(ws, "error")["code"] == "not_signed_in"


def service_of(client: TestClient) -> MatchService:
    service: MatchService = client.app.state.service  # type: ignore[attr-defined]
    return service


def spectator_view(client: TestClient, table_id: str) -> dict[str, Any]:
    view: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()["view"]
    return view


def seated_table(client: TestClient) -> tuple[str, str]:
    """A playing 2-seat X bere! table: Ann at seat 0 (her token), a bot at seat 1."""
    created = new_table(client, seats=[{"kind": "open"}, {"kind": "bot"}], join={"nickname": "Ann"})
    return created["table"]["id"], created["seated"]["token"]


def test_leave_unbinds_the_other_connections_of_the_token(client: TestClient) -> None:
    table_id, token = seated_table(client)
    tab1, tab2 = hello(client, table_id, token), hello(client, table_id, token)
    tab1.send_json({"type": "leave", "id": 1})
    assert until(tab1, "left")["seat"] == 0
    assert "unseated" not in [m["type"] for m in drain(tab1)]  # `left` said it already
    check_unseated(tab2, table_id, "left")
    victim = client.post(f"/api/tables/{table_id}/join", json={"nickname": "Vic"}).json()
    assert victim["seat"] == 0
    states = [m for m in drain(tab2) if m["type"] == "state"]
    assert states and all(s["seat"] is None for s in states)
    assert states[-1]["view"] == spectator_view(client, table_id)


def replace_seat(client: TestClient, table_id: str, new: SeatRow, *, read_back: bool) -> None:
    """Store `new` for seat 0 in one change, as another process would. With `read_back`
    this process learns it as the fan-out does (the table read again, its connections
    told); else as a change of its own (`Seating.changed`)."""
    service = service_of(client)

    async def change() -> None:
        async with service.tables.hold(table_id):
            table = await service.tables.load(table_id)
            old = table.seats[0]
            assert await service.store.update_seat(table_id, 0, {"token_hash": old.token_hash}, new)
            if read_back:
                assert await service.tables.refresh(table)
                service.events.tell(table, None)
            else:
                table.seats[0] = new
                service.seating.changed(table)

    client.portal.call(change)  # type: ignore[union-attr]


def test_a_new_occupant_unbinds_every_connection_of_the_old_token(client: TestClient) -> None:
    """Another process stored the seat's leave and its new occupant: this process learns
    both in one read of the table, and its connections of the old token are unbound."""
    table_id, token = seated_table(client)
    tabs = [hello(client, table_id, token) for _ in range(2)]
    new = SeatRow(0, "player", nickname="Vic", token_hash="0" * 64)
    replace_seat(client, table_id, new, read_back=True)
    for ws in tabs:
        check_unseated(ws, table_id, "taken")


def test_a_seat_given_to_a_bot_unbinds_its_connections(client: TestClient) -> None:
    table_id, token = seated_table(client)
    tabs = [hello(client, table_id, token) for _ in range(2)]
    replace_seat(client, table_id, SeatRow(0, "bot", bot="random"), read_back=False)
    for ws in tabs:
        check_unseated(ws, table_id, "bot")


def test_a_rematch_seat_given_up_unbinds_the_tabs_that_followed(client: TestClient) -> None:
    """A finished table's rematch: the old table's seat stays its player's (no one there
    is unbound); at the rematch, the seat the player gave up unbinds both of their tabs,
    and the next player there is not seen by them."""
    created = new_table(
        client,
        options={"hand_size": 3},
        seats=[{"kind": "open"}, {"kind": "bot", "bot": "random"}],
        join={"nickname": "Ann"},
    )
    table_id, token = created["table"]["id"], created["seated"]["token"]
    tab1, tab2 = hello(client, table_id, token), hello(client, table_id, token)
    state = until(tab1, "state")
    while state["status"] != "over":
        if 0 in state["view"]["to_act"]:
            move = state["view"]["legal"][0]
            tab1.send_json({"type": "act", "move": move, "version": state["version"]})
        state = until(tab1, "state")
    tab1.send_json({"type": "rematch"})
    rematch = until(tab1, "rematch")
    kinds = [m["type"] for m in drain(tab2)]
    assert "unseated" not in kinds  # the finished table's seat is still this token's
    new_id, new_token = rematch["table"], rematch["token"]
    for ws in (tab1, tab2):
        ws.send_json({"type": "hello", "table": new_id, "token": new_token})
        assert until(ws, "welcome")["seat"] == 0
    tab1.send_json({"type": "leave"})
    until(tab1, "left")
    check_unseated(tab2, new_id, "left")
    assert client.post(f"/api/tables/{new_id}/join", json={"nickname": "Vic"}).json()["seat"] == 0
    states = [m for m in drain(tab2) if m["type"] == "state"]
    assert states and states[-1]["seat"] is None
    assert states[-1]["view"] == spectator_view(client, new_id)


def test_a_stale_connection_marks_no_new_occupant_back(client: TestClient) -> None:
    """Presence comes only from the seat's current holder: the old token's tab, refused
    when it writes, does not bring the new occupant back from away (which would stop their
    stand-in and start their clock again)."""
    created = new_table(
        client, seats=[{"kind": "open"}, {"kind": "bot"}], clock=1, join={"nickname": "Ann"}
    )
    table_id, token = created["table"]["id"], created["seated"]["token"]
    tab1, stale = hello(client, table_id, token), hello(client, table_id, token)
    tab1.send_json({"type": "leave"})
    until(tab1, "left")
    assert client.post(f"/api/tables/{table_id}/join", json={"nickname": "Vic"}).status_code == 200
    table = service_of(client).tables.get(table_id)
    assert table is not None
    deadline = time.monotonic() + 20
    while not table.seats[0].away:  # Vic lets her clock run out
        assert time.monotonic() < deadline, "the clock did not run out"
        time.sleep(0.05)
    for text in ("I am back", "really"):
        stale.send_json({"type": "chat", "text": text})
        assert until(stale, "error")["code"] == "not_signed_in"  # a spectator's chat
    drain(stale)
    assert table.seats[0].away and table.seats[0].nickname == "Vic"
    # Before its process hears of the change, a stale tab still holds the old token: the
    # service itself asks whether the token holds the seat now.
    service = service_of(client)
    client.portal.call(service.present, table_id, token)  # type: ignore[union-attr]
    assert table.seats[0].away
