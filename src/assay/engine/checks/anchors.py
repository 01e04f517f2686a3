"""Where a finding about something absent points: the title, else the first line."""

from __future__ import annotations

from assay.engine.context import DocumentContext
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
