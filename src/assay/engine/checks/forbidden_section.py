"""DOC004: a section the type forbids is present."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.documents import DOC004


@document_check(DOC004)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A forbidden section is present; the message gives the spec's reason."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    for decl in doc_type.sections:
        if decl.presence.kind != "forbidden":
            continue
        for section in reading.section(decl.name):
            reason = decl.presence.reason or "the type forbids it"
            yield Finding(section.span, f"the `{decl.name}` section is not allowed: {reason}")
