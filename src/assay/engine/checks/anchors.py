"""Where findings point: the title for something absent; the reader's own places."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.source import Span

START = Span.point(0, 1, 1)


def document_anchor(context: DocumentContext) -> Span:
    """The title as written (a heading or first line), else the start of the file.

    A missing section or field has no place of its own; the title is where a reader
    looks first, and editors jump to it.
    """
    reading = context.reading
    if reading is not None and reading.title is not None and reading.title.span is not None:
        return reading.title.span
    return START


def reader_findings(context: DocumentContext, code: str) -> Iterator[Finding]:
    """What the document reader reported under ``code`` (DOC001, DOC006, SUP003)."""
    for diagnostic in context.reader_diagnostics:
        if diagnostic.code == code:
            yield Finding(diagnostic.span, diagnostic.message)
