"""PIN003: a declared source without a sha256 digest."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import finding, path_of
from assay.engine.context import pin_messages
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.sources import PIN003


@workspace_check(PIN003)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A source names a file but pins no digest, so nothing notices when it changes."""
    for result in workspace.pins:
        if result.source.sha256 is None and result.actual is not None:
            yield finding(result, result.source.span, pin_messages.missing(path_of(result)))
