"""FLD004: a field the type forbids is present."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

FLD004 = Rule(
    code="FLD004",
    name="forbidden-field",
    stage="check",
    scope="document",
    summary="A forbidden field is present; the message gives the spec's reason.",
    documentation="""\
## Fails

```assay path=assay/memory.assay
type memory {
    files "runs/*/memory.md"
    field "worker-model" forbidden "removed by ADR 097"
}
```

```markdown path=runs/billing/memory.md at=2:1
---
worker-model: large-2
---
# Memory report
```

## Passes

```assay path=assay/memory.assay
type memory {
    files "runs/*/memory.md"
    field "worker-model" forbidden "removed by ADR 097"
}
```

```markdown path=runs/billing/memory.md
# Memory report
```
""",
)


@document_check(FLD004)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A forbidden field is present; the message gives the spec's reason."""
    doc_type, reading = context.type, context.reading
    if reading is None or doc_type is None:
        return
    for decl in doc_type.fields:
        if decl.presence.kind != "forbidden":
            continue
        for field in reading.field(decl.name):
            reason = decl.presence.reason or "the type forbids it"
            yield Finding(field.key_span or field.span, f"`{field.key}` is not allowed: {reason}")
