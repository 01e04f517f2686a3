"""DOC005: the same section twice."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.vocabulary import fold
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.diagnostics import Related
from assay.spec.reading import SectionReading


@document_check("DOC005", "duplicate-section", severity="warning")
def check(context: DocumentContext) -> Iterator[Finding]:
    """A declared section appears twice under the same heading at the same level.

    A reader (and assay) would not know which one holds the decision. Sections with
    different headings that share a declared name (`Consequences` and `Risks`) are
    not duplicates: records often keep both.

    ## Fails

    ```markdown at=11:1
    # 1. Use PostgreSQL

    ## Context

    The ledger needs transactions.

    ## Decision

    PostgreSQL 16.

    ## Context

    Also, the team knows it.
    ```

    ## Passes

    ```markdown
    # 1. Use PostgreSQL

    ## Context

    The ledger needs transactions. Also, the team knows it.

    ## Decision

    PostgreSQL 16.
    ```
    """
    if context.reading is None:
        return
    first: dict[tuple[int, str], SectionReading] = {}
    for section in context.reading.sections:
        if not section.declared:
            continue
        key = (section.level, fold(section.heading))
        if key in first:
            earlier = first[key]
            yield Finding(
                section.span,
                f"a second `{section.name}` section (the first is on line {earlier.span.line})",
                (Related("the first one", context.path, earlier.span),),
            )
        else:
            first[key] = section
