"""FLD005: a field stated twice with different values."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.diagnostics import Related
from assay.spec.reading import FieldReading
from assay.spec.rules.rule import Rule

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


FLD005 = Rule(
    code="FLD005",
    name="conflicting-values",
    stage="check",
    scope="document",
    summary="Two places state the same field and disagree, after normalization.",
    documentation="""\
A record with `status: proposed` in front matter and `## Status` Accepted has no
status a reader can trust. Stating it twice the same way is fine (`Status:
accepted` twice, or `Approved` and `accepted`). In a record no spec declares, only a
field with a vocabulary or a format (Status, Date) is compared: a free one such as
Deciders is a list of people a record may write twice in two spellings.

## Fails

```markdown at=8:1
---
status: proposed
---
# 1. Use PostgreSQL

## Status

Accepted
```

## Passes

```markdown
---
status: accepted
---
# 1. Use PostgreSQL

## Status

Approved
```
""",
)


@document_check(FLD005)
def check(context: DocumentContext) -> Iterator[Finding]:
    """Two places state the same field and disagree, after normalization."""
    if context.reading is None:
        return
    judged = _judged(context)
    first: dict[str, FieldReading] = {}
    for field in context.reading.fields:
        if field.value is None:
            continue
        key = field.name.casefold()
        if judged is not None and key not in judged:
            continue
        earlier = first.setdefault(key, field)
        if earlier is not field and earlier.value != field.value:
            yield Finding(
                field.span,
                f"{field.name} is `{field.value}` here but `{earlier.value}` in "
                f"{_PLACES[earlier.source]} (line {earlier.span.line})",
                (Related(f"{field.name} `{earlier.value}`", context.path, earlier.span),),
            )


def _judged(context: DocumentContext) -> frozenset[str] | None:
    """The fields whose two statements can disagree, for a record read under a built-in
    type (no spec of the team's): those with a vocabulary or a format, such as Status and
    Date. A free field such as Deciders is a list of people a record may write twice in
    two spellings (`fire` in a bullet, `iFire` under `## Decision Makers`): assay cannot
    tell a contradiction there. None: every field (a team's spec means what it says)."""
    declared = context.type
    if declared is None or declared.library is None:
        return None
    return frozenset(f.name.casefold() for f in declared.fields if f.values or f.format)
