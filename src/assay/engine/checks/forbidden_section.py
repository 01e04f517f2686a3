"""DOC004: a section the type forbids is present."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

DOC004 = Rule(
    code="DOC004",
    name="forbidden-section",
    stage="check",
    scope="document",
    summary="A forbidden section is present; the message gives the spec's reason.",
    documentation="""\
## Fails

```assay path=assay/overview.assay
type overview {
    files "runs/*/overview.md"
    section "Lens scoping" forbidden "removed by ADR 097"
}
```

```markdown path=runs/billing/overview.md at=3:1
# Billing service

## Lens scoping

Full depth for every lens.
```

## Passes

```assay path=assay/overview.assay
type overview {
    files "runs/*/overview.md"
    section "Lens scoping" forbidden "removed by ADR 097"
}
```

```markdown path=runs/billing/overview.md
# Billing service

## Limitations

Only the public API was read.
```
""",
)


@document_check(DOC004)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A forbidden section is present; the message gives the spec's reason."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    for decl in doc_type.sections:
        if decl.presence.kind != "forbidden":
            continue
        for section in reading.section(decl.name):
            reason = decl.presence.reason or "the type forbids it"
            yield Finding(section.span, f"the `{decl.name}` section is not allowed: {reason}")
