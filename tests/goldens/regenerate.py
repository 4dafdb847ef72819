"""Write the playthrough goldens: `python -m tests.goldens.regenerate [STEM ...]`.

An existing golden keeps its record (the moves stay the same, so the new file differs only
where views or states changed); a missing one is played anew from its case's seed. With
`--fresh`, every named golden (all by default) is played anew. Review the diff before
committing it: each changed line is a change in what some seat sees.
"""

from __future__ import annotations

import argparse
import sys

from .playthrough import CASES, play, read_record, render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("stems", nargs="*", help="goldens to write (default: all)")
    parser.add_argument("--fresh", action="store_true", help="play new records from the seeds")
    args = parser.parse_args(argv)
    known = {case.stem: case for case in CASES}
    unknown = [stem for stem in args.stems if stem not in known]
    if unknown:
        parser.error(f"no golden {', '.join(unknown)}; the goldens are {', '.join(known)}")
    for case in [known[stem] for stem in args.stems] or list(CASES):
        exists = case.path.exists() and not args.fresh
        record = read_record(case.path.read_text(encoding="utf-8")) if exists else play(case)
        text = render(case, record)
        old = case.path.read_text(encoding="utf-8") if case.path.exists() else None
        case.path.write_text(text, encoding="utf-8")
        status = "unchanged" if old == text else "written"
        print(f"{case.path.name}: {status} ({len(record.moves)} moves, {len(text) // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
