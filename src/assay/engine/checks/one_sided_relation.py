"""LNK003: a relation the other record does not state back."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.record_index import RecordIndex
from assay.engine.context import WorkspaceContext
from assay.spec.diagnostics import Related


@workspace_check("LNK003", "one-sided-relation", severity="warning")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """Record A says it is superseded by B, but B does not say it supersedes A.

    Relations are read in Status (`Superseded by [ADR 5](0005-x.md)`), metadata
    lines and bullets, a `Links` section and front matter; targets are links or bare
    IDs (`ADR-0005`). Every relation with an inverse is checked both ways, so a
    reader who lands on either record finds the other.

    ## Fails

    ```markdown path=docs/adr/0001-use-mysql.md
    # 1. Use MySQL

    Status: Superseded by [ADR 2](0002-use-postgres.md)
    ```

    ```markdown path=docs/adr/0002-use-postgres.md
    # 2. Use PostgreSQL

    Status: Accepted
    ```

    ## Passes

    ```markdown path=docs/adr/0001-use-mysql.md
    # 1. Use MySQL

    Status: Superseded by [ADR 2](0002-use-postgres.md)
    ```

    ```markdown path=docs/adr/0002-use-postgres.md
    # 2. Use PostgreSQL

    * Status: Accepted
    * Supersedes: ADR-0001
    ```
    """
    index = RecordIndex(workspace)
    for record in index.records:
        assert record.reading is not None
        for relation in record.reading.relations:
            if relation.inverse is None:
                continue
            for target in relation.targets:
                other = index.target(record, target)
                if other is None or other is record:
                    continue
                assert other.reading is not None
                back = [
                    r
                    for r in other.reading.relations
                    if r.name.casefold() == relation.inverse.casefold()
                    and any(index.target(other, t) is record for t in r.targets)
                ]
                if not back:
                    title = other.reading.title
                    where = title.span if title is not None else None
                    yield Finding(
                        target.span,
                        f"`{other.path}` does not say `{relation.inverse}` this record back",
                        (Related("the other record", other.path, where),),
                        path=record.path,
                    )
