"""DOC009: two records with the same number."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.diagnostics import Related
from assay.spec.rules.records import DOC009


@workspace_check(DOC009)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """Two decision records in one folder share a number in a numbered scheme."""
    first: dict[tuple[str, int], str] = {}
    for record in workspace.records.records:
        number = record.number
        if number is None:
            continue
        key = (record.folder, number)
        if key in first:
            yield Finding(
                START,
                f"record number {number} is also used by `{first[key]}`",
                (Related("the other record", first[key], START),),
                path=record.path,
            )
        else:
            first[key] = record.path
