"""DOC014: a bold line standing in for a section heading."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.bold_headings import BOLD_LINE
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.reading import SectionReading
from assay.spec.rules.rule import Rule

#: How many other lines a finding names before "…" (a record can hold thousands).
_NAMED = 5


DOC014 = Rule(
    code="DOC014",
    name="bold-paragraph-heading",
    undeclared="convention",
    stage="check",
    scope="document",
    severity="warning",
    summary="A section is introduced by a bold line, not a heading.",
    documentation="""\
`**Context and Problem Statement**` alone on a line reads as a heading to people,
so assay reads it as that section (the record is not missing it). Renderers,
tables of contents and links to `#context` do not: write it as a heading,
`## Context and Problem Statement`. Only a bold line naming a section the type
declares counts; bold prose is prose. So is a bold line naming the section it is in
(`**Discussion:**` under `## Context`: a label of what follows), and one in a run of
bold labels that mostly name no section (an API's calls, `**Watch**`, `**List**`,
`**Status**`). A record that writes every section this way
gets one finding, at its first bold line, naming how many more there are and on
which lines: one habit, one warning.

## Fails

```markdown at=5:1
# 1. Use PostgreSQL

Status: Accepted

**Context**

The ledger needs transactions across accounts.

## Decision

PostgreSQL 16.
```

## Passes

```markdown
# 1. Use PostgreSQL

Status: Accepted

## Context

The ledger needs transactions across accounts. **Decision** follows below.

## Decision

PostgreSQL 16.
```
""",
)


@document_check(DOC014)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A section is introduced by a bold line, not a heading.

    One habit, one finding: at the first bold line, naming how many more there are
    and where, so a record written this way all through reads as one warning."""
    if context.reading is None:
        return
    bold = [section for section in context.reading.sections if section.bold]
    if not bold:
        return
    first, others = bold[0], bold[1:]
    written, suggested = first.heading.strip(), _suggestion(first)
    if not others:
        message = f"`{written}` is bold text used as a heading: write `{suggested}`"
    else:
        if len(others) == 1:
            more = f"as is line {others[0].span.line}"
        else:
            lines = ", ".join(str(s.span.line) for s in others[:_NAMED])
            lines += ", …" if len(others) > _NAMED else ""
            more = f"as are {len(others)} more lines ({lines})"
        message = (
            f"`{written}` is bold text used as a heading, {more}: "
            f"write `{suggested}`, and a heading for each"
        )
    yield Finding(first.span, message)


def _suggestion(section: SectionReading) -> str:
    bold = BOLD_LINE.fullmatch(section.heading.strip())
    name = bold["name"].strip().rstrip(":").rstrip() if bold is not None else section.name
    marks = "#" * max(section.level, 2)  # a plain-text record's line: level 0
    return f"{marks} {name}"
