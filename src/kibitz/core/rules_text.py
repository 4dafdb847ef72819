"""The rules pages of the games (docs/rules, shipped in the wheel as `kibitz/rules`), read by
`kibitz rules` and by the server's rules pages alike. Standard library only."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from kibitz.core.errors import KibitzError
from kibitz.core.registry import spec

LANGUAGES = ("en", "cs", "ru")
"""The languages of the rules pages: English in docs/rules, the others in docs/rules/<lang>."""


def rules_text(name: str, lang: str = "en") -> str:
    """The rules page of game `name` in `lang`: shipped in the package, or docs/rules in a
    source checkout. An unknown game raises `UnknownGameError`; a page that does not exist
    (in that language) raises `KibitzError`."""
    spec(name)
    if lang not in LANGUAGES:
        raise KibitzError(f"no rules in {lang!r}; the languages are: {', '.join(LANGUAGES)}")
    folder = () if lang == "en" else (lang,)
    shipped = resources.files("kibitz").joinpath("rules", *folder, f"{name}.md")
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[3].joinpath("docs", "rules", *folder, f"{name}.md")
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    raise KibitzError(f"no rules page for {name}" + ("" if lang == "en" else f" in {lang}"))
