"""PIN001: a pinned file's bytes no longer have the digest its declaration pins."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import finding, path_of
from assay.engine.context import pin_messages
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("PIN001", "digest-mismatch")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A pinned source changed: its sha256 is not the one the declaration pins.

    A declaration pins each source to the sha256 of the whole file's bytes, so a task
    gets the text somebody reviewed. When the file changes, review what changed (the
    declaration may need other lines now), then renew the pin with `assay pin --write`,
    which rewrites only the digest. The finding is at the digest; pre-commit reports it
    when the pinned file changes, since the file is named as related. Files are read
    on every run: a pinned file changes without the spec changing.

    ## Fails

    ```assay path=assay/context.assay at=3:16
    declaration testing version 1 {
        primary "guides/testing.txt"
            sha256 "0000000000000000000000000000000000000000000000000000000000000000"
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
        span = result.source.sha256_span
        if result.drifted and span is not None:
            assert result.actual is not None  # drifted: the file was read
            message = pin_messages.mismatch(path_of(result), result.source.sha256, result.actual)
            yield finding(result, span, message)
