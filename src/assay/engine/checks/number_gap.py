"""DOC011: a gap in a folder's record numbers."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.records import DOC011


@workspace_check(DOC011)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """Numbers are missing between a folder's numbered records."""
    folders: dict[str, dict[int, str]] = {}
    for record in workspace.records.records:
        if record.number is not None:
            numbers = folders.setdefault(record.folder, {})
            numbers.setdefault(record.number, record.path)
    for numbers in folders.values():
        ordered = sorted(numbers)
        for before, after in pairwise(ordered):
            if after - before > 1:
                missing = f"{before + 1}" if after - before == 2 else f"{before + 1} to {after - 1}"
                yield Finding(
                    START, f"no record numbered {missing} before this one", path=numbers[after]
                )
