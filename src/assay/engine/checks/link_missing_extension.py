"""LNK006: a link to a Markdown file written without `.md`."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of, link_fix
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.links import LNK006


@document_check(LNK006, uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A link names a file without its `.md`; some sites resolve it, GitHub does not."""
    for found in findings_of(context, "missing-extension"):
        yield Finding(found.span, found.resolution.message, fix=link_fix(context, found))
