"""Build hook: compile the engines with mypyc whenever kibitz is installed or built.

`pip install -e .` (what `make run` and `make test` do) compiles the modules that
`kibitz.compiled.MODULES` lists into C extensions beside their sources in src/; a wheel
build compiles them the same way and packs the extensions (a platform wheel). Then it writes
`src/kibitz/compiled.json` with the SHA-256 of each source, which `import kibitz` checks
before it lets the extensions run (docs/engines.md).

Compiling is an optimisation, never a requirement: where it fails (no C compiler, no mypy in
the build environment, an interpreter mypyc does not support) the hook says why and kibitz
installs as pure Python. `KIBITZ_PURE=1` in the environment skips it on purpose.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

_SETUP = """
import sys
from setuptools import Extension, setup
from mypyc.build import mypycify

target, cache, *paths = sys.argv[1:]
sys.argv[1:] = ["build_ext", "--inplace", "--build-temp", f"{target}/temp", "--build-lib", target]
typed = [path for path in paths if path.endswith(".py")]
written_in_c = [path for path in paths if path.endswith(".c")]
setup(
    name="kibitz-engines",
    package_dir={"": "src"},
    ext_modules=[
        *mypycify(
            ["--cache-dir", cache, "--follow-imports=silent", *typed],
            group_name="kibitz.compiled",
            target_dir=target,
        ),
        *(Extension(path[4:-2].replace("/", "."), [path]) for path in written_in_c),
    ],
)
"""
"""Runs in a child process: setuptools' build_ext with the C sources mypyc writes and the
modules written in C (`src/kibitz/.../name.c` is module `kibitz....name`). The modules
compiled are type-checked strictly; the modules they import but that are not compiled
(kibitz.rl's adapters, which import numpy, absent from the build environment) only lend
their types (`--follow-imports=silent`: a missing import there is no error)."""


class CompileEngines(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        package = Path(self.root) / "src" / "kibitz"
        compiled = _load(package / "compiled.py")
        _clean(package)
        if os.environ.get(compiled.PURE_VARIABLE):
            self.app.display_info(f"kibitz: {compiled.PURE_VARIABLE} is set: pure Python")
            return
        self.app.display_info("kibitz: compiling the engines with mypyc (about a minute)")
        modules = (*compiled.MODULES, *compiled.EXTENSIONS)
        failure = _compile(Path(self.root), [compiled.source(module) for module in modules])
        if failure:
            _clean(package)
            self.app.display_warning(
                f"kibitz: the engines could not be compiled, installing them as pure Python "
                f"(they run about half as fast):\n{failure}"
            )
            return
        digests = {
            module: hashlib.sha256(compiled.source(module).read_bytes()).hexdigest()
            for module in modules
        }
        compiled.MANIFEST.write_text(json.dumps({"modules": digests}, indent=1) + "\n")
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        build_data["artifacts"].extend(
            ["/src/kibitz/compiled.json", *(f"/{path}" for path in _built(package))]
        )


def _load(path: Path) -> Any:
    """kibitz.compiled read from its file (the package itself is not importable here)."""
    spec = importlib.util.spec_from_file_location("kibitz_compiled_list", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _built(package: Path) -> list[str]:
    """The extensions in the package, relative to the project root."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    root = package.parent.parent
    return sorted(str(path.relative_to(root)) for path in package.rglob(f"*{suffix}"))


def _clean(package: Path) -> None:
    """Remove what an earlier build left: every extension in the package (kibitz has no
    other) and the manifest."""
    for path in package.rglob("*"):
        if path.suffix in {".so", ".pyd"}:
            path.unlink()
    (package / "compiled.json").unlink(missing_ok=True)


def _compile(root: Path, sources: list[Path]) -> str | None:
    """Compile the modules of `sources` (typed Python for mypyc, or C) in place; None on
    success, else what went wrong."""
    paths = [str(path.relative_to(root)) for path in sources]
    with tempfile.TemporaryDirectory(prefix="kibitz-mypyc-") as target:
        try:
            done = subprocess.run(
                [sys.executable, "-c", _SETUP, target, str(Path(target) / "cache"), *paths],
                cwd=root,
                capture_output=True,
                text=True,
                check=False,
            )
        except OSError as error:
            return str(error)
    if done.returncode:
        return (done.stdout + done.stderr).strip()[-3000:]
    return None
