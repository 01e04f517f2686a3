"""DOC013: block quotes and list items nested deeper than the reader follows."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.records import DOC013


@document_check(DOC013)
def check(context: DocumentContext) -> Iterator[Finding]:
    """Block quotes and list items nest more than 100 deep."""
    return reader_findings(context, "DOC013")
