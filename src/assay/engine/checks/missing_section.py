"""DOC003: a section the type requires is absent."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import document_anchor
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.documents import DOC003


@document_check(DOC003)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A required section is absent."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    for decl in doc_type.sections:
        if decl.presence.kind == "required" and not reading.section(decl.name):
            names = ", ".join(f"`{a.name}`" for a in decl.aliases)
            also = f" (or {names})" if names else ""
            message = f"no `{decl.name}` section{also}"
            yield Finding(document_anchor(context), message, subject=decl.name)
