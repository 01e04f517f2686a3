"""PTH001: a declared source path that leaves the workspace."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import refusals
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.sources import PTH001


@workspace_check(PTH001)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A source path is absolute, names a drive, holds a backslash or NUL, or leaves the
    workspace with `..`."""
    return refusals(workspace, "PTH001")
