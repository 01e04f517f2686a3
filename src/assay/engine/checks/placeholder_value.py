"""FLD006: a field still holding the template's placeholder."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

FLD006 = Rule(
    code="FLD006",
    name="placeholder-value",
    undeclared="face",
    stage="check",
    scope="document",
    summary="A field value is a template leftover: `{proposed | accepted}`, `YYYY-MM-DD`.",
    documentation="""\
## Fails

```markdown at=2:1
---
status: "{proposed | rejected | accepted | deprecated}"
---
# Use PostgreSQL
```

## Passes

```markdown
---
status: accepted
---
# Use PostgreSQL
```
""",
)


@document_check(FLD006)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A field value is a template leftover: `{proposed | accepted}`, `YYYY-MM-DD`."""
    if context.reading is None:
        return
    for field in context.reading.fields:
        if field.placeholder:
            yield Finding(field.span, f"{field.name} `{field.raw}` is the template's placeholder")
