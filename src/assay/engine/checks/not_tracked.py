"""PTH004: a declared source that git does not track."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import refusals
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.sources import PTH004


@workspace_check(PTH004)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A source names a file git does not track: nobody reviewed it in a commit."""
    return refusals(workspace, "PTH004")
