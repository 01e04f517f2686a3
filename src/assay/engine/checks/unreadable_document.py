"""DOC001: the reader could not read a document."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.documents import DOC001


@document_check(DOC001)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A document that is not UTF-8 text, or cannot be read at all."""
    return reader_findings(context, "DOC001")
