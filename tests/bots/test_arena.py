"""The arena: rotated seats, reproducible results, intervals, ratings, table and plot."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kibitz.bots import Budget
from kibitz.bots.arena import mean_interval, parse_entrant, play_game, summarize, wilson
from kibitz.cli import main
from kibitz.core import KibitzError


def test_entrants_carry_budgets() -> None:
    assert parse_entrant("hard@250").budget == Budget(iterations=250)
    assert parse_entrant("hard@0.5s").budget == Budget(seconds=0.5)
    assert parse_entrant("easy").budget is None
    with pytest.raises(KibitzError):
        parse_entrant("hard@lots")


def test_every_entrant_sits_in_every_seat() -> None:
    entrants = [parse_entrant(n) for n in ("medium", "easy", "random")]
    seats = [play_game("xbere", entrants, {}, 0, index).seats for index in range(3)]
    for entrant in range(3):
        assert sorted(s[entrant] for s in seats) == [0, 1, 2]


def test_a_game_is_reproducible_from_seed_and_index() -> None:
    entrants = [parse_entrant(n) for n in ("hard@20", "easy")]
    first = play_game("xbere", entrants, {}, 7, 3)
    again = play_game("xbere", entrants, {}, 7, 3)
    assert (first.scores, first.winners) == (again.scores, again.winners)


def test_team_entrants_stay_partners() -> None:
    entrants = [parse_entrant(n) for n in ("medium", "easy", "medium", "easy")]
    for index in range(2):
        result = play_game("kozel", entrants, {"series": False}, 0, index)
        assert sorted(sorted(side) for side in result.sides) == [[0, 2], [1, 3]]
        assert result.shares[0] == result.shares[2]


def test_intervals() -> None:
    low, high = wilson(0.5, 400)
    assert low == pytest.approx(0.451, abs=0.001) and high == pytest.approx(0.549, abs=0.001)
    assert wilson(1.0, 400)[1] == 1.0 and wilson(1.0, 400)[0] > 0.99
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and low < 2.5 < high


def test_summary_averages_the_seats_of_one_name() -> None:
    entrants = [parse_entrant(n) for n in ("medium", "random", "random", "random")]
    results = [play_game("xbere", entrants, {}, 0, i) for i in range(8)]
    medium, rand = summarize(entrants, results)
    assert (medium.seats, rand.seats) == (1, 3)
    total = medium.win + 3 * rand.win
    assert total == pytest.approx(1.0)


def _table(text: str) -> list[str]:
    """The table rows without the timing column."""
    return [line.rsplit("|", 2)[0] for line in text.splitlines() if line.startswith("|")]


def test_the_command_is_reproducible_across_jobs_and_draws_a_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["arena", "xbere", "--bots", "medium,easy,random", "--games", "6", "--seed", "4"]
    plot = tmp_path / "arena.png"
    assert main([*args, "--plot", str(plot)]) == 0
    one = capsys.readouterr().out
    assert main([*args, "--jobs", "2"]) == 0
    two = capsys.readouterr().out
    assert _table(one) == _table(two)
    assert "wins (95% CI)" in one and "rating" in one
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_jobs_run_where_threads_have_no_signal_masks(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Windows has no `pthread_sigmask` or `sigpending`: `--jobs` still plays every game,
    the same as one process."""
    args = ["arena", "xbere", "--bots", "medium,easy,random", "--games", "6", "--seed", "4"]
    assert main(args) == 0
    one = capsys.readouterr().out
    for name in ("pthread_sigmask", "sigpending", "sigwait"):
        monkeypatch.delattr(signal, name)
    assert main([*args, "--jobs", "2"]) == 0
    assert _table(capsys.readouterr().out) == _table(one)


def test_the_command_passes_rule_options_and_refuses_bad_lineups(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "6nimmt", "--bots", "easy,random", "--games", "2", "--rounds", "1"]) == 0
    assert "--rounds 1" in capsys.readouterr().out
    assert main(["arena", "xbere", "--bots", "easy", "--games", "2"]) == 2
    assert main(["arena", "xbere", "--bots", "easy,nobody", "--games", "2"]) == 2


def test_bots_lists_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", "goxeso"]) == 0
    out = capsys.readouterr().out
    for level in ("random", "easy", "medium", "hard", "greedy"):
        assert f"goxeso/{level} " in out


def test_importing_kibitz_and_its_bots_needs_no_arena_extra() -> None:
    import subprocess
    import sys

    code = (
        "import sys, kibitz, kibitz.bots, kibitz.cli.arena; kibitz.bots.available('xbere'); "
        "assert not {'openskill', 'matplotlib'} & set(sys.modules), sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_ctrl_c_stops_the_workers_and_prints_the_games_finished() -> None:
    """A long run stopped with Ctrl+C (the terminal signals the whole process group) still
    prints the table of the games finished, says so, and exits with 130."""
    kibitz = [sys.executable, "-c", "import sys; from kibitz.cli import main; sys.exit(main())"]
    command = [*kibitz, "arena", "xbere", "--bots", "random,random"]
    run = subprocess.Popen(
        [*command, "--games", "1000000", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert run.stderr is not None
    progress = ""
    deadline = time.monotonic() + 60
    while not any(int(n) > 0 for n in re.findall(r"\] (\d+)/1000000", progress)):
        assert time.monotonic() < deadline and run.poll() is None, progress[-200:]
        progress += run.stderr.read(60)  # the progress bar, redrawn every 0.1 s
    os.killpg(run.pid, signal.SIGINT)
    out, _ = run.communicate(timeout=30)
    assert run.returncode == 130
    assert "stopped (Ctrl+C) after games 0-" in out and "of the 1000000 asked for" in out
    assert "wins (95% CI)" in out
