"""LNK007: a web address written without `https://`."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.links import LNK007


@document_check(LNK007, uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A link to a domain without a scheme is a relative path to a missing file."""
    for found in findings_of(context, "scheme-less-domain"):
        yield Finding(found.span, found.resolution.message)
