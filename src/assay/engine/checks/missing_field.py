"""FLD001: a field the type requires is absent."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import document_anchor
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.fields import FLD001


@document_check(FLD001)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A required field is not stated anywhere a reader would look."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    # Front matter that is no valid YAML (DOC006) may hold the field: its absence
    # follows from that error, and is not a second one.
    if any(d.code == "DOC006" for d in context.reader_diagnostics):
        return
    for decl in doc_type.fields:
        if decl.presence.kind == "required" and not reading.field(decl.name):
            yield Finding(document_anchor(context), f"no `{decl.name}` field", subject=decl.name)
