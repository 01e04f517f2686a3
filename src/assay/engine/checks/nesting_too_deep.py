"""DOC013: block quotes and list items nested deeper than the reader follows."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext


@document_check("DOC013", "nesting-too-deep", severity="warning")
def check(context: DocumentContext) -> Iterator[Finding]:
    """Block quotes and list items nest more than 100 deep.

    No record a person writes comes near it; a generated file might. assay reads
    a deeper `>` or list marker as text, so the document is still read and checked
    (CommonMark sets no limit, but reading every line against every open container
    would take time quadratic in the depth). The finding points at the first marker
    read as text.

    ## Fails

    ```markdown at=3:101
    # 1. Quote the incident channel

    >>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>deep
    ```

    ## Passes

    ```markdown
    # 1. Quote the incident channel

    >>> three levels of reply
    ```
    """
    return reader_findings(context, "DOC013")
