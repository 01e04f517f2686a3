"""DOC003: a section the type requires is absent."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import document_anchor
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

DOC003 = Rule(
    code="DOC003",
    name="missing-section",
    undeclared="convention",
    stage="check",
    scope="document",
    summary="A required section is absent.",
    documentation="""\
Sections match their declared name or an alias, in any case, ignoring a numeric
prefix, emphasis and a trailing colon: `## 2. Decision Outcome:` is the `adr`
type's Decision. The finding points at the title, since the section has no place.

## Fails

```markdown at=1:1
# 1. Use PostgreSQL for the ledger

Status: Accepted

## Context

The ledger needs transactions across accounts.
```

## Passes

```markdown
# 1. Use PostgreSQL for the ledger

Status: Accepted

## Context

The ledger needs transactions across accounts.

## Decision Outcome

We use PostgreSQL 16.
```
""",
)


@document_check(DOC003)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A required section is absent."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    for decl in doc_type.sections:
        if decl.presence.kind == "required" and not reading.section(decl.name):
            names = ", ".join(f"`{a.name}`" for a in decl.aliases)
            also = f" (or {names})" if names else ""
            message = f"no `{decl.name}` section{also}"
            yield Finding(document_anchor(context), message, subject=decl.name)
