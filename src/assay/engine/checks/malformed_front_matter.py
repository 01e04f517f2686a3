"""DOC006: front matter that is not valid YAML."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext


@document_check("DOC006", "malformed-front-matter")
def check(context: DocumentContext) -> Iterator[Finding]:
    """Front matter between `---` lines that is not a YAML mapping.

    The rest of the document is still read; fields in the broken front matter are
    not, so they may also be reported missing. Front matter whose YAML aliases expand
    to more than 10,000 values ("billion laughs") is not read either.

    ## Fails

    ```markdown at=3:1
    ---
    status: [accepted
    ---
    # 1. Use PostgreSQL
    ```

    ## Passes

    ```markdown
    ---
    status: accepted
    ---
    # 1. Use PostgreSQL
    ```
    """
    return reader_findings(context, "DOC006")
