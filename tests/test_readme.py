"""The README's promises: its API example runs, its first two commands exist."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_api_example_runs() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "the README has a Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_readme_opens_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first_block = re.search(r"```sh\n(.*?)```", text, flags=re.S)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block[1].splitlines()]
    assert commands[:2] == ["make run", "make test"]
    makefile = (README.parent / "Makefile").read_text(encoding="utf-8")
    assert "\nrun:" in makefile and "\ntest:" in makefile


def test_make_run_installs_only_what_serving_needs(tmp_path: Path) -> None:
    """`make run` installs the `server` extra, not the whole `dev` set the checks need."""
    if shutil.which("make") is None:
        pytest.skip("no make on this machine")
    venv = f"VENV={tmp_path / 'venv'}"

    def planned(target: str) -> str:
        """What `make TARGET` would run in a fresh checkout (`make -n` runs nothing)."""
        argv = ["make", "-n", target, venv]
        return subprocess.run(
            argv, cwd=README.parent, capture_output=True, text=True, check=True
        ).stdout

    run = planned("run")
    assert "pip install --quiet -e '.[server]'" in run and "[dev]" not in run
    test = planned("pytest")
    assert "pip install --quiet -e '.[dev]'" in test
