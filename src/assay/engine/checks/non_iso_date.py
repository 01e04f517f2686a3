"""FLD007: a date written in a format other than ISO 8601."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

FLD007 = Rule(
    code="FLD007",
    name="non-iso-date",
    undeclared="convention",
    stage="check",
    scope="document",
    severity="warning",
    summary="A date is not `YYYY-MM-DD`: `05/03/2023` may be March or May.",
    documentation="""\
Month names and `2023-3-5` are certain but sort badly; slash dates can be read
two ways, and `January, 2026` names no day. The message gives the ISO form when the
date is certain.

## Fails

```markdown at=4:9
# 1. Use PostgreSQL

* Status: Accepted
* Date: 05/03/2023
```

## Passes

```markdown
# 1. Use PostgreSQL

* Status: Accepted
* Date: 2023-03-05
```
""",
)


@document_check(FLD007)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A date is not `YYYY-MM-DD`: `05/03/2023` may be March or May."""
    if context.reading is None:
        return
    for field in context.reading.fields:
        if field.date_kind == "ambiguous":
            yield Finding(field.span, field.note or f"{field.name} `{field.raw}` is not ISO 8601")
