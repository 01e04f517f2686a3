"""PIN002: a declared line range that is not inside the file."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import finding, path_of
from assay.engine.context import pin_messages
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.sources import PIN002


@workspace_check(PIN002)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A source's `lines A..B` reach past the end of the file."""
    for result in workspace.pins:
        lines = result.source.lines
        if result.line_count is not None and lines is not None:
            message = pin_messages.out_of_range(
                path_of(result), lines.start, lines.end, result.line_count
            )
            yield finding(result, lines.span, message)
