"""How long a person waits for a `random` bot's move while six all-bot tables of `hard` bots
from one address run on the same server (one bot worker process).

Starts `kibitz serve` on a free loopback port with a fresh SQLite file, creates --bot-tables
all-bot tables of `hard` bots (they play by themselves), then plays a 2-seat table against a
`random` bot over a WebSocket: after each of its own moves' `ack`, the time until the state
in which the bot has answered (its own turn again, or the game over) is one sample. Prints
p50, p95, p99 and max of those samples (floor: p99 under 1 s).

With --baseline SRC it measures the same with the server's sources at SRC first (for
instance the main branch before bot moves took turns for the worker) and prints both.

    .venv/bin/python bench/bot_share.py
    .venv/bin/python bench/bot_share.py --baseline /work/main/src --seconds 60
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from server import free_port  # bench/ is on the path

KIBITZ = Path(sys.executable).parent / "kibitz"


def serves(source: str, option: str) -> bool:
    """Whether `kibitz serve` of the sources at `source` takes `option`."""
    env = {**os.environ, "PYTHONPATH": source}
    command = [str(KIBITZ), "serve", "--help"]
    return (
        option.encode() in subprocess.run(command, env=env, capture_output=True, check=True).stdout
    )


def start_server(
    folder: Path, database: Path, source: str, *options: str
) -> tuple[subprocess.Popen[bytes], str]:
    """`kibitz serve` of the sources at `source` on `database` with `options`, its log in
    `folder`; returns the process and its URL once it answers."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": source}
    command = [str(KIBITZ), "serve", "--port", str(port), "--database-url", str(database)]
    command += options
    log = (folder / "server.log").open("ab")
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start: " + (folder / "server.log").read_text())


def receive(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=120))
    return message


def play(url: str, seconds: float, rng: random.Random) -> list[float]:
    """Play tables against a `random` bot for `seconds`; the bot's reply times."""
    samples: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        body = {
            "game": "xbere",
            "players": 2,
            "seats": [{"kind": "open"}, {"kind": "bot", "bot": "random"}],
            "join": {"nickname": "Ann"},
        }
        created = httpx.post(f"{url}/api/tables", json=body, timeout=30).json()
        table, token = created["table"]["id"], created["seated"]["token"]
        with connect(url.replace("http", "ws") + "/ws") as ws:
            ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
            state: dict[str, Any] = {}
            acked: float | None = None
            while time.monotonic() < end:
                message = receive(ws)
                if message["type"] == "ack":
                    acked = time.monotonic()
                    continue
                if message["type"] != "state":
                    continue
                state = message
                view = state["view"]
                ours = 0 in view.get("to_act", []) and bool(view.get("legal"))
                if acked is not None and (ours or state["status"] == "over"):
                    samples.append(time.monotonic() - acked)
                    acked = None
                if state["status"] == "over":
                    break
                if ours and acked is None:
                    move = rng.choice(view["legal"])
                    ws.send(json.dumps({"type": "act", "move": move, "version": state["version"]}))
    return samples


def measure(source: str, bot_tables: int, seconds: float) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        options = ["--bot-workers", "1", "--tables-per-minute", "1000"]
        if serves(source, "--bot-tables-per-ip"):
            options += ["--bot-tables-per-ip", "100"]
        database = Path(folder) / "bench.sqlite3"
        process, url = start_server(Path(folder), database, source, *options)
        try:
            seats = [{"kind": "bot", "bot": "hard"}] * 2
            for _ in range(bot_tables):
                body = {"game": "xbere", "players": 2, "seats": seats}
                answer = httpx.post(f"{url}/api/tables", json=body, timeout=30)
                assert answer.status_code == 201, answer.text
            time.sleep(2)  # the hard bots are thinking
            return play(url, seconds, random.Random(1))
        finally:
            process.terminate()
            process.wait(10)


def percentiles(samples: list[float]) -> str:
    """p50, p95, p99 and max of `samples` (seconds) in milliseconds."""
    if not samples:
        return "no sample"
    ordered = sorted(samples)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return (
        f"p50 {statistics.median(samples) * 1000:.1f} ms, p95 {at(0.95):.1f} ms, "
        f"p99 {at(0.99):.1f} ms, max {ordered[-1] * 1000:.0f} ms"
    )


def describe(name: str, samples: list[float]) -> str:
    return f"{name}: {len(samples)} bot replies, {percentiles(samples)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot-tables", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=40, help="play time per measurement")
    parser.add_argument("--baseline", help="the server's sources to compare with (a src dir)")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.1f}")
    if args.baseline:
        print(describe("baseline", measure(args.baseline, args.bot_tables, args.seconds)))
    here = str(Path(__file__).resolve().parent.parent / "src")
    print(describe("this tree", measure(here, args.bot_tables, args.seconds)))
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
