"""FRM002: a section, field value or title longer or shorter than its ``length``."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.sentences import plain_text
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.forms import FRM002
from assay.spec.source import Span
from assay.spec.specfile import LengthRange


@document_check(FRM002)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A section's text, a field's value or the title is outside its `length` bounds."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    title = doc_type.title
    if title is not None and title.length is not None and reading.title is not None:
        found = reading.title
        if not found.placeholder:
            span = found.span or Span.point(0, 1, 1)
            yield from _measure("the title", found.text, title.length, span)
    for decl in doc_type.sections:
        if decl.length is None:
            continue
        for section in reading.section(decl.name):
            if section.text and not section.placeholder:
                span = section.body or section.span
                yield from _measure(f"`{decl.name}`", section.text, decl.length, span)
    for field_decl in doc_type.fields:
        if field_decl.length is None:
            continue
        for field in reading.field(field_decl.name):
            if field.raw.strip() and not field.placeholder:
                yield from _measure(
                    f"`{field_decl.name}`", field.raw, field_decl.length, field.span
                )


def _measure(what: str, text: str, bounds: LengthRange, span: Span) -> Iterator[Finding]:
    length = len(plain_text(text))
    low, high = bounds.min, bounds.max
    if (low is None or length >= low) and (high is None or length <= high):
        return
    if low is not None and high is not None:
        wanted = f"{low} to {high}"
    elif low is not None:
        wanted = f"at least {low}"
    else:
        wanted = f"at most {high}"
    unit = "character" if length == 1 else "characters"
    yield Finding(span, f"{what} is {length} {unit}; it must be {wanted}")
