"""SUP003: a suppression comment that does not parse."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext


@document_check("SUP003", "malformed-suppression")
def check(context: DocumentContext) -> Iterator[Finding]:
    """An `<!-- assay: … -->` comment that is not a valid directive.

    A directive names its action and the codes it applies to; blanket suppression
    (`<!-- assay: disable-file -->` with no codes) is not allowed, so every silenced
    finding stays visible in review.

    ## Fails

    ```markdown at=1:1
    <!-- assay: disable-file -->
    # 1. Use PostgreSQL
    ```

    ## Passes

    ```markdown
    <!-- assay: disable-file LNK001 -- the targets live in the wiki -->
    # 1. Use PostgreSQL

    See [the runbook](../runbooks/postgres.md).
    ```
    """
    return reader_findings(context, "SUP003")
