"""DOC007: a declared section with nothing in it, or only the template's text."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.duplicate_section import written
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.documents import DOC007


@document_check(DOC007)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A declared section is empty, or holds only comments or a template placeholder."""
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
