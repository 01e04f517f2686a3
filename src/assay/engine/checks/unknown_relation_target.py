"""LNK004: a relation naming a record that is not there."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.record_index import RecordIndex
from assay.engine.context import WorkspaceContext


@workspace_check("LNK004", "unknown-relation-target", severity="warning")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A relation names a record by ID (`Supersedes ADR-0042`) and no record has it.

    Linked targets that do not exist are `LNK001`; this covers bare IDs.

    ## Fails

    ```markdown path=docs/adr/0002-use-postgres.md
    # 2. Use PostgreSQL

    * Status: Accepted
    * Supersedes: ADR-0042
    ```

    ## Passes

    ```markdown path=docs/adr/0002-use-postgres.md
    # 2. Use PostgreSQL

    * Status: Accepted
    * Supersedes: ADR-0001
    ```

    ```markdown path=docs/adr/0001-use-mysql.md
    # 1. Use MySQL

    Status: Superseded by ADR-0002
    ```
    """
    index = RecordIndex(workspace)
    for record in index.records:
        assert record.reading is not None
        for relation in record.reading.relations:
            for target in relation.targets:
                if target.destination is None and index.target(record, target) is None:
                    yield Finding(
                        target.span,
                        f"{relation.name} `{target.text}`: no record numbered {target.number}",
                        path=record.path,
                    )
