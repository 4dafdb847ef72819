"""The compiled engines: which modules mypyc compiles at install, and whether they run.

The pure-rule modules listed in `MODULES` are plain typed Python. Installing kibitz (`pip
install`, `make run`, `make test`, a wheel build) also compiles them with mypyc into C
extensions beside their sources (`hatch_build.py`), and writes `compiled.json` with a digest
of each source; random play then runs about twice as fast (docs/engines.md). Without a C
compiler the install leaves them pure and everything works the same.

`import kibitz` calls `choose()` before any of these modules is imported. It keeps the
compiled ones only when every digest matches its source and `KIBITZ_PURE` is not set in the
environment; otherwise a finder ahead of the standard ones loads every module of kibitz from
its `.py` source. So an edited source is never shadowed by an older build (reinstall to
compile it again), and the compiled and the pure modules are never mixed: they could not
work together.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

MODULES = (
    "kibitz.core.game",
    "kibitz.core.rng",
    "kibitz.games.goxeso.cards",
    "kibitz.games.goxeso.exchange",
    "kibitz.games.goxeso.game",
    "kibitz.games.goxeso.moves",
    "kibitz.games.goxeso.sampling",
    "kibitz.games.goxeso.search",
    "kibitz.games.goxeso.setup",
    "kibitz.games.goxeso.turns",
    "kibitz.games.goxeso.views",
    "kibitz.games.kozel.cards",
    "kibitz.games.kozel.game",
    "kibitz.games.kozel.legal",
    "kibitz.games.kozel.moves",
    "kibitz.games.kozel.sampling",
    "kibitz.games.kozel.search",
    "kibitz.games.kozel.setup",
    "kibitz.games.kozel.tricks",
    "kibitz.games.kozel.views",
    "kibitz.games.nimmt.cards",
    "kibitz.games.nimmt.game",
    "kibitz.games.nimmt.moves",
    "kibitz.games.nimmt.rules",
    "kibitz.games.nimmt.sampling",
    "kibitz.games.nimmt.search",
    "kibitz.games.nimmt.setup",
    "kibitz.games.nimmt.views",
    "kibitz.rl.adapters.gather",
    "kibitz.rl.adapters.goxeso_tracker",
    "kibitz.rl.adapters.kozel_tracker",
    "kibitz.rl.adapters.rows_tracker",
    "kibitz.rl.adapters.tracker",
    "kibitz.rl.batch",
    "kibitz.rl.legal",
    "kibitz.rl.numbering",
    "kibitz.rl.seat_steps",
)
"""The modules compiled: the engines and what they call while a game is played, dealt or
sampled; and what the RL environments run at every move (the observation trackers, the
vector environment's step loop, the legal moves listed for a mask), which would cost
several times the compiled engine's move in the interpreter; and the views' codecs, which
build a view for every bot's decision (Kozel's in half the time compiled). Those import no
numpy: the build environment has none. Not the views' shapes (`view_types`): mypyc would
drop their TypedDicts' documentation, which the JSON Schema export reads; nor the options,
records or the registry, which run once a game."""

EXTENSIONS = ("kibitz.rl.adapters._writes",)
"""Modules written in C (`_writes.c`: the trackers' writes of one value at many offsets),
built with the compiled modules and used only with them: the pure-Python modules use their
Python twins (`kibitz.rl.adapters.writes`)."""

PURE_VARIABLE = "KIBITZ_PURE"
"""Set (to anything but empty) in the environment: run the pure-Python modules."""

MANIFEST = Path(__file__).with_name("compiled.json")
"""Written by the build: {"modules": {module: SHA-256 of the source it was compiled from}}."""

_PACKAGE = Path(__file__).parent


def source(module: str) -> Path:
    """The source of module `module` of kibitz (one of `MODULES`, say): its `.py` file, or
    for one of `EXTENSIONS` its `.c` file."""
    suffix = ".c" if module in EXTENSIONS else ".py"
    return _PACKAGE.joinpath(*module.split(".")[1:]).with_suffix(suffix)


def digest(module: str) -> str:
    return hashlib.sha256(source(module).read_bytes()).hexdigest()


class _Sources(importlib.abc.MetaPathFinder):
    """Finds every module of kibitz (not a package) as its `.py` source, ahead of any
    extension, even one an older build with a longer list left behind."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("kibitz.") or fullname in EXTENSIONS:
            return None
        file = source(fullname)
        return importlib.util.spec_from_file_location(fullname, file) if file.is_file() else None


def _reason_to_stay_pure() -> str | None:
    """Why the compiled modules may not run, or None when they may."""
    if os.environ.get(PURE_VARIABLE):
        return f"{PURE_VARIABLE} is set"
    try:
        built = json.loads(MANIFEST.read_text(encoding="utf-8"))["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return "not compiled"
    stale = [module for module in (*MODULES, *EXTENSIONS) if built.get(module) != digest(module)]
    if stale:
        warnings.warn(
            f"kibitz: {source(stale[0])} changed since the engines were compiled: running the "
            "pure-Python engines (reinstall kibitz, e.g. make test, to compile them again)",
            RuntimeWarning,
            stacklevel=3,
        )
        return "stale"
    return None


def choose() -> None:
    """Keep the compiled modules, or have the pure ones imported (see the module docstring).
    Called once by `import kibitz`, before any module of the list is imported."""
    if _reason_to_stay_pure() is not None and not any(
        isinstance(finder, _Sources) for finder in sys.meta_path
    ):
        sys.meta_path.insert(0, _Sources())


def active() -> bool:
    """Whether the compiled engines run in this process."""
    from kibitz.core import game

    return not (game.__file__ or "").endswith(".py")
