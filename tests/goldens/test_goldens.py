"""Every playthrough golden still matches: replaying its record gives exactly the stored
views and states. A mismatch shows a unified diff of the golden text."""

from __future__ import annotations

import difflib

import pytest

from .playthrough import CASES, Case, read_record, render


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.stem)
def test_playthrough_matches_its_golden(case: Case) -> None:
    stored = case.path.read_text(encoding="utf-8")
    again = render(case, read_record(stored))
    if again != stored:
        diff = difflib.unified_diff(
            stored.splitlines(keepends=True),
            again.splitlines(keepends=True),
            f"stored {case.path.name}",
            "replayed",
            n=2,
        )
        shown = "".join(list(diff)[:200])
        pytest.fail(
            f"{case.path.name} differs from a replay of its record (if the change is meant, "
            f"run `python -m tests.goldens.regenerate {case.stem}` and review the diff):\n"
            f"{shown}",
            pytrace=False,
        )
