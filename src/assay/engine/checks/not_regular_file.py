"""PTH003: a document path that is not a regular file."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("PTH003", "not-regular-file")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A path that should be a document is a FIFO, device or socket.

    Reading one could block the run forever, so assay never opens it.

    ## Fails

    ```markdown path=docs/adr/0001-use-postgres.md fifo=true at=1:1
    ```

    ## Passes

    ```markdown path=docs/adr/0001-use-postgres.md
    # 1. Use PostgreSQL
    ```
    """
    for skipped in workspace.discovery.skipped:
        if skipped.reason == "not-regular-file":
            detail = f" ({skipped.detail})" if skipped.detail else ""
            yield Finding(START, f"not a regular file{detail}; it is not read", path=skipped.path)
