"""PTH004: a declared source that git does not track."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import refusals
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("PTH004", "not-tracked")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A source names a file git does not track: nobody reviewed it in a commit.

    Commit the file (`git add` it) before pinning it. Git's index is read once per run
    (the quiet-repository assumption); outside a git repository tracking cannot be
    checked and nothing is reported.

    ## Fails

    ```assay path=assay/context.assay at=2:5
    declaration testing version 1 {
        primary "guides/testing.txt"
            sha256 "1f35de44ea0ae35c400943e4ba156e20be3ba4f488b5f424b1ea96c04c462cc4"
    }
    ```

    ```text path=guides/testing.txt tracked=false
    Run the tests with `make test`.
    ```

    ## Passes

    ```assay path=assay/context.assay
    declaration testing version 1 {
        primary "guides/testing.txt"
            sha256 "1f35de44ea0ae35c400943e4ba156e20be3ba4f488b5f424b1ea96c04c462cc4"
    }
    ```

    ```text path=guides/testing.txt tracked=true
    Run the tests with `make test`.
    ```
    """
    return refusals(workspace, "PTH004")
