"""PIN003: a declared source without a sha256 digest."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import finding, path_of
from assay.engine.context import pin_messages
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("PIN003", "missing-digest")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A source names a file but pins no digest, so nothing notices when it changes.

    `assay pin --write` adds `sha256 "…"` after the source's path (or its lines) with
    the digest of the file as it is now: review the file first. A source assay refused
    to read (PTH001 to PTH004) gets no digest; that refusal is the finding then.

    ## Fails

    ```assay path=assay/context.assay at=2:5
    declaration testing version 1 {
        primary "guides/testing.txt"
    }
    ```

    ```text path=guides/testing.txt
    Run the tests with `make test`.
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
    for result in workspace.pins:
        if result.source.sha256 is None and result.actual is not None:
            yield finding(result, result.source.span, pin_messages.missing(path_of(result)))
