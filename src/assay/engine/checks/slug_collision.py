"""IDN004: another run's source is another identity with the same slug."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.identity import run_slug
from assay.engine.runs.model import Run
from assay.engine.runs.slugs import colliding
from assay.engine.workspace.run_folders import MANIFEST
from assay.spec.diagnostics import Related
from assay.spec.rules.run_layout import IDN004


@run_check(IDN004)
def check(run: Run) -> Iterator[Finding]:
    """Two runs of different sources have one slug: one run folder name for both."""
    source = run.field(MANIFEST, "source")
    if source is None or source.value is None:
        return
    for folder, other in colliding(source.value, run.sources, run.folder):
        where = f"{folder}/{MANIFEST}" if folder else MANIFEST
        yield Finding(
            source.span,
            f"the source `{source.value}` has the slug `{run_slug(source.value)}`, and so "
            f"has `{other}`, another identity, the source of the run `{folder or '.'}`: one "
            "run folder name cannot hold both runs; if they are one repository, spell "
            "their sources alike",
            (Related("the other run's source", where),),
            path=run.path(MANIFEST),
        )
