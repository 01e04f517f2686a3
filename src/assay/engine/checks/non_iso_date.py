"""FLD007: a date written in a format other than ISO 8601."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.fields import FLD007


@document_check(FLD007)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A date is not `YYYY-MM-DD`: `05/03/2023` may be March or May."""
    if context.reading is None:
        return
    for field in context.reading.fields:
        if field.date_kind == "ambiguous":
            yield Finding(field.span, field.note or f"{field.name} `{field.raw}` is not ISO 8601")
