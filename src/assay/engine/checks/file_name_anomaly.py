"""DOC012: a decision record's file name that tools and links trip over."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.record_names import ANOMALIES, name_anomalies
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.records import DOC012


@document_check(DOC012)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A record's file name has spaces or brackets, `..md`, `.md.md` or no extension."""
    if not context.derives_from("adr"):
        return
    for key in name_anomalies(posixpath.basename(context.path)):
        yield Finding(START, f"{ANOMALIES[key]}: `{posixpath.basename(context.path)}`")
