"""Print the corpus's figures, per repository and in total:

    python -m tests.ecosystem            # records found, precision, records left out
    python -m tests.ecosystem --keys     # also rewrite keys/, new findings marked `?`

Precision counts the key's verdicts; a finding the key does not judge is counted
apart (and fails ``tests/ecosystem/test_ecosystem.py``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.ecosystem.corpus import KEYS, key_lines, repos
from tests.ecosystem.corpus import setup as set_up
from tests.ecosystem.survey import Survey, percent, survey


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.ecosystem")
    parser.add_argument("--keys", action="store_true", help="rewrite keys/, new lines `?`")
    parser.add_argument("only", nargs="*", help="repository names or slugs (default: all)")
    options = parser.parse_args(argv)
    chosen = [r for r in repos() if not options.only or {r.name, r.slug} & set(options.only)]
    surveys = []
    with tempfile.TemporaryDirectory(prefix="assay-ecosystem-") as folder:
        for repo in chosen:
            done = survey(repo, set_up(repo, Path(folder)))
            surveys.append(done)
            if options.keys:
                lines = list(key_lines(list(done.found), done.verdicts))
                path = KEYS / f"{repo.slug}.txt"
                path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    print(table(surveys))
    return 0


def table(surveys: list[Survey]) -> str:
    """The figures as a plain-text table, then the records left out and why."""
    rows = [("repository", "records", "errors", "precision", "warnings", "precision", "left out")]
    totals = [0] * 8
    for s in surveys:
        et, ef, eu = s.judged("error")
        wt, wf, wu = s.judged("warning")
        figures = (len(s.records), s.repo.records, et, ef + eu, wt, wf + wu)
        totals = [a + b for a, b in zip(totals, (*figures, len(s.left_out), 0), strict=True)]
        rows.append(_row(s.repo.name, figures, len(s.left_out)))
    rows.append(_row(f"total ({len(surveys)})", tuple(totals[:6]), totals[6]))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    for s in surveys:
        for out in s.left_out:
            judged = "unjudged" if out.verdict is None else "true" if out.verdict.true else "FALSE"
            lines.append(f"left out ({judged}): {out.path}: {out.reason}")
    return "\n".join(lines)


def _row(name: str, figures: tuple[int, ...], left_out: int) -> tuple[str, ...]:
    found, there, et, ef, wt, wf = figures
    return (
        name,
        f"{found}/{there}",
        f"{et + ef}",
        percent(et, ef),
        f"{wt + wf}",
        percent(wt, wf),
        str(left_out),
    )


if __name__ == "__main__":
    sys.exit(main())
