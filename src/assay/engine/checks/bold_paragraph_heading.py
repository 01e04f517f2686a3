"""DOC014: a bold line standing in for a section heading."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.bold_headings import BOLD_LINE
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.records import DOC014


@document_check(DOC014)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A section is introduced by a bold line, not a heading."""
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
