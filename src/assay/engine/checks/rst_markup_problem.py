"""DOC021: what docutils reports about a reStructuredText record."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.records import DOC021


@document_check(DOC021)
def check(context: DocumentContext) -> Iterator[Finding]:
    """Docutils reports a problem in a reStructuredText record."""
    return reader_findings(context, "DOC021")
