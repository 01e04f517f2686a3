"""DOC007: a declared section with nothing in it, or only the template's text."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.duplicate_section import written
from assay.engine.workspace.document_context import DocumentContext


@document_check("DOC007", "empty-section")
def check(context: DocumentContext) -> Iterator[Finding]:
    """A declared section is empty, or holds only comments or a template placeholder.

    An empty `## Consequences` usually means the record was committed from its
    template before it was finished. Sub-sections count as content, and so does a
    value in the heading: `## Decision: use Kafka` says what was decided. The
    template's text is a `{…}` or `[option 1]` placeholder (a line each), `TBC`, `TBD`,
    `*To be determined.*`, or MADR's `Chosen option: "[option 1]", because
    [justification …]`; `N/A` is an answer (a rejected record decided nothing). The
    message names the heading as written (`Risks`, read as Consequences).

    ## Fails

    ```markdown at=7:1
    # 1. Use PostgreSQL

    Status: Accepted

    ## Context

    {Describe the context and problem statement}

    ## Decision

    PostgreSQL 16.
    ```

    ## Passes

    ```markdown
    # 1. Use PostgreSQL

    Status: Accepted

    ## Context

    The ledger needs transactions across accounts.

    ## Decision

    PostgreSQL 16.
    ```
    """
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    field_names = {f.name.casefold() for f in doc_type.fields}
    for section in reading.sections:
        if not section.declared or section.name.casefold() in field_names:
            continue  # `## Status` is read as a field: FLD checks speak for it
        if not section.text:
            yield Finding(section.span, f"the `{written(section)}` section is empty")
        elif section.placeholder:
            yield Finding(
                section.body or section.span,
                f"the `{written(section)}` section holds only the template's placeholder",
            )
