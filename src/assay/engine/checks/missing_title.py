"""DOC002: the type requires a title and the document has none."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import document_anchor
from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

DOC002 = Rule(
    code="DOC002",
    name="missing-title",
    undeclared="face",
    stage="check",
    scope="document",
    summary="A document whose type requires a title has none, or an unfilled template one.",
    documentation="""\
The title is front matter `title:`, else the first H1, else the first heading; a
plain-text record's first line. A file name is not a title. A title that is still
the template's (`# n. Title`, `# ADR-XXXX`) counts as missing.

## Fails

```markdown at=1:1
# n. Title of the decision

## Status

Accepted
```

## Passes

```markdown
# 1. Use PostgreSQL for the ledger

## Status

Accepted
```
""",
)


@document_check(DOC002)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A document whose type requires a title has none, or an unfilled template one."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None or doc_type.title is None:
        return
    if doc_type.title.presence.kind != "required":
        return
    title = reading.title
    if title is None or title.source == "file-name":
        yield Finding(document_anchor(context), "the document has no title")
    elif title.placeholder or not title.text.strip():
        assert title.span is not None
        yield Finding(title.span, f"the title `{title.raw}` is the template's, not a real title")
