"""DOC018: a run's review.md that is not the review the run renders."""

from __future__ import annotations

import shlex
from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.engine.runs.review import default_destination, render_review, run_review
from assay.spec.rules.runs import DOC018
from assay.spec.source import Span


@run_check(DOC018)
def check(run: Run) -> Iterator[Finding]:
    """A run keeps a `review.md` that differs from the review `assay render` produces."""
    if run.review is None:
        return
    source = run_review(run)
    if source is None:  # a part is missing: the member checks say which
        return
    destination = default_destination(run)
    rendered = render_review(source, destination).encode("utf-8")
    if run.review == rendered:
        return
    line, offset = _first_difference(run.review, rendered)
    folder = shlex.quote(run.folder or ".")  # a command to paste, whatever the folder's name
    yield Finding(
        Span.point(offset, line, 1),
        f"review.md is not the review this run renders (from line {line} on): renew it "
        f"with `assay render {folder} --write`",
        path=destination,
    )


def _first_difference(kept: bytes, rendered: bytes) -> tuple[int, int]:
    """The 1-based line on which ``kept`` first differs from ``rendered``, and the byte
    offset in ``kept`` where that line starts."""
    offset = 0
    kept_lines, rendered_lines = kept.split(b"\n"), rendered.split(b"\n")
    for number, (a, b) in enumerate(zip(kept_lines, rendered_lines, strict=False), start=1):
        if a != b:
            return number, offset
        offset += len(a) + 1
    last = min(len(kept_lines), len(rendered_lines))
    return last, max(0, offset - len(kept_lines[last - 1]) - 1)
