"""IDN002: the boundary's source identity is not the run's source."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.identity import normalize_identity
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import MANIFEST
from assay.spec.diagnostics import Related
from assay.spec.rules.identities import IDN002

BOUNDARY = "boundary.md"


@run_check(IDN002)
def check(run: Run) -> Iterator[Finding]:
    """The boundary's `source.identity` is not the normal form of `run.toml`'s `source`.

    The boundary freezes the caller's source normalized once, so the frozen value is
    compared with ``normalize_identity(source)`` exactly: never both normalized, since
    normalizing is not idempotent (``r/.git`` freezes as ``r/``, which normalizes on to
    ``r``). IDN001 does not judge this field in a run; this check does."""
    frozen = run.field(BOUNDARY, "source.identity")
    source = run.field(MANIFEST, "source")
    if frozen is None or source is None or frozen.value is None or source.value is None:
        return  # a missing field is FLD001's
    if frozen.placeholder:
        return  # a template blank is FLD's to report
    caller = normalize_identity(source.value)
    if frozen.value == caller:
        return
    # A difference of form: the frozen value normalizes to the caller's normal form, or
    # to what that normalizes to (`r`, frozen for a caller's `r/.git`, whose form is `r/`).
    if normalize_identity(frozen.value) in (caller, normalize_identity(caller)):
        problem = f"is not the normal form of run.toml's `{source.value}`: write `{caller}`"
    else:
        normalized = f" (`{caller}` normalized)" if caller != source.value else ""
        problem = f"names another source than run.toml's `{source.value}`{normalized}"
    yield Finding(
        frozen.span,
        f"source.identity `{frozen.value}` {problem}: the boundary freezes the run's source",
        (Related("the run's source", run.path(MANIFEST), source.span),),
        path=run.path(BOUNDARY),
    )
