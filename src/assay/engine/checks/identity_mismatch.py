"""IDN002: the boundary's source identity is not the run's source."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.identity import normalize_identity
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import MANIFEST
from assay.spec.diagnostics import Related
from assay.spec.rules.runs import IDN002

BOUNDARY = "boundary.md"


@run_check(IDN002)
def check(run: Run) -> Iterator[Finding]:
    """The boundary's `source.identity` names another source than `run.toml`'s `source`."""
    frozen = run.field(BOUNDARY, "source.identity")
    source = run.field(MANIFEST, "source")
    if frozen is None or source is None or frozen.value is None or source.value is None:
        return  # a missing field is FLD001's
    if normalize_identity(frozen.value) == normalize_identity(source.value):
        return
    caller = normalize_identity(source.value)
    normalized = f" (`{caller}` normalized)" if caller != source.value else ""
    yield Finding(
        frozen.span,
        f"source.identity `{frozen.value}` names another source than run.toml's "
        f"`{source.value}`{normalized}: the boundary freezes the run's source",
        (Related("the run's source", run.path(MANIFEST), source.span),),
        path=run.path(BOUNDARY),
    )
