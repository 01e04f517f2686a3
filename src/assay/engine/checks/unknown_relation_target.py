"""LNK004: a relation naming a record that is not there."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.links import LNK004
from assay.spec.source import Span


@workspace_check(LNK004)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A relation names a record by ID (`Supersedes ADR-0042`) and no record has it."""
    index = workspace.records
    focus = workspace.focused  # a finding is in the record that names the target
    for record in index.relating:
        if focus is not None and record.path not in focus.paths:
            continue
        for name, _inverse, targets in record.relations:
            for target in targets:
                text, destination, number, span = target
                if destination is None and index.target(record, target) is None:
                    yield Finding(
                        Span(*span),
                        f"{name} `{text}`: no record numbered {number}",
                        path=record.path,
                    )
