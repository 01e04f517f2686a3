"""DOC006: front matter that is not valid YAML."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.documents import DOC006


@document_check(DOC006)
def check(context: DocumentContext) -> Iterator[Finding]:
    """Front matter between `---` lines that is not a YAML mapping."""
    return reader_findings(context, "DOC006")
