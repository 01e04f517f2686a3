"""DOC020: a run keeps ``memory-input.md``, which ADR 097 deleted."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.spec.rules.run_layout import DOC020
from assay.spec.source import Span

#: ADR 097 deleted the memory handoff protocol's input bundle, wherever it was kept.
REMOVED = "memory-input.md"


@run_check(DOC020)
def check(run: Run) -> Iterator[Finding]:
    """A run keeps `memory-input.md`, which ADR 097 deleted."""
    for relative in run.documents:
        if relative.rpartition("/")[2] == REMOVED:
            yield Finding(
                Span.point(0, 1, 1),
                f"`{REMOVED}` was deleted by ADR 097 with the memory handoff protocol: the "
                "memory lens reads boundary.md and output/runtime.md like every job, and "
                "nothing reads or verifies this file; remove it",
                path=run.path(relative),
            )
