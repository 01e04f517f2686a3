"""FLD001: a field the type requires is absent."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import document_anchor
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

FLD001 = Rule(
    code="FLD001",
    name="missing-field",
    undeclared="convention",
    stage="check",
    scope="document",
    summary="A required field is not stated anywhere a reader would look.",
    documentation="""\
Fields are read from front matter, a metadata table, `Key: value` lines and
bullets before the first section, a heading named after the field (`## Status`
then its first paragraph) or holding the value (`## Status: accepted`), a
`Status:` line under a heading that asks for it (`## Proposal Status`), and a
status word leading the title (`# Draft: Use PostgreSQL`). A record whose front matter
is no valid YAML (DOC006) is not told its fields are missing: they may be in it.

## Fails

```markdown at=1:1
# 1. Use PostgreSQL

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.
```

## Passes

```markdown
# 1. Use PostgreSQL

* **Status:** Accepted

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.
```
""",
)


@document_check(FLD001)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A required field is not stated anywhere a reader would look."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    # Front matter that is no valid YAML (DOC006) may hold the field: its absence
    # follows from that error, and is not a second one.
    if any(d.code == "DOC006" for d in context.reader_diagnostics):
        return
    for decl in doc_type.fields:
        if decl.presence.kind == "required" and not reading.field(decl.name):
            yield Finding(document_anchor(context), f"no `{decl.name}` field", subject=decl.name)
