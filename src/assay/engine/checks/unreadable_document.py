"""DOC001: the reader could not read a document."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext


@document_check("DOC001", "unreadable-document")
def check(context: DocumentContext) -> Iterator[Finding]:
    """A document that is not UTF-8 text, or cannot be read at all.

    assay reads documents as UTF-8 (a byte order mark is allowed) and reports the
    first byte that is not, by its offset, line and column. Nothing else is checked in
    such a file: its text is unknown. Save the file as UTF-8.

    ## Fails

    ```markdown encoding=latin-1 at=1:25
    # 1. Use PostgreSQL: café edition
    ```

    ## Passes

    ```markdown
    # 1. Use PostgreSQL: café edition
    ```
    """
    return reader_findings(context, "DOC001")
