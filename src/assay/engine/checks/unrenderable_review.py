"""DOC022: a run whose review cannot be rendered whole from what verification read."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.engine.runs.review_source import review_gaps
from assay.spec.rules.runs import DOC022


@run_check(DOC022)
def check(run: Run) -> Iterator[Finding]:
    """A run's review cannot be rendered whole: a part is missing, empty, or given twice."""
    for gap in review_gaps(run):
        yield Finding(
            gap.span, f"the review cannot be rendered whole: {gap.message}", path=gap.path
        )
