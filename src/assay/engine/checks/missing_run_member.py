"""DOC017: an analysis run without one of its members."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import MANIFEST, MEMBERS
from assay.spec.rules.runs import DOC017
from assay.spec.source import Span

#: What each member is, for the message.
_WHAT = {
    "boundary.md": "the boundary report",
    "output/runtime.md": "the runtime member",
    "lenses/memory.md": "the memory lens",
    "lenses/epistemic.md": "the epistemic lens",
    "overview.md": "the last reconciliation's overview",
    "verify.md": "the last verification",
}


@run_check(DOC017)
def check(run: Run) -> Iterator[Finding]:
    """An analysis run lacks a member: a complete run has all six."""
    for member in MEMBERS:
        if run.member(member) is None:
            yield Finding(
                Span.point(0, 1, 1),
                f"the run has no `{member}` ({_WHAT.get(member, 'a member')}): a complete "
                "run has the boundary, the runtime member, both lenses, the overview and "
                "the verification",
                path=run.path(MANIFEST),
            )
