"""DOC010: a second level-one heading."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from assay.engine.checks.base import Finding, document_check
from assay.engine.workspace.document_context import DocumentContext
from assay.grammar.reader import is_rst
from assay.spec.diagnostics import Related
from assay.spec.reading import SectionReading
from assay.spec.rules.rule import Rule

DOC010 = Rule(
    code="DOC010",
    name="second-title",
    undeclared="convention",
    stage="check",
    scope="document",
    severity="warning",
    summary="A decision record has more than one H1.",
    documentation="""\
A record has one title. A second `# Status` is usually a section written one
level too high; it renders as a second title and breaks tables of contents. A record
written in parts is not: a `#` heading that opens a second part written in full,
whose sections are named as the record's own before it at their level (a second
proposal with its own `## Problem` and `## Solution`), is not reported.

## Fails

```markdown at=3:1
# 1. Use PostgreSQL

# Status

Accepted

## Context

The ledger needs transactions.
```

## Passes

```markdown
# 1. Use PostgreSQL

## Status

Accepted
```
""",
)


@document_check(DOC010)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A decision record has more than one H1."""
    if context.reading is None or not context.derives_from("adr"):
        return
    sections = context.reading.sections
    h1 = [s for s in sections if s.level == 1]
    rst = is_rst(context.path, context.text)
    for extra in _titles(sections)[1:]:
        message = (
            # reStructuredText levels go by the order underline styles first appear.
            f"a second title `{extra.heading}`, underlined as the title is; a section's"
            " underline uses another character"
            if rst
            else f"a second title `# {extra.heading}`; a section heading starts with `##`"
        )
        yield Finding(
            extra.span,
            message,
            (Related("the title", context.path, h1[0].span),),
        )


def _titles(sections: Sequence[SectionReading]) -> list[SectionReading]:
    """The record's level-one headings but those that open a second part written in
    full, with sections named as the record's own before it, at their level (a second
    proposal's `## Problem` and `## Solution`, an alternative's `## Positive
    Consequences`): the writer groups the record in parts, and such a heading is no
    slip of a section's. One pass: a record may hold thousands of headings."""
    seen: dict[int, set[str]] = {}  # level -> the names of the sections so far
    titles: list[SectionReading] = []
    for part in _parts(sections):
        opening, below = part[0], part[1:]
        level = min((s.level for s in below), default=0)
        names = {_name(s) for s in below if s.level == level}
        if opening.level == 1 and not (titles and names & seen.get(level, set())):
            titles.append(opening)
        for section in part:
            seen.setdefault(section.level, set()).add(_name(section))
    return titles


def _parts(sections: Sequence[SectionReading]) -> Iterator[list[SectionReading]]:
    """``sections`` split before each level-one heading."""
    part: list[SectionReading] = []
    for section in sections:
        if section.level == 1 and part:
            yield part
            part = []
        part.append(section)
    if part:
        yield part


def _name(section: SectionReading) -> str:
    """A section's name as a part's, without what follows a colon (`Problem: x`)."""
    return section.name.partition(":")[0].strip().casefold()
