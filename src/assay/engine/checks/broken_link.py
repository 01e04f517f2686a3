"""LNK001: a relative link whose target does not exist, or a link with no target."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.links import LNK001


@document_check(LNK001, uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A relative link (or reference definition) points at a file that does not exist."""
    for found in findings_of(context, "missing", "absolute-path", "empty"):
        yield Finding(found.span, found.resolution.message)
