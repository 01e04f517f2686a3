"""PTH003: a document path, or a declared source, that is not a regular file."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import refusals
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("PTH003", "not-regular-file")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A path that should be a document, or a declared source, is not a regular file.

    Reading a FIFO, device or socket could block the run forever, so assay never
    opens one as a document. A declared source must be a regular file too: a
    directory, a FIFO (opened without waiting for a writer), a device or a socket is
    refused, and so is a source that does not exist or cannot be opened.

    ## Fails

    ```markdown path=docs/adr/0001-use-postgres.md fifo=true at=1:1
    ```

    ```assay path=assay/context.assay at=2:5
    declaration testing version 1 {
        primary "guides/testing.txt"
    }
    ```

    ```text path=guides/testing.txt fifo=true
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
    yield from refusals(workspace, "PTH003")
