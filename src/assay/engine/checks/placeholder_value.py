"""FLD006: a field still holding the template's placeholder."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.fields import FLD006


@document_check(FLD006)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A field value is a template leftover: `{proposed | accepted}`, `YYYY-MM-DD`."""
    if context.reading is None:
        return
    for field in context.reading.fields:
        if field.placeholder:
            yield Finding(field.span, f"{field.name} `{field.raw}` is the template's placeholder")
