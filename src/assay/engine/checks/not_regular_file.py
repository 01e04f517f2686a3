"""PTH003: a document path, or a declared source, that is not a regular file."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import refusals
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.sources import PTH003


@workspace_check(PTH003)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A path that should be a document, or a declared source, is not a regular file."""
    for skipped in workspace.discovery.skipped:
        if skipped.reason == "not-regular-file":
            detail = f" ({skipped.detail})" if skipped.detail else ""
            yield Finding(START, f"not a regular file{detail}; it is not read", path=skipped.path)
    yield from refusals(workspace, "PTH003")
