"""Connection hygiene of the server as `kibitz serve` runs it (uvicorn with `listener`'s
protocols), with short timeouts: silent, trickling, non-reading and idle clients are closed;
one address cannot hold every socket; forwarded addresses are believed only from trusted
proxies."""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import json
import os
import socket
import subprocess
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi.responses import StreamingResponse
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from kibitz.server import Limits, Settings, create_app
from kibitz.server.listener import Proxies

from .processes import KIBITZ
from .support import LiveServer, live_server


def settings_for(tmp_path: Path, **limits: float) -> Settings:
    return Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        limits=dataclasses.replace(Limits(), **limits),  # type: ignore[arg-type]
        bot_workers=0,
    )


def raw_connection(live: LiveServer, receive_buffer: int | None = None) -> socket.socket:
    sock = socket.socket()
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.connect(("127.0.0.1", live.port))
    sock.settimeout(10)
    return sock


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def test_silent_and_trickling_clients_are_closed(tmp_path: Path) -> None:
    with live_server(settings_for(tmp_path, request_timeout=0.5)) as live:
        started = time.monotonic()
        silent = raw_connection(live)
        answer = read_all(silent)
        assert answer.startswith(b"HTTP/1.1 408 ") and b'"too_slow"' in answer
        assert 0.4 < time.monotonic() - started < 8  # 0.5 s, with room for a loaded machine
        trickling = raw_connection(live)
        trickling.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        with pytest.raises(OSError):
            for _ in range(150):  # a header line every 0.1 s never finishes the request
                time.sleep(0.1)
                trickling.sendall(b"X-Slow: 1\r\n")
        assert time.monotonic() - started < 8
        # A whole request in time is answered, and the connection then stays open between
        # requests (keep-alive) as usual.
        with httpx.Client(base_url=live.url) as client:
            assert client.get("/api/health").status_code == 200
            time.sleep(0.8)
            assert client.get("/api/health").status_code == 200


def test_one_address_holds_a_bounded_number_of_http_connections(tmp_path: Path) -> None:
    with live_server(settings_for(tmp_path, http_connections_per_ip=3)) as live:
        held = [raw_connection(live) for _ in range(3)]
        for _ in range(2):
            answer = read_all(raw_connection(live))
            assert answer.startswith(b"HTTP/1.1 429 ") and b'"rate_limited"' in answer
        held.pop().close()
        time.sleep(0.2)
        # A WebSocket counts while it is an HTTP request, not once it is open.
        with connect(live.ws_url) as ws:
            held.append(raw_connection(live))
            assert read_all(raw_connection(live)).startswith(b"HTTP/1.1 429 ")
            ws.send(json.dumps({"type": "ping", "id": 1}))
            assert json.loads(ws.recv(timeout=5)) == {"type": "pong", "id": 1}
        for sock in held:
            sock.close()
        time.sleep(0.2)
        assert httpx.get(live.url + "/api/health").status_code == 200


def websocket_frame(text: str) -> bytes:
    """One masked client text frame (RFC 6455), for a client that writes but never reads."""
    data = text.encode()
    mask = os.urandom(4)
    size = bytes([0x80 | len(data)]) if len(data) < 126 else b"\xfe" + len(data).to_bytes(2)
    return b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_websocket_client_that_reads_nothing_is_closed(tmp_path: Path) -> None:
    settings = settings_for(
        tmp_path,
        send_timeout=0.5,
        send_queue=100000,  # the send timeout, not the queue, must close it
        messages_per_second=1e6,
        message_burst=1000000,
        max_connections_per_ip=1,
    )
    with live_server(settings) as live:
        created = httpx.post(live.url + "/api/tables", json={"game": "goxeso"}).json()
        watch = websocket_frame(json.dumps({"type": "watch", "table": created["table"]["id"]}))
        sock = raw_connection(live, receive_buffer=4096)
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        assert sock.recv(12) == b"HTTP/1.1 101"
        sock.settimeout(1)
        started = time.monotonic()
        per_ip = live.app.state.ws_per_ip
        with contextlib.suppress(OSError):  # the server may close it while it writes
            while per_ip and time.monotonic() - started < 10:  # each watch: a view to read
                sock.sendall(watch)
        deadline = time.monotonic() + 15  # 0.5 s, with room for a loaded machine
        while per_ip and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not per_ip, "the connection still holds its slot"
        # Its slot is free again: the address may connect once more.
        with connect(live.ws_url) as ws:
            ws.send(json.dumps({"type": "ping", "id": 2}))
            assert json.loads(ws.recv(timeout=5))["type"] == "pong"


def test_an_http_client_that_reads_nothing_is_cut_off(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, send_timeout=0.5)
    app = create_app(settings)
    size = 64 * 1024 * 1024  # more than every buffer between the server and the client

    @app.get("/big")
    async def big() -> StreamingResponse:
        async def chunks() -> AsyncIterator[bytes]:
            for _ in range(size // 65536):
                yield b"x" * 65536

        return StreamingResponse(chunks(), headers={"content-length": str(size)})

    with live_server(settings, app) as live:
        sock = raw_connection(live, receive_buffer=4096)
        sock.sendall(b"GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
        time.sleep(2)  # the answer waits for room more than 0.5 s: the server gives up
        received = read_all(sock)
        assert received.startswith(b"HTTP/1.1 200 ") and len(received) < size


def test_a_silent_websocket_is_closed_and_a_pinging_one_stays(tmp_path: Path) -> None:
    with live_server(settings_for(tmp_path, ws_idle_timeout=1.5)) as live:
        with connect(live.ws_url) as silent, pytest.raises(ConnectionClosed) as closed:
            silent.recv(timeout=20)
        assert closed.value.rcvd is not None
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1008, "idle")
        with connect(live.ws_url) as pinging:
            for number in range(8):
                time.sleep(0.25)
                pinging.send(json.dumps({"type": "ping", "id": number}))
                assert json.loads(pinging.recv(timeout=20))["id"] == number


def forged_websockets(live: LiveServer, count: int) -> list[str]:
    """What each of `count` WebSockets claiming other addresses gets for a ping (the error
    code when it is refused)."""
    answers = []
    sockets = []
    for number in range(count):
        ws = connect(live.ws_url, additional_headers={"X-Forwarded-For": f"203.0.113.{number}"})
        sockets.append(ws)
        with contextlib.suppress(ConnectionClosed):  # refused at once: its error waits
            ws.send(json.dumps({"type": "ping"}))
        answers.append(json.loads(ws.recv(timeout=5)).get("code", "pong"))
    for ws in sockets:
        ws.close()
    return answers


def forged_tables(live: LiveServer, count: int) -> list[int]:
    return [
        httpx.post(
            live.url + "/api/tables",
            json={"game": "xbere", "players": 2},
            headers={"X-Forwarded-For": f"203.0.113.{number}"},
        ).status_code
        for number in range(count)
    ]


def test_forwarded_addresses_are_believed_only_from_trusted_proxies(tmp_path: Path) -> None:
    limits = {"max_connections_per_ip": 2, "tables_per_minute": 1}
    with live_server(settings_for(tmp_path, **limits)) as live:
        assert forged_websockets(live, 3) == ["pong", "pong", "rate_limited"]
        assert forged_tables(live, 2) == [201, 429]
    trusted = dataclasses.replace(
        settings_for(tmp_path, **limits), forwarded_allow_ips=("127.0.0.0/8",)
    )
    with live_server(trusted) as live:
        assert forged_websockets(live, 3) == ["pong", "pong", "pong"]
        assert forged_tables(live, 2) == [201, 201]


def test_a_bad_proxy_address_is_refused_with_a_clear_error() -> None:
    done = subprocess.run(
        [KIBITZ, "serve", "--forwarded-allow-ips", "10.0.0.1, not-an-address"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--forwarded-allow-ips" in done.stderr
    assert "not-an-address" in done.stderr and "Traceback" not in done.stderr
    assert Proxies(("10.0.0.0/8", "::1")).trusted("10.1.2.3")
    assert not Proxies(("10.0.0.0/8", "::1")).trusted("11.0.0.1")
    assert Proxies(("*",)).trusted("203.0.113.9") and not Proxies(()).trusted("127.0.0.1")


def test_the_messages_of_one_turn_leave_in_one_write() -> None:
    """A move's `ack` and `state` to one client go out in one write to the socket (one
    system call), in the order they were sent; a message sent in a later turn of the event
    loop gets a write of its own."""
    import asyncio

    from websockets.protocol import State
    from websockets.server import ServerProtocol

    from kibitz.server.listener import protocols

    class Transport:
        def __init__(self) -> None:
            self.writes: list[bytes] = []

        def write(self, data: bytes) -> None:
            self.writes.append(data)

        def is_closing(self) -> bool:
            return False

    async def main() -> None:
        _, websocket = protocols(Limits(), Proxies(()))
        ws = object.__new__(websocket)  # only what sending reads, without a handshake
        ws.conn = ServerProtocol()
        ws.conn.state = State.OPEN
        ws.transport = Transport()
        ws.loop = asyncio.get_running_loop()
        ws.writable = asyncio.Event()
        ws.writable.set()
        ws.handshake_complete, ws.initial_response = True, None
        ws.disconnected = ws.close_sent = False
        await ws.send({"type": "websocket.send", "text": '{"type":"ack"}'})
        await ws.send({"type": "websocket.send", "text": '{"type":"state"}'})
        assert ws.transport.writes == []
        await asyncio.sleep(0)
        await ws.send({"type": "websocket.send", "text": "later"})
        await asyncio.sleep(0)
        first, second = ws.transport.writes
        assert first == b'\x81\x0e{"type":"ack"}\x81\x10{"type":"state"}'
        assert second == b"\x81\x05later"

    asyncio.run(main())
