"""Server benchmark: many concurrent tables played by bot clients over real WebSockets.

Starts `kibitz serve` on a free loopback port with a fresh SQLite file (or --database-url; or
uses a running server at --url), creates --tables tables of --game, seats one WebSocket
client per seat, and lets each client play a random legal move whenever its state says it
may (after --think seconds). When a table's game ends, its players ask for the rematch and
play on, --games games per table.
Prints moves/s, the server's CPU time per move, and the round-trip latency of moves (from
sending `act` to its `ack`, which follows the new state): p50 and p99 over the whole run,
after the warm-up, and per stretch of the run (`--plot` draws them).

With --processes N (and --redis-url, --database-url postgresql://...) it starts N server
processes sharing the database and Redis; clients connect round-robin, so most tables have
seats on several processes. It then also prints the delay from a move's ack on one process
to the new state's arrival at a client on another, and with --kill-one-at S it SIGKILLs the
last process S seconds in: its clients reconnect to the others, and at the end every
acknowledged move is looked up in the database (zero lost).

    .venv/bin/python bench/server.py                 # 100 tables x 4 seats = 400 clients
    .venv/bin/python bench/server.py --tables 20 --game 6nimmt --plot server.png
    .venv/bin/python bench/server.py --processes 2 --tables 200 --redis-url redis://... \
        --database-url postgresql://... --kill-one-at 30 --plot processes.png
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import gc
import json
import multiprocessing
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
from websockets.exceptions import ConnectionClosed

try:  # the clients stand in for 400 browsers: spend as little of the shared CPU as we can
    from orjson import loads
except ImportError:
    from json import loads


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(port: int, database: str, redis: str | None) -> subprocess.Popen[bytes]:
    kibitz = Path(sys.executable).parent / "kibitz"
    lots = "1000000"
    return subprocess.Popen(
        [
            str(kibitz), "serve", "--port", str(port), "--database-url", database,
            "--bot-workers", "0", "--log-level", "warning",
            "--max-connections-per-ip", lots, "--http-connections-per-ip", lots,
            "--connects-per-minute", lots,
            "--tables-per-minute", lots, "--requests-per-minute", lots,
            *(["--redis-url", redis] if redis else []),
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
    """What the clients of one client process measured (the parent adds them up)."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.latencies: list[tuple[float, float]] = []
        """(when the move was sent, seconds after the start; its round trip, seconds)"""
        self.moves = 0
        self.refused = 0
        self.games = 0
        self.acked: dict[tuple[str, int], tuple[float, int, int, str]] = {}
        """(table, version) of each acknowledged move: when, on which server, seat, move."""
        self.arrivals: list[tuple[str, int, float, int]] = []
        """(table, version, when, server) of each state a client got (several processes)."""
        self.reconnects = 0
        self.cpu = 0.0
        """CPU seconds the client process used."""
        self.lags: list[tuple[float, float]] = []
        """(when, seconds) by which a client process's event loop was late to wake a
        sleeper: a late loop stamps the acks it reads late too, so the round trips it
        measures include its own delay."""

    def add(self, other: Stats) -> None:
        self.lags += other.lags
        self.latencies += other.latencies
        self.acked.update(other.acked)
        self.arrivals += other.arrivals
        self.moves += other.moves
        self.refused += other.refused
        self.games += other.games
        self.reconnects += other.reconnects
        self.cpu += other.cpu


class Seat:
    """One seat's client: which table and token it plays, which server it talks to."""

    def __init__(self, urls: list[str], server: int, table: str, number: int, token: str) -> None:
        self.urls, self.server, self.table, self.token = urls, server, table, token
        self.number = number
        self.finished: set[str] = set()
        """The tables whose game this seat saw end: kept across reconnections, so that a
        game is counted once however many connections saw it over."""
        self.last: tuple[dict[str, Any], int | None, bool] | None = None
        """The message the seat last got, and whether it was waiting for an answer (its
        move's id, its rematch): described for every seat still playing at a timeout."""


async def seat_client(
    seat: Seat, *, games: int, think: float, rng: random.Random, stats: Stats
) -> None:
    """One seat: plays random legal moves; after each game asks for the rematch. When its
    server goes away it reconnects to another (as a browser behind a proxy would)."""
    while True:
        try:
            async with connect(seat.urls[seat.server], max_size=2**22) as ws:
                await play_seat(ws, seat, games=games, think=think, rng=rng, stats=stats)
                return
        except (OSError, ConnectionClosed):
            stats.reconnects += 1
            if stats.reconnects > 20 * len(seat.urls) * 1000:
                raise
            seat.server = (seat.server + 1) % len(seat.urls)  # the proxy's next process
            await asyncio.sleep(0.3)


async def play_seat(
    ws: Any, seat: Seat, *, games: int, think: float, rng: random.Random, stats: Stats
) -> None:
    """Play on one connection until the seat has seen `games` games end.
    Messages are read (and timed) as they arrive, also while the player thinks."""
    inbox: asyncio.Queue[tuple[float, Any]] = asyncio.Queue()

    async def read() -> None:
        try:
            async for text in ws:
                inbox.put_nowait((time.perf_counter(), text))
        finally:
            inbox.put_nowait((time.perf_counter(), None))

    reader = asyncio.create_task(read())
    try:
        await play_messages(ws, inbox, seat, games=games, think=think, rng=rng, stats=stats)
    finally:
        reader.cancel()


async def play_messages(
    ws: Any,
    inbox: asyncio.Queue[tuple[float, Any]],
    seat: Seat,
    *,
    games: int,
    think: float,
    rng: random.Random,
    stats: Stats,
) -> None:
    await ws.send(json.dumps({"type": "hello", "table": seat.table, "token": seat.token}))
    sent: dict[int, tuple[float, str]] = {}
    pending: int | None = None
    next_id = 0
    state: dict[str, Any] | None = None
    asked = False
    many = len(seat.urls) > 1
    while True:
        now, text = await inbox.get()
        if text is None:
            raise ConnectionClosed(None, None)
        message = loads(text)
        kind = message["type"]
        seat.last = (message, pending, asked)
        if kind == "state":
            if many and (state is None or message["version"] > state["version"]):
                # the first state of each version, when it arrived
                stats.arrivals.append((message["table"], message["version"], now, seat.server))
            state = message
        elif kind == "ack":
            at, move = sent.pop(message["id"])
            stats.latencies.append((at - stats.started, now - at))
            stats.moves += 1
            stats.acked[(seat.table, message["version"])] = (now, seat.server, seat.number, move)
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
            seat.table, seat.token = message["table"], message["token"]
            await ws.send(json.dumps({"type": "hello", "table": seat.table, "token": seat.token}))
            state = None
            continue
        if state is None or state["table"] != seat.table or pending is not None or asked:
            continue
        if state["status"] == "over":
            if seat.table not in seat.finished:
                seat.finished.add(seat.table)
                stats.games += 1
            if len(seat.finished) >= games:
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
            move = view["legal"][rng.randrange(len(view["legal"]))]
            sent[next_id] = (time.perf_counter(), move)
            await ws.send(
                json.dumps(
                    {"type": "act", "id": next_id, "move": move, "version": state["version"]}
                )
            )


def describe(message: dict[str, Any], pending: int | None, asked: bool) -> str:
    """One line on a message a seat got, and whether it was waiting for an answer."""
    kind = message["type"]
    if kind == "state":
        view = message["view"]
        what = (
            f"state v{message['version']} {message['status']} of {message['table']}, "
            f"seat {message['seat']}, to act {view.get('to_act')}"
        )
    elif kind == "error":
        what = f"error {message.get('code')}: {message.get('message')}"
    else:
        what = kind
    waiting = f", move {pending} pending" if pending else ""
    return f"{what}{waiting}{', rematch asked' if asked else ''}"


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


async def bench(
    args: argparse.Namespace, urls: list[str], servers: list[subprocess.Popen[bytes]]
) -> None:
    ws_urls = [url.replace("http", "ws", 1) + "/ws" for url in urls]
    seats: list[Seat] = []
    async with httpx.AsyncClient(base_url=urls[0], timeout=30) as client:
        for _ in range(args.tables):
            body = {"game": args.game, "players": args.players, "options": args.options}
            created = (await client.post("/api/tables", json=body)).json()
            table = created["table"]["id"]
            for number in range(args.players):
                joined = await client.post(
                    f"/api/tables/{table}/join", json={"nickname": f"bot{number}", "seat": number}
                )
                server = len(seats) % len(urls)  # round-robin, as a plain proxy would
                seats.append(Seat(ws_urls, server, table, number, joined.json()["token"]))
    started = time.perf_counter()
    groups = [seats[i :: args.client_processes] for i in range(args.client_processes)]
    cpu_before = [cpu_seconds(server.pid) for server in servers]
    cpu_samples: list[tuple[float, float]] = []
    sampler = asyncio.create_task(sample_cpu(servers, started, args.stretch, cpu_samples))
    killer = None
    if args.kill_one_at is not None:
        killer = asyncio.create_task(kill_one(servers, args.kill_one_at))
    loop = asyncio.get_running_loop()
    with concurrent.futures.ProcessPoolExecutor(
        len(groups), mp_context=multiprocessing.get_context("spawn")
    ) as pool:
        parts = await asyncio.gather(
            *(
                loop.run_in_executor(pool, play_group, group, vars(args), args.seed + n, started)
                for n, group in enumerate(groups)
            )
        )
    elapsed = time.perf_counter() - started
    cpu_after = [cpu_seconds(server.pid) for server in servers]
    sampler.cancel()
    if killer is not None:
        await killer
    stats = Stats()
    stats.started = started
    for part in parts:
        stats.add(part)
    print(
        f"{args.tables} tables x {args.players} seats of {args.game} "
        f"({len(seats)} WebSocket clients in {len(groups)} client process(es), on "
        f"{len(urls)} server process(es)), {args.games} games each, think {args.think}s"
    )
    print(
        f"{stats.moves} moves in {elapsed:.1f}s: {stats.moves / elapsed:.0f} moves/s; "
        f"{stats.games // args.players} games finished; {stats.refused} moves refused (stale)"
    )
    used = [
        after - before
        for before, after in zip(cpu_before, cpu_after, strict=True)
        if before is not None and after is not None
    ]
    if used and stats.moves and args.kill_one_at is None:
        total = sum(used)
        print(
            f"server CPU: {total:.1f} s of {elapsed:.1f} s ({total / elapsed:.0%} of one core), "
            f"{total / stats.moves * 1000:.2f} ms per move"
        )
    print(f"client CPU: {stats.cpu:.1f} s ({stats.cpu / elapsed:.0%} of one core)")
    print(f"round trip act->ack, whole run:     {percentiles(stats.latencies)}")
    steady = [(at, lat) for at, lat in stats.latencies if at >= args.warmup]
    if steady:
        print(f"round trip act->ack, after {args.warmup:g} s: {percentiles(steady)}")
    lags = [(at, lag) for at, lag in stats.lags if at >= args.warmup]
    if lags:
        print(f"client event loops late, after {args.warmup:g} s: {percentiles(lags, 'wakes')}")
    crossed = cross_process_delays(stats)
    if crossed:
        print(f"ack on one process -> state at a client on another: {percentiles(crossed)}")
    stretches = timeline(stats.latencies, args.stretch)
    print(
        f"per {args.stretch:g} s of the run (from the start: moves, p50, p99, max, ms; "
        "the client loops' p99 lateness, ms; the server processes' CPU: cores, ms per move):"
    )
    used_by_stretch = dict(cpu_samples)
    late = {start: p99 for start, _, _, p99, _ in timeline(stats.lags, args.stretch)}
    for start, count, p50, p99, most in stretches:
        line = f"  {start:5.0f} s {count:6d} {p50:7.1f} {p99:7.1f} {most:7.1f}"
        line += f" {late.get(start, 0.0):7.1f}"
        cpu = used_by_stretch.get(start)
        if cpu is not None and args.kill_one_at is None:
            line += f"   {cpu / args.stretch:5.2f} {cpu / count * 1000:6.2f}"
        print(line)
    if args.plot:
        plot(stretches, timeline(crossed, args.stretch), args, Path(args.plot))
        print(f"plot: {args.plot}")
    if args.kill_one_at is not None or stats.reconnects:
        print(f"{stats.reconnects} reconnections (clients whose connection closed)")
        await check_stored(args.database_url, stats)


async def sample_cpu(
    servers: list[subprocess.Popen[bytes]],
    started: float,
    stretch: float,
    samples: list[tuple[float, float]],
) -> None:
    """Append (start, CPU seconds) of the server processes for each stretch of the run, to
    show which part of a run costs the servers what (the rematches, the steady play)."""
    index = 0
    last = sum(cpu_seconds(server.pid) or 0.0 for server in servers)
    while True:
        index += 1
        await asyncio.sleep(max(0.0, started + index * stretch - time.perf_counter()))
        now = sum(cpu_seconds(server.pid) or 0.0 for server in servers)
        samples.append(((index - 1) * stretch, now - last))
        last = now


def play_group(seats: list[Seat], options: dict[str, Any], seed: int, started: float) -> Stats:
    """Play these seats to the end in this (client) process; what they measured."""
    stats = Stats()
    stats.started = started  # the parent's perf_counter: one system-wide clock on Linux
    rng = random.Random(seed)

    async def probe() -> None:
        """Note how late the loop wakes a 10 ms sleep."""
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            stats.lags.append((before - started, time.perf_counter() - before - 0.01))

    async def play() -> None:
        prober = asyncio.ensure_future(probe())
        clients = [
            seat_client(seat, games=options["games"], think=options["think"],
                        rng=random.Random(rng.random()), stats=stats)
            for seat in seats
        ]  # fmt: skip
        tasks = [asyncio.ensure_future(client) for client in clients]
        await asyncio.wait(tasks, timeout=options["timeout"])
        stuck = [seat for seat, task in zip(seats, tasks, strict=True) if not task.done()]
        if stuck:
            print(f"timed out with {len(stuck)} seats playing:", file=sys.stderr)
            for seat in stuck[:40]:
                print(
                    f"  {seat.table} seat {seat.number} on server {seat.server}: "
                    + (describe(*seat.last) if seat.last else "not connected"),
                    file=sys.stderr,
                )
            raise TimeoutError(f"{len(stuck)} seats still playing")
        prober.cancel()
        for task in tasks:
            task.result()  # a client's error

    gc.collect()  # what is made before the run lives through it: out of every collection
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)  # few young collections (the stats only grow)
    cpu = time.process_time()
    run(play())
    stats.cpu = time.process_time() - cpu
    return stats


async def kill_one(servers: list[subprocess.Popen[bytes]], at: float) -> None:
    """SIGKILL the last server `at` seconds into the run; its clients reconnect elsewhere."""
    await asyncio.sleep(at)
    victim = len(servers) - 1
    servers[victim].kill()
    print(f"killed server {victim} (pid {servers[victim].pid}) at {at:g} s", flush=True)


def cross_process_delays(stats: Stats) -> list[tuple[float, float]]:
    """(when, seconds) from each move's ack on one process to its state's arrival at each
    client connected to another process."""
    delays = []
    for table, version, at, server in stats.arrivals:
        acked = stats.acked.get((table, version))
        if acked is not None and acked[1] != server:
            delays.append((acked[0] - stats.started, at - acked[0]))
    return delays


async def check_stored(database_url: str, stats: Stats) -> None:
    """Every acknowledged move is in the database, as acknowledged (zero lost)."""
    import asyncpg

    url = database_url.replace("postgresql+asyncpg://", "postgresql://")
    conn = await asyncpg.connect(url)
    try:
        tables = sorted({table for table, _ in stats.acked})
        rows = await conn.fetch(
            "SELECT table_id, number, seat, text FROM kibitz_moves WHERE table_id = ANY($1)",
            tables,
        )
    finally:
        await conn.close()
    stored = {(r["table_id"], r["number"]): (r["seat"], r["text"]) for r in rows}
    lost = [
        (key, seat, move)
        for key, (_, _, seat, move) in stats.acked.items()
        if stored.get(key) != (seat, move)
    ]
    print(
        f"acknowledged moves: {len(stats.acked)}, in the database: {len(stats.acked) - len(lost)}, "
        f"lost: {len(lost)}"
    )
    if lost:
        raise SystemExit(f"acknowledged moves missing from the database: {lost[:10]}")


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
    stretches: list[tuple[float, int, float, float, float]],
    crossed: list[tuple[float, int, float, float, float]],
    args: argparse.Namespace,
    path: Path,
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    starts = [row[0] for row in stretches]
    figure, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(9, 6))
    top.plot(starts, [row[2] for row in stretches], label="p50")
    top.plot(starts, [row[3] for row in stretches], label="p99")
    top.plot(starts, [row[4] for row in stretches], label="max", alpha=0.4)
    if crossed:
        top.plot(
            [row[0] for row in crossed],
            [row[2] for row in crossed],
            label="p50 ack -> state on another process",
            linestyle="--",
        )
    if args.kill_one_at is not None:
        for axis in (top, bottom):
            axis.axvline(args.kill_one_at, color="black", linestyle="-.", label="SIGKILL")
    top.axhline(100, color="red", linestyle=":", label="100 ms")
    top.set_ylabel("act -> ack, ms")
    top.set_yscale("log")
    top.legend()
    bottom.bar(starts, [row[1] / args.stretch for row in stretches], width=args.stretch * 0.9)
    bottom.set_ylabel("moves/s")
    bottom.set_xlabel("seconds from the start")
    processes = f"{args.processes} processes, " if args.processes > 1 else ""
    figure.suptitle(
        f"kibitz serve: {processes}{args.tables} tables x {args.players} seats of {args.game}, "
        f"think {args.think:g} s, {args.games} games each"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def percentiles(samples: list[tuple[float, float]], what: str = "moves") -> str:
    lat = sorted(latency for _, latency in samples)
    if not lat:
        return "none"
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    return f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {lat[-1] * 1000:.1f} ms ({len(lat)} {what})"


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
        "--database-url", help="the started servers' database (default: a new SQLite file)"
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (more than one: Redis)"
    )
    parser.add_argument("--redis-url", help="the Redis the started processes share")
    parser.add_argument(
        "--client-processes",
        type=int,
        default=1,
        help="run the clients in this many processes (800 clients are much for one)",
    )
    parser.add_argument(
        "--kill-one-at",
        type=float,
        help="SIGKILL the last process this many seconds in; check every ack in the database",
    )
    args = parser.parse_args()
    if args.url:
        run(bench(args, [args.url.rstrip("/")], []))
        return
    if args.processes > 1 and not (args.redis_url and args.database_url):
        parser.error("several processes need --redis-url and --database-url postgresql://...")
    if args.kill_one_at is not None and args.processes < 2:
        parser.error("--kill-one-at needs --processes 2 or more")
    with tempfile.TemporaryDirectory() as folder:
        database = args.database_url or str(Path(folder) / "bench.sqlite3")
        ports = [free_port() for _ in range(args.processes)]
        servers = [start_server(port, database, args.redis_url) for port in ports]
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        try:
            for url in urls:
                run(wait_healthy(url))
            run(bench(args, urls, servers))
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
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
