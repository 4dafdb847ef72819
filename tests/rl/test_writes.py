"""The trackers' writes of one value at many offsets (`kibitz.rl.adapters.writes`): the C
functions (built with the compiled engines) write exactly what their Python twins write,
and refuse what could write outside the array."""

from __future__ import annotations

import importlib.util
import os
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import kibitz
from kibitz.rl.adapters import writes


def _c_module() -> ModuleType:
    if not kibitz.compiled.active():
        if os.environ.get("CI"):
            pytest.fail("CI installs kibitz with its compiled engines, but they do not run")
        pytest.skip("the engines are not compiled here (an install without a C compiler?)")
    from kibitz.rl.adapters import _writes

    return _writes


def _calls(rng: random.Random, size: int) -> list[tuple[str, tuple[Any, ...]]]:
    """Random calls of the three functions within an array of `size` floats."""
    calls: list[tuple[str, tuple[Any, ...]]] = []
    for _ in range(300):
        offsets = [rng.randrange(size // 2) for _ in range(rng.randrange(6))]
        value = rng.choice([0.0, 1.0, rng.random(), 3])
        shift = rng.randrange(size // 4)
        shifts = tuple(rng.randrange(size // 4) for _ in range(rng.randrange(5)))
        calls.append(
            rng.choice(
                [
                    ("fill", (offsets, value)),
                    ("fill_shifted", (offsets, shift, value)),
                    ("fill_grid", (offsets, shifts, value)),
                ]
            )
        )
    return calls


def _python_twins(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """A fresh copy of the module as it is without the C functions."""
    monkeypatch.setattr(kibitz.compiled, "active", lambda: False)
    spec = importlib.util.spec_from_file_location("python_writes", writes.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_c_writes_equal_the_python_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    c_writes = _c_module()
    python_writes = _python_twins(monkeypatch)
    assert python_writes.fill.__module__ == "python_writes"
    rng = random.Random(3)
    rows = [np.zeros((4, 50), dtype=np.float32) for _ in range(2)]
    views = [memoryview(row.reshape(-1)) for row in rows]
    for name, arguments in _calls(rng, 200):
        getattr(python_writes, name)(views[0], *arguments)
        getattr(c_writes, name)(views[1], *arguments)
        assert np.array_equal(rows[0], rows[1]), f"{name}{arguments}"
    assert np.count_nonzero(rows[1]) > 50


def test_the_python_twins_are_those_of_the_module() -> None:
    """The module runs the C functions where the engines are compiled, else its own."""
    source = "kibitz.rl.adapters._writes" if kibitz.compiled.active() else writes.__name__
    assert {writes.fill.__module__, writes.fill_grid.__module__} == {source}


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda c, view: c.fill(view, [0, 200], 1.0), IndexError),
        (lambda c, view: c.fill(view, [-1], 1.0), IndexError),
        (lambda c, view: c.fill_shifted(view, [150], 50, 1.0), IndexError),
        (lambda c, view: c.fill_grid(view, [100], [0, 100], 1.0), IndexError),
        (lambda c, view: c.fill(view, ["1"], 1.0), TypeError),
        (lambda c, view: c.fill(view, [1], "one"), TypeError),
        (lambda c, view: c.fill(view, [1]), TypeError),
        (lambda c, view: c.fill(memoryview(np.zeros(4)), [1], 1.0), TypeError),
        (lambda c, view: c.fill(memoryview(np.zeros(8, np.float32)[::2]), [1], 1.0), TypeError),
        (lambda c, view: c.fill(memoryview(bytes(16)).cast("f"), [1], 1.0), TypeError),
        (lambda c, view: c.fill(np.zeros(4, np.float32), [1], 1.0), TypeError),
    ],
)
def test_the_c_writes_refuse_what_could_write_outside(
    call: Callable[[ModuleType, memoryview], None], error: type[Exception]
) -> None:
    c_writes = _c_module()
    row = np.zeros(200, dtype=np.float32)
    with pytest.raises(error):
        call(c_writes, memoryview(row))


def test_a_released_view_is_refused() -> None:
    c_writes = _c_module()
    view = memoryview(np.zeros(4, np.float32))
    view.release()
    with pytest.raises(ValueError, match="released"):
        c_writes.fill(view, [1], 1.0)
