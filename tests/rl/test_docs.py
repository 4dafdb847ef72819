"""docs/rl.md holds the layouts the code builds (regenerate: python -m kibitz.rl.docs)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from kibitz.rl.docs import BEGIN, END, tables

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_docs_layout_tables_are_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    start, stop = text.index(BEGIN), text.index(END) + len(END)
    assert text[start:stop] + "\n" == tables()
