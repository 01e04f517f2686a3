"""FLD005: a field stated twice with different values."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.diagnostics import Related
from assay.spec.reading import FieldReading
from assay.spec.rules.fields import FLD005

_PLACES = {
    "front-matter": "front matter",
    "table": "the metadata table",
    "line": "a metadata line",
    "bullet": "a metadata bullet",
    "heading": "its section",
    "heading-inline": "a heading",
    "title": "the title",
    "toml": "a key of the TOML file",
}


@document_check(FLD005)
def check(context: DocumentContext) -> Iterator[Finding]:
    """Two places state the same field and disagree, after normalization."""
    if context.reading is None:
        return
    first: dict[str, FieldReading] = {}
    for field in context.reading.fields:
        if field.value is None:
            continue
        key = field.name.casefold()
        earlier = first.setdefault(key, field)
        if earlier is not field and earlier.value != field.value:
            yield Finding(
                field.span,
                f"{field.name} is `{field.value}` here but `{earlier.value}` in "
                f"{_PLACES[earlier.source]} (line {earlier.span.line})",
                (Related(f"{field.name} `{earlier.value}`", context.path, earlier.span),),
            )
