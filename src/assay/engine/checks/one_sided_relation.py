"""LNK003: a relation the other record does not state back."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.diagnostics import Related
from assay.spec.rules.links import LNK003
from assay.spec.source import Span


@workspace_check(LNK003)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """Record A says it is superseded by B, but B does not say it supersedes A."""
    index = workspace.records
    focus = workspace.focused  # reported: a finding in focus, or naming a record in focus
    for record in index.relating:
        for _name, inverse, targets in record.relations:
            if inverse is None:
                continue
            for target in targets:
                if (
                    focus is not None
                    and record.path not in focus.paths
                    and not focus.may_name(target)
                ):
                    continue
                other = index.target(record, target)
                if other is None or other is record:
                    continue
                back = [
                    name
                    for name, _inverse, theirs in other.relations
                    if name.casefold() == inverse.casefold()
                    and any(index.target(other, t) is record for t in theirs)
                ]
                # A record no spec declares answers by any link back: a reader who
                # lands on it finds this one (alphagov writes only `Superseded by`, and
                # links the older record from the newer one's Context).
                if not back and record.path not in other.linked:
                    yield Finding(
                        Span(*target[3]),
                        f"`{other.path}` does not say `{inverse}` this record back",
                        (Related("the other record", other.path, other.title_span()),),
                        path=record.path,
                    )
