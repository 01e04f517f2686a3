"""IDN003: a run folder not named by the slug of its source."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.identity import run_slug
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import MANIFEST
from assay.spec.rules.identities import IDN003


@run_check(IDN003)
def check(run: Run) -> Iterator[Finding]:
    """The run folder's name is not the slug of the run's `source`."""
    source = run.field(MANIFEST, "source")
    if not run.folder or source is None or source.value is None:
        return
    expected = run_slug(source.value)
    name = run.folder.rpartition("/")[2]
    if expected and name != expected:
        yield Finding(
            source.span,
            f"the run folder is `{name}`, but the slug of its source is `{expected}`: "
            f"name the folder `{expected}`",
            path=run.path(MANIFEST),
        )
