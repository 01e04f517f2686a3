"""DOC008: the number in the title is not the number in the file name."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.documents import DOC008


@document_check(DOC008)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A decision record's title number differs from its file's number."""
    reading = context.reading
    if reading is None or not context.derives_from("adr"):
        return
    title = reading.title
    if title is None or title.number is None or reading.number is None:
        return
    if title.number != reading.number and title.prefix_span is not None:
        yield Finding(
            title.prefix_span,
            f"the {'title' if title.prefix_span == title.span else 'H1'} says record"
            f" {title.number}, the file name says {reading.number}",
        )
