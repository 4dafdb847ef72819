"""The layer rule (docs/architecture.md), read from every module's imports, lazy ones too:
`kibitz.core` imports only the standard library, a game only the core (never another game),
the bots only the core and the games, and nothing imports `kibitz.cli`, `kibitz.server` or
`kibitz.rl` but themselves (and the server's commands: `kibitz serve`, which starts it, and
`kibitz ratings`, which rebuilds its ratings). One exception: `kibitz.core.native` names
mypyc's class flags from mypy_extensions for the type checker and mypyc only, never at run
time (the last test here proves it)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "kibitz"
ADAPTERS = ("kibitz.cli", "kibitz.server", "kibitz.rl")
SERVER_COMMANDS = ("kibitz.cli.serve", "kibitz.cli.ratings")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The modules `path` imports, relative imports resolved."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.add(base)
    return found


MODULES = {_module_name(path): _imports(path) for path in sorted(PACKAGE.rglob("*.py"))}


def _within(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def _stdlib(name: str) -> bool:
    return name.split(".", maxsplit=1)[0] in sys.stdlib_module_names or name == "__future__"


def _allowed(module: str, imported: str) -> bool:
    if imported == "mypy_extensions":
        return module == "kibitz.core.native"
    if _within(imported, *ADAPTERS):
        if module in SERVER_COMMANDS and _within(imported, "kibitz.server"):
            return True
        own = next((a for a in ADAPTERS if _within(module, a)), None)
        return own is not None and _within(imported, own)
    if _within(module, "kibitz.core"):
        return _stdlib(imported) or _within(imported, "kibitz.core")
    if _within(module, "kibitz.games"):
        if module == "kibitz.games":
            return _within(imported, "kibitz.games")
        game = ".".join(module.split(".")[:3])
        return _stdlib(imported) or _within(imported, "kibitz.core", game)
    if _within(module, "kibitz.bots"):
        return _stdlib(imported) or _within(imported, "kibitz.core", "kibitz.games", "kibitz.bots")
    return True


def test_every_layer_imports_only_the_layers_below_it() -> None:
    # The CLI and the server read the rules pages from the core.
    assert "kibitz.core.rules_text" in MODULES["kibitz.server.pages"] & MODULES["kibitz.cli.rules"]
    broken = sorted(
        f"{module} imports {imported}"
        for module, imports in MODULES.items()
        for imported in imports
        if not _allowed(module, imported)
    )
    assert broken == []


@pytest.mark.parametrize(
    ("module", "imported", "allowed"),
    [
        ("kibitz.core.game", "random", True),
        ("kibitz.core.game", "numpy", False),
        ("kibitz.core.registry", "kibitz.games", False),
        ("kibitz.games.kozel.game", "kibitz.core", True),
        ("kibitz.games.kozel.game", "kibitz.games.kozel.cards", True),
        ("kibitz.games.kozel.game", "kibitz.games.nimmt.cards", False),
        ("kibitz.games.kozel.game", "kibitz.bots", False),
        ("kibitz.bots.kozel", "kibitz.games.kozel.cards", True),
        ("kibitz.bots.kozel", "kibitz.rl", False),
        ("kibitz.server.pages", "kibitz.cli.rules", False),
        ("kibitz.rl.openspiel", "kibitz.server", False),
        ("kibitz.cli.play", "kibitz.bots", True),
        ("kibitz.cli.serve", "kibitz.server.config", True),
        ("kibitz.cli.play", "kibitz.server", False),
        ("kibitz.core.native", "mypy_extensions", True),
        ("kibitz.games.kozel.game", "mypy_extensions", False),
    ],
)
def test_the_rule_itself(module: str, imported: str, allowed: bool) -> None:
    assert _allowed(module, imported) is allowed


def test_kibitz_runs_without_mypy_extensions() -> None:
    """Compiled or not, nothing imports mypy_extensions at run time: a game plays where it
    cannot be imported."""
    script = (
        "import sys; sys.modules['mypy_extensions'] = None\n"
        "import kibitz\n"
        "game = kibitz.make('kozel', players=4, seed=3)\n"
        "while not game.is_over():\n"
        "    seat = min(game.to_act())\n"
        "    game.apply(seat, game.legal_moves(seat)[0])\n"
        "print(game.outcome())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Outcome(scores=" in done.stdout
