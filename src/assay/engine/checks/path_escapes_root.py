"""PTH001: a declared source path that leaves the workspace."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import refusals
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("PTH001", "path-escapes-root")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A source path is absolute, names a drive, holds a backslash or NUL, or leaves the
    workspace with `..`.

    A declaration's paths are relative POSIX paths inside the workspace (`a/../x` is
    `x`), so a bundle never carries a file from outside the reviewed repository. Nothing
    outside the workspace is opened to find this out.

    ## Fails

    ```assay path=assay/context.assay at=2:5
    declaration testing version 1 {
        primary "../shared/testing.txt"
    }
    ```

    ## Passes

    ```assay path=assay/context.assay
    declaration testing version 1 {
        primary "guides/testing.txt"
            sha256 "1f35de44ea0ae35c400943e4ba156e20be3ba4f488b5f424b1ea96c04c462cc4"
    }
    ```

    ```text path=guides/testing.txt
    Run the tests with `make test`.
    ```
    """
    return refusals(workspace, "PTH001")
