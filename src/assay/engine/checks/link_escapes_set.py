"""LNK002: a link that leaves the workspace."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of
from assay.engine.workspace.document_context import DocumentContext


@document_check("LNK002", "link-escapes-set", uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A relative link climbs out of the workspace with `..`.

    What lies outside the workspace is not checked, not published, and not there
    when the repository is cloned on its own. Link to a URL instead.

    ## Fails

    ```markdown at=3:5
    # 1. Use PostgreSQL

    See [the platform notes](../../../platform/notes.md).
    ```

    ## Passes

    ```markdown
    # 1. Use PostgreSQL

    See [the platform notes](https://wiki.example.com/platform/notes).
    ```
    """
    for found in findings_of(context, "escapes-workspace"):
        yield Finding(found.span, found.resolution.message)
