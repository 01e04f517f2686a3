"""FRM005: a run's verification writes Blockers under another heading than ``###``."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import member_type
from assay.spec.rules.run_layout import FRM005

#: The heading ADR 097 names: "The verify job's validator accepts `### Blockers` …".
LEVEL = 3


@run_check(FRM005)
def check(run: Run) -> Iterator[Finding]:
    """A run's verification writes Blockers under another heading than `### Blockers`."""
    for relative, member in run.documents.items():
        if member_type(relative) != "verification":
            continue
        if member.reading is None or member.document is None:
            continue
        starts = {s.span.start for s in member.reading.section("Blockers")}
        for section in member.document.walk_sections():
            heading = section.heading
            if heading.span.start in starts and heading.level != LEVEL:
                written = "#" * heading.level
                yield Finding(
                    heading.span,
                    f"`{written} {heading.text}` is not the `### Blockers` heading ADR 097 "
                    "names, the one its verify job writes and its validator reads: write "
                    "`### Blockers`",
                    path=run.path(relative),
                )
