"""DOC019: an analysis run's ``run.toml`` that is not valid TOML."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import reader_findings
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.runs import DOC019


@document_check(DOC019)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A run's `run.toml` does not parse as TOML."""
    return reader_findings(context, "DOC019")
