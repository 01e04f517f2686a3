"""DOC007: a declared section with nothing in it, or only the template's text.

An error keeps a record off the published site, so only what is certainly unwritten
is one. Two sections that look empty are not:

- a heading whose content follows under sibling headings one level too high: an
  empty `## Consequences` followed by `## Positive`, or `## Considered Options`
  followed by `## Option A`, where the next heading names a part or an item of the
  section (it shares a word with one of the section's names);
- `TBD` or `TODO`, the authors' own note, in a record still proposed: what is not
  determined yet is said to be so. In a decided record it is the unwritten part of
  the record, and the template's own text (`{…}`, `[Describe …]`) is one in any.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.duplicate_section import written
from assay.engine.reading.sections import is_unwritten_note
from assay.engine.reading.vocabulary import fold
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.reading import Reading, SectionReading
from assay.spec.rules.rule import Rule
from assay.spec.types import DocumentType

#: Statuses (folded) of a record not decided yet, whose open questions may say `TBD`.
_UNDECIDED = frozenset({"proposed", "draft", "in review", "under review", "pending", "open"})
_WORD = re.compile(r"[^\W\d_]{3,}")
#: Words too common to tie a heading to a section.
_COMMON = frozenset({"and", "the", "for", "with", "from", "other", "about"})


DOC007 = Rule(
    code="DOC007",
    name="empty-section",
    undeclared="face",
    stage="check",
    scope="document",
    summary="A declared section is empty, or holds only comments or a template placeholder.",
    documentation="""\
An empty `## Consequences` usually means the record was committed from its
template before it was finished. Sub-sections count as content, and so does a
value in the heading: `## Decision: use Kafka` says what was decided. The
template's text is a `{…}` or `[option 1]` placeholder (a line each), `TBC`, `TBD`,
`*To be determined.*`, MADR's `Chosen option: "[option 1]", because
[justification …]` and `Good, because {argument a}`, or a question adr-tools' or
Nygard's template asks in a plain sentence ("The change that we're proposing or have
agreed to implement."), which is what `assay new` writes until the author answers it;
`N/A` is an answer (a rejected record decided nothing). The message names the heading
as written (`Risks`, read as Consequences).

Only what is certainly unwritten is reported. `TBD` or `TODO` alone in a record whose
status is still proposed (or draft) is the authors' note of what is open, not the
template's text. An empty heading followed, at its own level, by a heading that names
a part or an item of it (`## Consequences` then `## Positive`, `## Considered Options`
then `## Option A`) has its content one level too high, and is not empty.

## Fails

```markdown at=7:1
# 1. Use PostgreSQL

Status: Accepted

## Context

{Describe the context and problem statement}

## Decision

PostgreSQL 16.
```

## Passes

```markdown
# 1. Use PostgreSQL

Status: Accepted

## Context

The ledger needs transactions across accounts.

## Decision

PostgreSQL 16.
```
""",
)


@document_check(DOC007)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A declared section is empty, or holds only comments or a template placeholder."""
    reading, doc_type = context.reading, context.type
    if reading is None or doc_type is None:
        return
    field_names = {f.name.casefold() for f in doc_type.fields}
    undecided = _undecided(reading)
    sections = reading.sections
    for index, section in enumerate(sections):
        if not section.declared or section.name.casefold() in field_names:
            continue  # `## Status` is read as a field: FLD checks speak for it
        if not section.text:
            if not _continued_below(section, sections[index + 1 :], doc_type):
                yield Finding(section.span, f"the `{written(section)}` section is empty")
        elif section.placeholder:
            said = _unwritten(section, undecided)
            if said is not None:
                yield Finding(section.body or section.span, said)


def _unwritten(section: SectionReading, undecided: bool) -> str | None:
    """What to say of a section holding only a placeholder; None for the authors'
    `TBD` in a record not decided yet."""
    if not is_unwritten_note(section.text):
        return f"the `{written(section)}` section holds only the template's placeholder"
    if undecided:
        return None
    first = section.text.splitlines()[0]
    return (
        f"the `{written(section)}` section says only `{first}`: "
        "write it, or mark the record proposed"
    )


def _undecided(reading: Reading) -> bool:
    """True when the record's status says it is not decided yet."""
    return any(
        field.name.casefold() == "status"
        and field.value is not None
        and fold(field.value) in _UNDECIDED
        for field in reading.fields
    )


def _continued_below(
    section: SectionReading, after: Sequence[SectionReading], doc_type: DocumentType
) -> bool:
    """True when the next heading, at ``section``'s level and of no declared section,
    names a part or an item of it: its content was written one level too high."""
    following = after[0] if after else None
    if following is None or following.declared or following.level != section.level:
        return False
    names = [section.heading, section.name]
    names += [
        alias.name
        for decl in doc_type.sections
        if decl.name == section.name
        for alias in decl.aliases
    ]
    own = {word for name in names for word in _words(name)}
    return not own.isdisjoint(_words(following.heading))


def _words(text: str) -> set[str]:
    """The significant words of a heading, singular: `Options` and `Option A` share one."""
    found = set()
    for word in _WORD.findall(text.casefold()):
        if word not in _COMMON:
            found.add(word[:-1] if word.endswith("s") and len(word) > 3 else word)
    return found
