"""PTH002: a record path, or a declared source, that goes through a symbolic link."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import refusals
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("PTH002", "linked-component")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A document or a declared source (or a folder on its path) is a symbolic link:
    reported, not followed.

    A link can lead outside the workspace, and what it points at changes without a
    commit showing it. Commit the file itself. A declaration's source is refused while
    it is opened (each folder and the file opened without following links), so no
    link can be swapped in between a check and the read.

    ## Fails

    ```markdown path=docs/adr/0001-use-postgres.md symlink=../shared/0001-use-postgres.md at=1:1
    # 1. Use PostgreSQL
    ```

    ```assay path=assay/context.assay at=2:5
    declaration testing version 1 {
        primary "guides/testing.txt"
    }
    ```

    ```text path=guides/testing.txt symlink=../shared/testing.txt
    Run the tests with `make test`.
    ```

    ## Passes

    ```markdown path=docs/adr/0001-use-postgres.md
    # 1. Use PostgreSQL
    ```
    """
    for skipped in workspace.discovery.skipped:
        if skipped.reason == "symlink":
            yield Finding(
                START,
                "a symbolic link; assay does not follow links (commit the file itself)",
                path=skipped.path,
            )
    yield from refusals(workspace, "PTH002")
