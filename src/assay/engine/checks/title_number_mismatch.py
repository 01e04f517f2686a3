"""DOC008: the number in the title is not the number in the file name."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

DOC008 = Rule(
    code="DOC008",
    name="title-number-mismatch",
    undeclared="face",
    stage="check",
    scope="document",
    summary="A decision record's title number differs from its file's number.",
    documentation="""\
`0007-use-kafka.md` titled `# 6. Use Kafka` was usually copied from record 6 and
renumbered by name only; links by number then reach the wrong record. Under a
front-matter `title:` without a number, the first H1's number is compared. Dated
file names (`2024-01-31-use-kafka.md`) carry no record number and are never
compared.

## Fails

```markdown path=docs/adr/0007-use-kafka.md at=1:1
# 6. Use Kafka for order events
```

## Passes

```markdown path=docs/adr/0007-use-kafka.md
# 7. Use Kafka for order events
```
""",
)


@document_check(DOC008)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A decision record's title number differs from its file's number."""
    reading = context.reading
    if reading is None or not context.derives_from("adr"):
        return
    title = reading.title
    if title is None or title.number is None or reading.number is None:
        return
    if title.number != reading.number and title.prefix_span is not None:
        yield Finding(
            title.prefix_span,
            f"the {'title' if title.prefix_span == title.span else 'H1'} says record"
            f" {title.number}, the file name says {reading.number}",
        )
