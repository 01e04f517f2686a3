"""DOC005: the same section twice in one place."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.values import strip_markup
from assay.engine.reading.vocabulary import fold
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.diagnostics import Related
from assay.spec.reading import SectionReading
from assay.spec.rules.rule import Rule

DOC005 = Rule(
    code="DOC005",
    name="duplicate-section",
    stage="check",
    scope="document",
    severity="warning",
    summary=(
        "A declared section appears twice in one place: under the same heading, or "
        "under two of its names when one of them is empty."
    ),
    documentation="""\
A reader (and assay) would not know which one holds the decision. Sections with
different headings that share a declared name (`Consequences` and `Risks`) and
both hold text are not duplicates: records often keep both. When one of them is
empty (`## Risks` left from the template above `## Consequences`), it is a
duplicate: the empty one is reported by DOC007 as well. Parts of a section named
after it (`### Positive Consequences`, `### Negative Consequences`) are never
duplicates of each other.

Only sections in one place are compared: under the same parent heading, and not
parted by a heading the type does not declare at their level. Each option's own
`#### Consequences` under its `### Option` heading, or an `### Implications` after
each flat `### Alternative 2`, belongs to that option.

## Fails

```markdown at=11:1
# 1. Use PostgreSQL

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.

## Context

Also, the team knows it.
```

## Passes

```markdown
# 1. Use PostgreSQL

## Context

The ledger needs transactions. Also, the team knows it.

## Decision

PostgreSQL 16.

## Risks

The team has not run PostgreSQL 16 before.

## Consequences

One database to back up.
```

```markdown
# 1. Choose a database

## Considered Options

### PostgreSQL

#### Consequences

One database to back up.

### MySQL

#### Consequences

Two replicas to keep in step.
```
""",
)


@document_check(DOC005)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A declared section appears twice in one place: under the same heading, or
    under two of its names when one of them is empty."""
    if context.reading is None:
        return
    sections = context.reading.sections
    seen: dict[tuple[int, int, int, str], list[SectionReading]] = {}
    for section, place in zip(sections, places(sections), strict=True):
        if not section.declared:
            continue
        earlier = seen.setdefault((*place, section.name.casefold()), [])
        heading = fold(section.heading)
        same = next((e for e in earlier if fold(e.heading) == heading), None)
        if same is not None:
            yield Finding(
                section.span,
                f"a second `{written(section)}` section (the first is on line {same.span.line})",
                (Related("the first one", context.path, same.span),),
            )
        else:
            other = next((e for e in earlier if _one_left_empty(e, section)), None)
            if other is not None:
                yield Finding(
                    section.span,
                    f"`{written(section)}` and `{written(other)}` (line {other.span.line}) "
                    f"are both the `{section.name}` section, and one of them is empty",
                    (Related("the other one", context.path, other.span),),
                )
        earlier.append(section)


def places(sections: Sequence[SectionReading]) -> list[tuple[int, int, int]]:
    """Where each section sits: its parent (an index, -1 at the top), its level, and
    its group among its siblings.

    A section is one record's only under one parent: per-option `#### Consequences`
    under each `### Option` are several sections, not one written twice. A heading
    the type does not declare starts a new group among its siblings, as headings kept
    flat do (`### Alternative 2` then its own `### Implications`). Plain-text sections
    (level 0) have no parents.
    """
    found: list[tuple[int, int, int]] = []
    stack: list[tuple[int, int]] = []  # (level, index) of the open headings
    groups: dict[tuple[int, int], int] = {}
    for index, section in enumerate(sections):
        level = section.level
        while level and stack and stack[-1][0] >= level:
            stack.pop()
        parent = stack[-1][1] if level and stack else -1
        if level:
            stack.append((level, index))
        key = (parent, level)
        if not section.declared:
            groups[key] = groups.get(key, 0) + 1
        found.append((parent, level, groups.get(key, 0)))
    return found


def _one_left_empty(first: SectionReading, second: SectionReading) -> bool:
    """Two names of one section, one of them empty: a template heading left beside
    the written one.  Parts (`Positive Consequences`) are meant to come several."""
    if _is_part(first) or _is_part(second):
        return False
    return (not first.text) != (not second.text)


def _is_part(section: SectionReading) -> bool:
    """True for a heading that qualifies the section's own name: `Positive
    Consequences` is a part of `Consequences`."""
    heading, name = fold(section.heading), fold(section.name)
    return heading != name and heading.endswith(f" {name}")


def written(section: SectionReading) -> str:
    """The section's heading as written, without markup or a trailing comment."""
    return strip_markup(section.heading) or section.name
