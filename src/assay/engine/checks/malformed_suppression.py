"""SUP003: a suppression comment that does not parse."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.runner import SUP003


@document_check(SUP003)
def check(context: DocumentContext) -> Iterator[Finding]:
    """An `<!-- assay: … -->` comment that is not a valid directive."""
    return reader_findings(context, "SUP003")
