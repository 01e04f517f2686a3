"""FLD003: a value that breaks its declared format."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.grammar.user_patterns import fullmatches
from assay.spec.rules.fields import FLD003


@document_check(FLD003)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A date that cannot be a date, or a value that does not match its pattern."""
    doc_type, reading = context.type, context.reading
    if reading is None or doc_type is None:
        return
    decls = {decl.name.casefold(): decl for decl in doc_type.fields}
    for field in reading.fields:
        decl = decls.get(field.name.casefold())
        if decl is None or decl.format is None or field.placeholder:
            continue
        if decl.format.kind == "date":
            if field.date_kind == "impossible":
                yield Finding(field.span, field.note or f"`{field.raw}` is not a date")
            elif field.date_kind == "unrecognized":
                yield Finding(field.span, f"{field.name} `{field.raw}` is not a date")
        elif (
            decl.format.kind == "pattern"  # `identity` is IDN001's
            and decl.format.pattern is not None
            and field.value is not None
            # RE2, linear in the value; a refused pattern (None) was SPC004 at the spec.
            and fullmatches(decl.format.pattern, field.value) is False
        ):
            yield Finding(
                field.span,
                f"{field.name} `{field.value}` does not match `{decl.format.pattern}`",
            )
