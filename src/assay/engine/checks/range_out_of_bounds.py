"""PIN002: a declared line range that is not inside the file."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.checks.pinned import finding, path_of
from assay.engine.context import pin_messages
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("PIN002", "range-out-of-bounds")
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A source's `lines A..B` reach past the end of the file.

    Lines are one-based and inclusive; `\\n`, `\\r\\n` and a lone `\\r` each end a line, and
    a last line without an ending counts. A range past the end means the file shrank
    (or the range was mistyped): the declaration no longer says which text a task gets.
    Fix the range; `assay pin --write` renews the digest but not the lines.

    ## Fails

    ```assay path=assay/context.assay at=2:34
    declaration testing version 1 {
        primary "guides/testing.txt" lines 2..5
            sha256 "8c95781b8201fba8837185227ff582a4687effb90c8e88f338a0564c02393c8a"
    }
    ```

    ```text path=guides/testing.txt
    Run the tests with `make test`.
    Run one with `make test ONLY=name`.
    ```

    ## Passes

    ```assay path=assay/context.assay
    declaration testing version 1 {
        primary "guides/testing.txt" lines 2..2
            sha256 "8c95781b8201fba8837185227ff582a4687effb90c8e88f338a0564c02393c8a"
    }
    ```

    ```text path=guides/testing.txt
    Run the tests with `make test`.
    Run one with `make test ONLY=name`.
    ```
    """
    for result in workspace.pins:
        lines = result.source.lines
        if result.line_count is not None and lines is not None:
            message = pin_messages.out_of_range(
                path_of(result), lines.start, lines.end, result.line_count
            )
            yield finding(result, lines.span, message)
