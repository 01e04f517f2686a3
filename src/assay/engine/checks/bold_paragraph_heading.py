"""DOC014: a bold line standing in for a section heading."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.bold_headings import BOLD_LINE
from assay.engine.workspace.document_context import DocumentContext


@document_check("DOC014", "bold-paragraph-heading", severity="warning")
def check(context: DocumentContext) -> Iterator[Finding]:
    """A section is introduced by a bold line, not a heading.

    `**Context and Problem Statement**` alone on a line reads as a heading to people,
    so assay reads it as that section (the record is not missing it). Renderers,
    tables of contents and links to `#context` do not: write it as a heading,
    `## Context and Problem Statement`. Only a bold line naming a section the type
    declares counts; bold prose is prose.

    ## Fails

    ```markdown at=5:1
    # 1. Use PostgreSQL

    Status: Accepted

    **Context**

    The ledger needs transactions across accounts.

    ## Decision

    PostgreSQL 16.
    ```

    ## Passes

    ```markdown
    # 1. Use PostgreSQL

    Status: Accepted

    ## Context

    The ledger needs transactions across accounts. **Decision** follows below.

    ## Decision

    PostgreSQL 16.
    ```
    """
    if context.reading is None:
        return
    for section in context.reading.sections:
        if not section.bold:
            continue
        bold = BOLD_LINE.fullmatch(section.heading.strip())
        name = bold["name"].strip().rstrip(":").rstrip() if bold is not None else section.name
        marks = "#" * max(section.level, 2)  # a plain-text record's line: level 0
        yield Finding(
            section.span,
            f"`{section.heading.strip()}` is bold text used as a heading: write `{marks} {name}`",
        )
