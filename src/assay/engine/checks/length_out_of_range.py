"""FRM002: a section, field value or title longer or shorter than its ``length``."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.sentences import plain_text
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule
from assay.spec.source import Span
from assay.spec.specfile import LengthRange

FRM002 = Rule(
    code="FRM002",
    name="length-out-of-range",
    stage="check",
    scope="document",
    summary="A section's text, a field's value or the title is outside its `length` bounds.",
    documentation="""\
Lengths count the characters (code points) a reader sees: the plain text, with
emphasis, code backticks, link destinations and HTML comments gone and each run
of whitespace one space. ADR 097's `## Description` must be 50 to 250 characters,
so a run's description fits a page's meta description. Both bounds are inclusive;
`..250` and `50..` leave one open. The title is its text without a record-number
prefix. Empty sections and placeholders are left to `DOC007` and `FLD006`.

## Fails

```assay path=assay/overview.assay
type overview {
    files "runs/*/overview.md"
    section "Description" required { length 50..250 }
}
```

```markdown path=runs/billing/overview.md at=5:1
# Billing service

## Description

The billing service charges cards.
```

## Passes

```assay path=assay/overview.assay
type overview {
    files "runs/*/overview.md"
    section "Description" required { length 50..250 }
}
```

```markdown path=runs/billing/overview.md
# Billing service

## Description

The billing service charges cards every night and retries **failed** charges.
```
""",
)


@document_check(FRM002)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A section's text, a field's value or the title is outside its `length` bounds."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    title = doc_type.title
    if title is not None and title.length is not None and reading.title is not None:
        found = reading.title
        if not found.placeholder:
            span = found.span or Span.point(0, 1, 1)
            yield from _measure("the title", found.text, title.length, span)
    for decl in doc_type.sections:
        if decl.length is None:
            continue
        for section in reading.section(decl.name):
            if section.text and not section.placeholder:
                span = section.body or section.span
                yield from _measure(f"`{decl.name}`", section.text, decl.length, span)
    for field_decl in doc_type.fields:
        if field_decl.length is None:
            continue
        for field in reading.field(field_decl.name):
            if field.raw.strip() and not field.placeholder:
                yield from _measure(
                    f"`{field_decl.name}`", field.raw, field_decl.length, field.span
                )


def _measure(what: str, text: str, bounds: LengthRange, span: Span) -> Iterator[Finding]:
    length = len(plain_text(text))
    low, high = bounds.min, bounds.max
    if (low is None or length >= low) and (high is None or length <= high):
        return
    if low is not None and high is not None:
        wanted = f"{low} to {high}"
    elif low is not None:
        wanted = f"at least {low}"
    else:
        wanted = f"at most {high}"
    unit = "character" if length == 1 else "characters"
    yield Finding(span, f"{what} is {length} {unit}; it must be {wanted}")
