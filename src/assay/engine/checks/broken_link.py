"""LNK001: a relative link whose target does not exist."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of
from assay.engine.workspace.document_context import DocumentContext


@document_check("LNK001", "broken-link", uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A relative link (or reference definition) points at a file that does not exist.

    Links resolve from the document's folder, without `?query` or `#fragment`, after
    URL-decoding; a leading `/` starts at the workspace root, and a link to this
    repository's own blob URL is checked as the path it names. Files git ignores do
    not count: they are not there in a fresh clone. Links in code, HTML comments and
    footnotes are not checked.

    ## Fails

    ```markdown at=3:9
    # 1. Use PostgreSQL

    See the [benchmark](../benchmarks/ledger.md).
    ```

    ## Passes

    ```markdown path=docs/adr/0001-use-postgres.md
    # 1. Use PostgreSQL

    See the [benchmark](../benchmarks/ledger.md#results).
    ```

    ```markdown path=docs/benchmarks/ledger.md
    # Ledger benchmark
    ```
    """
    for found in findings_of(context, "missing", "absolute-path"):
        yield Finding(found.span, found.resolution.message)
