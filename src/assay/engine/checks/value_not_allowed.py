"""FLD002: a field value outside the declared set."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.values import strip_markup
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.fields import FLD002


@document_check(FLD002)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A value is not one the type allows, under any of its synonyms."""
    doc_type, reading = context.type, context.reading
    if reading is None or doc_type is None:
        return
    allowed = {decl.name.casefold(): decl for decl in doc_type.fields if decl.values}
    for field in reading.fields:
        decl = allowed.get(field.name.casefold())
        if decl is None or field.value is not None or field.placeholder:
            continue
        names = ", ".join(v.name for v in decl.values)
        shown = strip_markup(field.raw) or field.raw
        yield Finding(field.span, f"{field.name} `{shown}` is not one of: {names}")
