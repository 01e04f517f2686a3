"""PTH002: a record path, or a declared source, that goes through a symbolic link."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import refusals
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.sources import PTH002


@workspace_check(PTH002)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A document or a declared source (or a folder on its path) is a symbolic link:
    reported, not followed."""
    for skipped in workspace.discovery.skipped:
        if skipped.reason == "symlink":
            yield Finding(
                START,
                "a symbolic link; assay does not follow links (commit the file itself)",
                path=skipped.path,
            )
    yield from refusals(workspace, "PTH002")
