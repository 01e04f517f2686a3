"""PIN001: a pinned file's bytes no longer have the digest its declaration pins."""

from __future__ import annotations

from collections.abc import Iterator

from attrs import evolve

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import finding, path_of
from assay.engine.context import pin_messages
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.diagnostics import Fix
from assay.spec.rules.sources import PIN001


@workspace_check(PIN001)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A pinned source changed: its sha256 is not the one the declaration pins."""
    for result in workspace.pins:
        span = result.source.sha256_span
        if result.drifted and span is not None:
            assert result.actual is not None  # drifted: the file was read
            message = pin_messages.mismatch(path_of(result), result.source.sha256, result.actual)
            digest = f'"{result.actual}"'  # the literal, quotes included, as `pin --write`
            renewed = Fix(title="Renew the pinned digest", span=span, replacement=digest)
            yield evolve(finding(result, span, message), fix=renewed)
