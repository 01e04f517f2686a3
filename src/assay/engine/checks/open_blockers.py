"""FRM004: the run's last verification lists blockers."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.blockers import VERIFY, blockers, blockers_span
from assay.engine.runs.model import Run
from assay.spec.rules.forms import FRM004


@run_check(FRM004)
def check(run: Run) -> Iterator[Finding]:
    """The run's `verify.md` lists blockers: the run is not verified."""
    listed = blockers(run)
    where = blockers_span(run)
    if listed and where is not None:
        noun = "blocker" if len(listed) == 1 else "blockers"
        yield Finding(
            where,
            f"the run is not verified: verify.md lists {len(listed)} {noun}; "
            "it is not rendered or published",
            path=run.path(VERIFY),
        )
