"""`mypyc_attr`: flags that mypyc reads from a class when it compiles the module (see
`kibitz.compiled` and docs/engines.md), and nothing when the module runs as Python.

Only the type checker and mypyc import mypy_extensions; at run time this module, which is
never compiled, gives a decorator that returns the class unchanged, so kibitz needs nothing
beyond the standard library.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*_names: str, **_flags: object) -> Callable[[type], type]:
        return lambda cls: cls
