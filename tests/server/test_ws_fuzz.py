"""WebSocket fuzzing: random and mutated messages of every type (huge and odd numbers, deep
nesting, long and strange text, invalid UTF-8, broken JSON, unknown fields) sent over real
connections to the server as `kibitz serve` runs it, with seats, spectators and a game in
progress. The server stays up, answers every message (every invalid one with `error`, never
`internal`), drops no connection, and no stored move changes.

Bounded and seeded: `KIBITZ_FUZZ_MESSAGES` and `KIBITZ_FUZZ_SEED` run it longer or
otherwise (docs/protocol.md reports such a run).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import sqlite3
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from kibitz.server import Limits, Settings, protocol
from kibitz.server.errors import ServiceError
from kibitz.server.listener import frame_limit

from .support import LiveServer, live_server

MESSAGES = int(os.environ.get("KIBITZ_FUZZ_MESSAGES", "1500"))
SEED = int(os.environ.get("KIBITZ_FUZZ_SEED", "18"))
CONNECTIONS = 4
TYPES = ("hello", "watch", "join", "act", "chat", "leave", "rematch", "ping")


@dataclasses.dataclass(frozen=True)
class Raw:
    """JSON text put into a message as it is (what `json.dumps` would never write)."""

    text: str


HOSTILE: list[Any] = [
    0, -1, 2**31, 2**53 - 1, 2**53, 2**63, 2**64, -(2**63) - 1, 10**100, 1.5, -0.0, 1e308,
    True, False, None, "", " ", "x" * 64, "x" * 65, "x" * 1001, "\u202e\u0000\u0007", "\ud800",
    "\U0001f600" * 20, "<script>alert(1)</script>", "../../etc/passwd", "play 1; drop",
    [], {}, [1, [2, [3]]], {"type": "ping"}, Raw("NaN"), Raw("Infinity"), Raw("-Infinity"),
    Raw("1e999"), Raw("9" * 3000), Raw("0x10"), Raw("01"), Raw("'single'"),
]  # fmt: skip


def nested(rng: random.Random) -> Raw:
    depth = rng.choice([20, 200, 1000, 1500])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    return Raw(opener * depth + "1" + closer * depth)


class Fuzzer:
    """Makes messages: a valid one of a type (with the tables' real ids, tokens and moves
    among the choices), then mutated."""

    def __init__(self, rng: random.Random, tables: list[str], tokens: list[str]) -> None:
        self.rng = rng
        self.tables = [*tables, "nope", "x" * 32, "bad id!"]
        self.tokens = [*tokens, "wrong", "x" * 64]
        self.moves = ["play 1", "play 57", "take 0", "pass", "x"]
        self.versions = [0, 1, 2]

    def saw(self, answer: dict[str, Any]) -> None:
        """Learn the legal moves and versions of the states the server sends, so that some
        `act`s are legal ones and games go on."""
        if answer["type"] == "state" and answer["view"].get("legal"):
            self.moves = [*self.moves[-12:], *answer["view"]["legal"][:4]]
            self.versions = [*self.versions[-4:], answer["version"]]

    def valid(self, kind: str) -> dict[str, Any]:
        rng = self.rng
        message: dict[str, Any] = {"type": kind, "id": rng.choice([rng.randrange(10**6), "q"])}
        if kind in ("hello", "watch", "join"):
            message["table"] = rng.choice(self.tables)
        if kind == "hello" and rng.random() < 0.8:
            message["token"] = rng.choice(self.tokens)
        if kind == "join":
            message["nickname"] = rng.choice(["Fuzz", "F" * 24, "Zoë"])
            if rng.random() < 0.5:
                message["seat"] = rng.randrange(4)
        if kind == "act":
            newest = rng.random() < 0.5  # the newest state's move and version: often legal
            message["move"] = self.moves[-1] if newest else rng.choice(self.moves)
            message["version"] = self.versions[-1] if newest else rng.choice(self.versions)
        if kind == "chat":
            message["text"] = rng.choice(["hi", "gg", "a" * 300])
        return message

    def mutate(self, message: dict[str, Any]) -> dict[str, Any]:
        rng = self.rng
        mutated = dict(message)
        for _ in range(rng.randrange(4)):
            action = rng.randrange(5)
            if action == 0 and mutated:
                del mutated[rng.choice(list(mutated))]
            elif action == 1:
                mutated[rng.choice(["extra", "seat", "__proto__", "id", "type"])] = self.value()
            elif mutated:
                mutated[rng.choice(list(mutated))] = self.value()
        return mutated

    def value(self) -> Any:
        return nested(self.rng) if self.rng.random() < 0.15 else self.rng.choice(HOSTILE)

    def message(self) -> str | bytes:
        """One message as it goes on the wire: JSON text, or bytes for a binary frame."""
        rng = self.rng
        message = self.valid(rng.choice(TYPES))
        if rng.random() < 0.7:
            message = self.mutate(message)
        text = encode(message)
        damage = rng.random()
        if damage < 0.05:
            return text[: rng.randrange(len(text))]  # cut short
        if damage < 0.10:
            return text.encode() + b"\xff\xc3\x28"  # invalid UTF-8, binary frame
        if damage < 0.13:
            return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
        if damage < 0.16:
            return text[:-1] + ', "pad": "' + "p" * 4100 + '"}'  # over 4 KiB
        if damage < 0.19:
            return text.replace('"type"', '"type": "ping", "type"', 1)  # a key twice
        return text


def encode(message: dict[str, Any]) -> str:
    raws: dict[str, str] = {}

    def placeholder(value: Any) -> Any:
        if isinstance(value, Raw):
            key = f"@@raw{len(raws)}@@"
            raws[f'"{key}"'] = value.text
            return key
        return value

    text = json.dumps({k: placeholder(v) for k, v in message.items()})
    for key, raw in raws.items():
        text = text.replace(key, raw)
    return text


def size(message: str | bytes) -> int:
    return len(message.encode("utf-8", "surrogatepass") if isinstance(message, str) else message)


def refused_by_schema(message: str | bytes) -> bool:
    """Whether the protocol refuses the message before the service sees it (it must then
    get an `error`; a valid one may get another answer)."""
    if size(message) > 4096:
        return True
    try:
        protocol.parse(message)
    except ServiceError:
        return True
    return False


def stored_moves(database: Path) -> dict[tuple[str, int], tuple[int, str]]:
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT table_id, number, seat, text FROM kibitz_moves").fetchall()
    return {(table, number): (seat, text) for table, number, seat, text in rows}


def answers_until_sentinel(ws: ClientConnection, sentinel: str) -> list[dict[str, Any]]:
    """What the server sent after the fuzzed message, up to the sentinel ping's pong."""
    got = []
    while True:
        message = json.loads(ws.recv(timeout=20))
        if message == {"type": "pong", "id": sentinel}:
            return got
        got.append(message)


def set_up(live: LiveServer) -> tuple[list[str], list[str]]:
    """Tables in every state (waiting, playing with two seated players and moves made,
    over) and the seat tokens of the one in play."""
    api = httpx.Client(base_url=live.url)
    waiting = api.post("/api/tables", json={"game": "6nimmt", "players": 3}).json()
    playing = api.post("/api/tables", json={"game": "xbere", "players": 2}).json()
    bots = [{"kind": "bot", "bot": "random"}] * 2
    over = api.post("/api/tables", json={"game": "xbere", "players": 2, "seats": bots}).json()
    table = playing["table"]["id"]
    tokens = [
        api.post(f"/api/tables/{table}/join", json={"nickname": f"P{seat}"}).json()["token"]
        for seat in range(2)
    ]
    for token in tokens:  # each seat makes its first move: stored moves to protect
        with connect(live.ws_url) as ws:
            ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
            while (state := json.loads(ws.recv(timeout=10)))["type"] != "state":
                pass
            move = state["view"]["legal"][0]
            ws.send(json.dumps({"type": "act", "move": move, "version": state["version"]}))
            while json.loads(ws.recv(timeout=10))["type"] != "ack":
                pass
    deadline = time.monotonic() + 60
    while api.get(f"/api/tables/{over['table']['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.1)
    api.close()
    return [waiting["table"]["id"], table, over["table"]["id"]], tokens


def test_fuzzed_messages_are_answered_and_change_no_stored_move(tmp_path: Path) -> None:
    database = tmp_path / "kibitz.sqlite3"
    limits = dataclasses.replace(
        Limits(),
        messages_per_second=1e6,
        message_burst=10**6,
        chat_per_minute=10**6,
        tables_per_minute=100,
    )
    settings = Settings(
        database_url=f"sqlite:///{database}", limits=limits, bot_workers=0, bot_seconds=0.05
    )
    counts: Counter[str] = Counter()
    with live_server(settings) as live:
        tables, tokens = set_up(live)
        before = stored_moves(database)
        assert len(before) >= 4
        fuzzer = Fuzzer(random.Random(SEED), tables, tokens)
        pool = [connect(live.ws_url) for _ in range(CONNECTIONS)]
        for number in range(MESSAGES):
            slot = fuzzer.rng.randrange(CONNECTIONS)
            ws, message = pool[slot], fuzzer.message()
            counts["inputs"] += 1
            if size(message) > frame_limit(limits):
                counts["over 16 KiB, closed 1009"] += 1
                pool[slot] = closed_for_size(ws, message, live)
                continue
            try:
                ws.send(message)
                ws.send(json.dumps({"type": "ping", "id": f"sentinel {number}"}))
                answers = answers_until_sentinel(ws, f"sentinel {number}")
            except ConnectionClosed as closed:
                counts["dropped"] += 1
                raise AssertionError(f"message {message!r} closed the connection") from closed
            for answer in answers:
                fuzzer.saw(answer)
            kinds = Counter(a["type"] for a in answers)
            codes = Counter(a.get("code") for a in answers if a["type"] == "error")
            assert answers, f"no answer to {message!r}"
            assert not codes["internal"], f"{message!r} answered internal"
            if refused_by_schema(message):
                counts["invalid"] += 1
                assert kinds["error"], f"{message!r} got no error: {answers}"
            counts["errors"] += kinds["error"]
            counts.update(f"error {code}" for code in codes.elements())
        counts["utf8 text frames closed 1007"] = invalid_text_frames(live)
        for ws in pool:
            ws.close()
        assert httpx.get(live.url + "/api/health").json()["status"] == "ok"
    after = stored_moves(database)
    changed = [key for key, move in before.items() if after.get(key) != move]
    counts["stored moves"] = len(before)
    counts["moves changed"] = len(changed)
    counts["moves added (legal acts)"] = len(after) - len(before)
    print("ws fuzz:", dict(counts))
    assert not changed
    assert counts["invalid"] > MESSAGES // 3 and counts["dropped"] == 0


def closed_for_size(ws: ClientConnection, message: str | bytes, live: LiveServer) -> Any:
    """A message larger than the server reads ends its connection with 1009 (message too
    big); the fuzzer goes on with a new connection."""
    ws.send(message)
    expect_close(ws, 1009)
    return connect(live.ws_url)


def invalid_text_frames(live: LiveServer) -> int:
    """Text frames of invalid UTF-8 end the connection (RFC 6455 8.1: the server must fail
    it, code 1007) without harming the server; how many were sent."""
    for data in (b'{"type": "ping", "id": "\xff"}', b"\xc3\x28", b"\xed\xa0\x80"):
        with connect(live.ws_url) as ws:
            ws.send(data, text=True)
            expect_close(ws, 1007)
    return 3


def expect_close(ws: ClientConnection, code: int) -> None:
    """The server closes `ws` with `code` instead of answering."""
    try:
        ws.recv(timeout=10)
    except ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == code
    else:
        raise AssertionError(f"answered where the server should close with {code}")
