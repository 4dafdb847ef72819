"""A live player's WebSocket ping while one address requests the expensive endpoints at the
rate the server allows, against a database of 10,000 finished tables.

Builds a SQLite file (schema of migration 0003, so any version of the server can open it)
holding --tables finished X bere! tables of one real 4-player game each (their moves and
seats), starts `kibitz serve` on it, seats a player at a table with a `random` bot, and
then, one endpoint at a time for --seconds each, requests it at the allowed rate (the
server's `--expensive-per-minute`, or its whole `--requests-per-minute` where there is no
such limit) while the player sends `ping` every 150 ms (within the 10 messages a second a
connection may send). Prints the ping's p50, p99 and max
for each endpoint (floor: p99 under 50 ms), and how many requests were answered.

With --baseline SRC it measures the server with the sources at SRC first (for instance the
main branch before the move counts, replay cache and the separate limit) and prints both.

    .venv/bin/python bench/expensive.py
    .venv/bin/python bench/expensive.py --baseline /work/main/src
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from bot_share import percentiles, start_server  # bench/ is on the path
from kibitz.core import Record, make
from kibitz.server.db import alembic_config, open_database

HERE = Path(__file__).resolve().parent.parent / "src"


def one_game(seed: int) -> Record:
    """A whole 4-player X bere! game of random moves."""
    game = make("xbere", players=4, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        seat = rng.choice(list(game.to_act()))
        game.apply(seat, str(rng.choice(list(game.legal_moves(seat)))))
    return Record.of(game)


def build_database(path: Path, tables: int) -> int:
    """`tables` finished tables at migration 0003; returns the moves of each."""
    from alembic import command

    url = f"sqlite:///{path}"

    async def schema() -> None:
        database = open_database(url)

        def upgrade(conn: Any) -> None:
            config = alembic_config(url)
            config.attributes["connection"] = conn
            command.upgrade(config, "0003")

        try:
            await database.run(upgrade)
        finally:
            await database.dispose()

    asyncio.run(schema())
    record = one_game(7)
    data = record.to_dict()
    result = json.dumps({"scores": [0, 0, 0, 0], "winners": [0]})
    with sqlite3.connect(path) as db:
        db.executemany(
            "INSERT INTO kibitz_tables (id, game, players, options, seed, status, created_at, "
            "updated_at, result, rated) VALUES (?, 'xbere', 4, ?, ?, 'over', ?, ?, ?, 1)",
            [
                (f"old{i}", json.dumps(data["options"]), data["seed"], i, i, result)
                for i in range(tables)
            ],
        )
        db.executemany(
            "INSERT INTO kibitz_seats (table_id, seat, kind, bot, away) "
            "VALUES (?, ?, 'bot', 'random', 0)",
            [(f"old{i}", s) for i in range(tables) for s in range(4)],
        )
        db.executemany(
            "INSERT INTO kibitz_moves (table_id, number, seat, text, at, by) "
            "VALUES (?, ?, ?, ?, ?, 'bot')",
            [
                (f"old{i}", n, seat, text, i)
                for i in range(tables)
                for n, (seat, text) in enumerate(record.moves, 1)
            ],
        )
    return len(record.moves)


def allowed_per_second(source: str) -> float:
    """The rate one address may request the expensive endpoints at, on that server."""
    code = "from kibitz.server import Limits; l = Limits(); "
    code += "print(getattr(l, 'expensive_per_minute', l.requests_per_minute))"
    env = {**os.environ, "PYTHONPATH": source}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, check=True)
    return int(out.stdout) / 60


def hammer(url: str, paths: list[str], rate: float, stop: threading.Event) -> list[int]:
    """Request `paths` in turn at `rate` a second until `stop`; the status codes."""
    codes: list[int] = []
    with httpx.Client(timeout=60) as client:
        next_at = time.monotonic()
        for path in paths:
            if stop.is_set():
                break
            codes.append(client.get(url + path).status_code)
            next_at += 1 / rate
            time.sleep(max(0.0, next_at - time.monotonic()))
    return codes


def measure(source: str, database: Path, tables: int, seconds: float) -> list[str]:
    rate = allowed_per_second(source)
    lines = [f"  allowed: {rate * 60:.0f} requests a minute"]
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_server(Path(folder), database, source, "--bot-workers", "0")
        try:
            body = {
                "game": "xbere",
                "players": 2,
                "seats": [{"kind": "open"}, {"kind": "bot", "bot": "random"}],
                "join": {"nickname": "Ann"},
            }
            created = httpx.post(f"{url}/api/tables", json=body, timeout=30).json()
            table, token = created["table"]["id"], created["seated"]["token"]
            rng = random.Random(3)
            ids = [f"old{rng.randrange(tables)}" for _ in range(int(seconds * rate) + 10)]
            endpoints = {
                "GET /api/tables?limit=200": ["/api/tables?limit=200"] * len(ids),
                "GET /api/tables/{id}": [f"/api/tables/{i}" for i in ids],
                "GET /api/tables/{id}/record": [f"/api/tables/{i}/record" for i in ids],
                "GET /api/tables/{id}/replay": [f"/api/tables/{i}/replay" for i in ids],
            }
            with connect(url.replace("http", "ws") + "/ws") as ws:
                ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
                while json.loads(ws.recv(timeout=60))["type"] != "state":
                    pass
                for name, paths in endpoints.items():
                    stop = threading.Event()
                    codes: list[int] = []
                    worker = threading.Thread(
                        target=lambda p=paths, s=stop, c=codes: c.extend(hammer(url, p, rate, s))
                    )
                    worker.start()
                    pings = ping(ws, seconds)
                    stop.set()
                    worker.join()
                    ok = sum(c == 200 for c in codes)
                    lines.append(f"  {name}: {describe(pings)}; {ok} of {len(codes)} answered 200")
        finally:
            process.terminate()
            process.wait(30)
    return lines


def ping(ws: Any, seconds: float) -> list[float]:
    """Round trips of a `ping` every 150 ms for `seconds` (one not answered in 30 s ends
    the measurement, counted as 30 s)."""
    times: list[float] = []
    end = time.monotonic() + seconds
    number = 0
    while time.monotonic() < end:
        number += 1
        sent = time.monotonic()
        ws.send(json.dumps({"type": "ping", "id": number}))
        try:
            while True:
                message = json.loads(ws.recv(timeout=30))
                if message["type"] in ("pong", "error") and message.get("id") == number:
                    assert message["type"] == "pong", message
                    break
        except TimeoutError:
            times.append(30.0)
            break
        times.append(time.monotonic() - sent)
        time.sleep(max(0.0, 0.15 - (time.monotonic() - sent)))
    return times


def describe(samples: list[float]) -> str:
    return f"ping {percentiles(samples)} ({len(samples)} pings)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10000)
    parser.add_argument("--seconds", type=float, default=12, help="per endpoint")
    parser.add_argument("--baseline", help="the server's sources to compare with (a src dir)")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.1f}")
    runs = ([("baseline", args.baseline)] if args.baseline else []) + [("this tree", str(HERE))]
    for name, source in runs:
        with tempfile.TemporaryDirectory() as folder:
            database = Path(folder) / "bench.sqlite3"
            moves = build_database(database, args.tables)
            print(f"{name}: {args.tables} finished tables of {moves} moves each")
            for line in measure(source, database, args.tables, args.seconds):
                print(line)
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
