"""Bot worker processes never outlive `kibitz serve`: not after SIGKILL (the workers watch
their parent and leave as soon as they get the CPU: 0.07 s on a quiet machine, 3 s seen at
load 10), and within 2 s of a normal stop (SIGTERM) while a bot is thinking (0.27 s)."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import httpx
import pytest

from .processes import Server, free_port

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")


def children(pid: int) -> set[tuple[int, str]]:
    """The processes whose parent is `pid`, each as (pid, start time) so that a reused
    process id is not taken for the same process."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None and int(fields[1]) == pid:
                found.add((int(entry), fields[19]))
    return found


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def alive(process: tuple[int, str]) -> bool:
    fields = _stat(process[0])
    return fields is not None and fields[19] == process[1] and fields[0] not in ("Z", "X")


@pytest.mark.parametrize("stop", ["SIGKILL", "SIGTERM"])
def test_no_worker_outlives_the_server(tmp_path: Path, stop: str) -> None:
    server = Server(
        str(tmp_path / "kibitz.sqlite3"),
        free_port(),
        tmp_path / "server.log",
        *("--bot-workers", "1", "--bot-seconds", "5"),
    )
    server.start()
    try:
        body = {"game": "xbere", "players": 2, "seats": [{"kind": "bot", "bot": "hard"}] * 2}
        assert httpx.post(server.url + "/api/tables", json=body).status_code == 201
        assert server.process is not None
        deadline = time.monotonic() + 20
        while len(workers := children(server.process.pid)) < 2:  # a worker, its tracker
            assert time.monotonic() < deadline, "no bot worker started"
            time.sleep(0.1)
        time.sleep(1)  # the hard bot is thinking now (5 s a move)
        stopped = time.monotonic()
        os.kill(server.process.pid, getattr(signal, stop))
        server.process.wait(10)
        while any(alive(w) for w in workers) and time.monotonic() - stopped < 15:
            time.sleep(0.05)
        gone = time.monotonic() - stopped
        left = [w for w in workers if alive(w)]
        for pid, _ in left:
            os.kill(pid, signal.SIGKILL)  # leave no orphan behind even when failing
        assert not left, f"{len(left)} of the server's processes outlived it by 15 s"
        assert stop == "SIGKILL" or gone < 2, f"a normal stop took {gone:.1f} s"
    finally:
        server.stop()
