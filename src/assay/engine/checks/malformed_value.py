"""FLD003: a value that breaks its declared format."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.grammar.user_patterns import fullmatches
from assay.spec.rules.rule import Rule

FLD003 = Rule(
    code="FLD003",
    name="malformed-value",
    undeclared="face",
    stage="check",
    scope="document",
    summary="A date that cannot be a date, or a value that does not match its pattern.",
    documentation="""\
`2023-13-10` has no month 13 and `2021-02-30` no such day: the record's history
is wrong, not just its spelling. A numeric date is a date in whichever order it can be
read (`32/13/2020` is none; `09/27/23` is 27 September), and so is a month and a year
(`January, 2026`): dates in other formats are `FLD007`.

## Fails

```markdown at=4:9
# 1. Use PostgreSQL

* Status: Accepted
* Date: 2023-13-10
```

## Passes

```markdown
# 1. Use PostgreSQL

* Status: Accepted
* Date: 2023-12-10
```
""",
)


@document_check(FLD003)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A date that cannot be a date, or a value that does not match its pattern."""
    doc_type, reading = context.type, context.reading
    if reading is None or doc_type is None:
        return
    decls = {decl.name.casefold(): decl for decl in doc_type.fields}
    for field in reading.fields:
        decl = decls.get(field.name.casefold())
        if decl is None or decl.format is None or field.placeholder:
            continue
        if decl.format.kind == "date":
            if field.date_kind == "impossible":
                yield Finding(field.span, field.note or f"`{field.raw}` is not a date")
            elif field.date_kind == "unrecognized":
                yield Finding(field.span, f"{field.name} `{field.raw}` is not a date")
        elif (
            decl.format.kind == "pattern"  # `identity` is IDN001's
            and decl.format.pattern is not None
            and field.value is not None
            # RE2, linear in the value; a refused pattern (None) was SPC004 at the spec.
            and fullmatches(decl.format.pattern, field.value) is False
        ):
            yield Finding(
                field.span,
                f"{field.name} `{field.value}` does not match `{decl.format.pattern}`",
            )
