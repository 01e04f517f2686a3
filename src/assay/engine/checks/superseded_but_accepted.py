"""FLD008: a superseded record whose status still says accepted."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.record_index import Record, SpanTuple
from assay.engine.context import WorkspaceContext
from assay.spec.diagnostics import Related
from assay.spec.source import Span

_SUPERSEDED_BY = "superseded by"
_SUPERSEDES = "supersedes"


@workspace_check("FLD008", "superseded-but-accepted")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A record is superseded — by its own word or its successor's — yet `accepted`.

    Readers trust the status line; an accepted record that was replaced sends them to
    a decision nobody follows any more. Set its status to `superseded`.

    ## Fails

    ```markdown path=docs/adr/0001-use-mysql.md
    # 1. Use MySQL

    Status: Accepted
    ```

    ```markdown path=docs/adr/0002-use-postgres.md
    # 2. Use PostgreSQL

    * Status: Accepted
    * Supersedes: [ADR 1](0001-use-mysql.md)
    ```

    ## Passes

    ```markdown path=docs/adr/0001-use-mysql.md
    # 1. Use MySQL

    Status: Superseded by [ADR 2](0002-use-postgres.md)
    ```

    ```markdown path=docs/adr/0002-use-postgres.md
    # 2. Use PostgreSQL

    * Status: Accepted
    * Supersedes: [ADR 1](0001-use-mysql.md)
    ```
    """
    index = workspace.records
    superseded: dict[str, tuple[str, SpanTuple]] = {}
    for record in index.records:
        for relation, _inverse, targets in record.relations:
            name = relation.casefold()
            for target in targets:
                if name == _SUPERSEDED_BY:
                    superseded.setdefault(record.path, (record.path, target[3]))
                elif name == _SUPERSEDES:
                    other = index.target(record, target)
                    if other is not None and other is not record:
                        superseded.setdefault(other.path, (record.path, target[3]))
    for record in index.records:
        if record.path in superseded:
            yield from _accepted(record, *superseded[record.path])


def _accepted(record: Record, by: str, where: SpanTuple) -> Iterator[Finding]:
    for value, span in record.statuses:
        if value == "accepted":
            yield Finding(
                Span(*span),
                "the record is superseded but its status is still `accepted`",
                (Related("where it is superseded", by, Span(*where)),),
                path=record.path,
            )
            return
