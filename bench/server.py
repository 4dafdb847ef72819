"""Server benchmark: many concurrent tables played by bot clients over real WebSockets.

Starts `kibitz serve` on a free loopback port with a fresh SQLite file (or --database-url; or
uses a running server at --url), creates --tables tables of --game, seats one WebSocket
client per seat, and lets each client play a random legal move whenever its state says it
may (after --think seconds). When a table's game ends, its players ask for the rematch and
play on, --games games per table.
Prints moves/s, the server's CPU time per move, and the round-trip latency of moves (from
sending `act` to its `ack`, which follows the new state): p50 and p99 over the whole run,
after the warm-up, and per stretch of the run (`--plot` draws them).

    .venv/bin/python bench/server.py                 # 100 tables x 4 seats = 400 clients
    .venv/bin/python bench/server.py --tables 20 --game 6nimmt --plot server.png
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

try:  # the clients stand in for 400 browsers: spend as little of the shared CPU as we can
    from orjson import loads
except ImportError:
    from json import loads


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(port: int, database: str) -> subprocess.Popen[bytes]:
    kibitz = Path(sys.executable).parent / "kibitz"
    lots = "1000000"
    return subprocess.Popen(
        [
            str(kibitz), "serve", "--port", str(port), "--database-url", database,
            "--bot-workers", "0", "--log-level", "warning",
            "--max-connections-per-ip", lots, "--http-connections-per-ip", lots,
            "--connects-per-minute", lots,
            "--tables-per-minute", lots, "--requests-per-minute", lots,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip


async def wait_healthy(url: str) -> None:
    async with httpx.AsyncClient() as client:
        for _ in range(300):
            try:
                if (await client.get(f"{url}/api/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


class Stats:
    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.latencies: list[tuple[float, float]] = []
        """(when the move was sent, seconds after the start; its round trip, seconds)"""
        self.moves = 0
        self.refused = 0
        self.games = 0


async def seat_client(
    ws_url: str,
    table: str,
    token: str,
    *,
    games: int,
    think: float,
    rng: random.Random,
    stats: Stats,
) -> None:
    """One seat: plays random legal moves; after each game asks for the rematch."""
    async with connect(ws_url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
        played = 0
        sent: dict[int, float] = {}
        pending: int | None = None
        next_id = 0
        state: dict[str, Any] | None = None
        asked = False
        while True:
            message = loads(await ws.recv())
            kind = message["type"]
            if kind == "state":
                state = message
            elif kind == "ack":
                at = sent.pop(message["id"])
                stats.latencies.append((at - stats.started, time.perf_counter() - at))
                stats.moves += 1
                pending = None
            elif kind == "error":
                if message.get("id") in sent:
                    del sent[message["id"]]
                    pending = None
                    stats.refused += 1
                elif message["code"] not in ("stale_version", "not_your_turn"):
                    raise RuntimeError(f"server error: {message}")
            elif kind == "rematch":
                asked = False
                table, token = message["table"], message["token"]
                await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
                state = None
                continue
            if state is None or state["table"] != table or pending is not None or asked:
                continue
            if state["status"] == "over":
                played += 1
                stats.games += 1
                if played >= games:
                    return
                await ws.send(json.dumps({"type": "rematch"}))
                asked, state = True, None
                continue
            view = state["view"]
            if state["status"] == "playing" and state["seat"] in view["to_act"] and view["legal"]:
                if think:
                    await asyncio.sleep(rng.expovariate(1 / think))
                next_id += 1
                pending = next_id
                sent[next_id] = time.perf_counter()
                move = view["legal"][rng.randrange(len(view["legal"]))]
                await ws.send(
                    json.dumps(
                        {"type": "act", "id": next_id, "move": move, "version": state["version"]}
                    )
                )


def cpu_seconds(pid: int | None) -> float | None:
    """CPU time (user + system) the process has used so far, from /proc (Linux)."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks: float = int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


async def bench(args: argparse.Namespace, url: str, server_pid: int | None = None) -> None:
    ws_url = url.replace("http", "ws", 1) + "/ws"
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        tables: list[tuple[str, list[str]]] = []
        for _ in range(args.tables):
            body = {"game": args.game, "players": args.players, "options": args.options}
            created = (await client.post("/api/tables", json=body)).json()
            table = created["table"]["id"]
            tokens = []
            for seat in range(args.players):
                joined = await client.post(
                    f"/api/tables/{table}/join", json={"nickname": f"bot{seat}", "seat": seat}
                )
                tokens.append(joined.json()["token"])
            tables.append((table, tokens))
    stats = Stats()
    rng = random.Random(args.seed)
    clients = [
        seat_client(ws_url, table, token, games=args.games, think=args.think,
                    rng=random.Random(rng.random()), stats=stats)
        for table, tokens in tables
        for token in tokens
    ]  # fmt: skip
    cpu_before = cpu_seconds(server_pid)
    stats.started = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*clients), args.timeout)
    elapsed = time.perf_counter() - stats.started
    cpu_after = cpu_seconds(server_pid)
    print(
        f"{args.tables} tables x {args.players} seats of {args.game} "
        f"({len(clients)} WebSocket clients), {args.games} games each, think {args.think}s"
    )
    print(
        f"{stats.moves} moves in {elapsed:.1f}s: {stats.moves / elapsed:.0f} moves/s; "
        f"{stats.games // args.players} games finished; {stats.refused} moves refused (stale)"
    )
    if cpu_before is not None and cpu_after is not None and stats.moves:
        used = cpu_after - cpu_before
        print(
            f"server CPU: {used:.1f} s of {elapsed:.1f} s ({used / elapsed:.0%} of one core), "
            f"{used / stats.moves * 1000:.2f} ms per move"
        )
    print(f"round trip act->ack, whole run:     {percentiles(stats.latencies)}")
    steady = [(at, lat) for at, lat in stats.latencies if at >= args.warmup]
    if steady:
        print(f"round trip act->ack, after {args.warmup:g} s: {percentiles(steady)}")
    stretches = timeline(stats.latencies, args.stretch)
    print(f"per {args.stretch:g} s of the run (from the start: moves, p50, p99, max, ms):")
    for start, count, p50, p99, most in stretches:
        print(f"  {start:5.0f} s {count:6d} {p50:7.1f} {p99:7.1f} {most:7.1f}")
    if args.plot:
        plot(stretches, args, Path(args.plot))
        print(f"plot: {args.plot}")


def timeline(
    samples: list[tuple[float, float]], stretch: float
) -> list[tuple[float, int, float, float, float]]:
    """(start, moves, p50, p99, max) of the moves sent in each stretch of the run, in ms."""
    buckets: dict[int, list[float]] = {}
    for at, latency in samples:
        buckets.setdefault(int(at // stretch), []).append(latency * 1000)
    rows = []
    for index in sorted(buckets):
        lat = sorted(buckets[index])
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
        rows.append((index * stretch, len(lat), statistics.median(lat), p99, lat[-1]))
    return rows


def plot(
    stretches: list[tuple[float, int, float, float, float]], args: argparse.Namespace, path: Path
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    starts = [row[0] for row in stretches]
    figure, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(9, 6))
    top.plot(starts, [row[2] for row in stretches], label="p50")
    top.plot(starts, [row[3] for row in stretches], label="p99")
    top.plot(starts, [row[4] for row in stretches], label="max", alpha=0.4)
    top.axhline(100, color="red", linestyle=":", label="100 ms")
    top.set_ylabel("act -> ack, ms")
    top.set_yscale("log")
    top.legend()
    bottom.bar(starts, [row[1] / args.stretch for row in stretches], width=args.stretch * 0.9)
    bottom.set_ylabel("moves/s")
    bottom.set_xlabel("seconds from the start")
    figure.suptitle(
        f"kibitz serve: {args.tables} tables x {args.players} seats of {args.game}, "
        f"think {args.think:g} s, {args.games} games each"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def percentiles(samples: list[tuple[float, float]]) -> str:
    lat = sorted(latency for _, latency in samples)
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    return f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {lat[-1] * 1000:.1f} ms ({len(lat)} moves)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", default="xbere")
    parser.add_argument("--games", type=int, default=2, help="games per table (rematches)")
    parser.add_argument(
        "--think", type=float, default=0.5, help="mean think time, seconds (0: no pause)"
    )
    parser.add_argument("--options", type=json.loads, default={}, help="rule options (JSON)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--warmup",
        type=float,
        default=10.0,
        help="also report latency without the moves of the first seconds, when all clients "
        "connect and make their first moves at once",
    )
    parser.add_argument("--stretch", type=float, default=5.0, help="seconds per timeline row")
    parser.add_argument("--plot", help="draw latency and moves/s over the run into this PNG")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--url", help="a running server (default: start one on loopback)")
    parser.add_argument(
        "--database-url", help="the started server's database (default: a new SQLite file)"
    )
    args = parser.parse_args()
    if args.url:
        run(bench(args, args.url.rstrip("/")))
        return
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(port, args.database_url or str(Path(folder) / "bench.sqlite3"))
        try:
            url = f"http://127.0.0.1:{port}"
            run(wait_healthy(url))
            run(bench(args, url, server.pid))
        finally:
            server.terminate()
            server.wait(30)


def run(job: Coroutine[Any, Any, None]) -> None:
    """Run the clients on uvloop when installed (as the server does), so that the clients'
    own event loop adds as little as possible to the latencies measured."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(job)
    else:
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            runner.run(job)


if __name__ == "__main__":
    main()
