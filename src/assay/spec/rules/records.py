"""DOC009-DOC016 and DOC021: a record's number, title, file name and nesting, and what a folder of
records holds besides.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

DOC009 = Rule(
    code="DOC009",
    name="duplicate-number",
    undeclared="face",
    stage="check",
    scope="workspace",
    publication="noted",
    summary="Two decision records in one folder share a number in a numbered scheme.",
    documentation="""\
Records are cited by number ("see ADR 7"); two records 7 make every citation
ambiguous. Usually two branches each took the next free number. Dated names
(`2024-01-31-x.md`) may share a date.

## Fails

```markdown path=docs/adr/0007-use-kafka.md at=1:1
# 7. Use Kafka for order events
```

```markdown path=docs/adr/0007-use-grpc.md
# 7. Use gRPC between services
```

## Passes

```markdown path=docs/adr/0007-use-kafka.md
# 7. Use Kafka for order events
```

```markdown path=docs/adr/0008-use-grpc.md
# 8. Use gRPC between services
```
""",
)

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

DOC011 = Rule(
    code="DOC011",
    name="number-gap",
    stage="check",
    scope="workspace",
    publication="noted",
    severity="info",
    summary="Numbers are missing between a folder's numbered records.",
    documentation="""\
Often harmless (a record was withdrawn before merging), sometimes a record lost
in a rename; worth a look, never a failure. A record that cannot be read (`DOC001`)
still counts, by the number its file name gives.

## Fails

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```

```markdown path=docs/adr/0003-use-redis.md at=1:1
# 3. Use Redis for sessions
```

## Passes

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```

```markdown path=docs/adr/0002-use-redis.md
# 2. Use Redis for sessions
```
""",
)

DOC012 = Rule(
    code="DOC012",
    name="file-name-anomaly",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="A record's file name has spaces or brackets, `..md`, `.md.md` or no extension.",
    documentation="""\
Such names break links (a space must be written `%20`), shell scripts and
adr-tools' own renumbering. The record is still read and checked.

## Fails

```markdown path="docs/adr/0003-use redis.md" at=1:1
# 3. Use Redis for sessions
```

## Passes

```markdown path=docs/adr/0003-use-redis.md
# 3. Use Redis for sessions
```
""",
)

DOC013 = Rule(
    code="DOC013",
    name="nesting-too-deep",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="Block quotes and list items nest more than 100 deep.",
    documentation="""\
No record a person writes comes near it; a generated file might. assay reads
a deeper `>` or list marker as text, so the document is still read and checked
(CommonMark sets no limit, but reading every line against every open container
would take time quadratic in the depth). The finding points at the first marker
read as text.

## Fails

```markdown at=3:101
# 1. Quote the incident channel

>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>deep
```

## Passes

```markdown
# 1. Quote the incident channel

>>> three levels of reply
```
""",
)

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

DOC015 = Rule(
    code="DOC015",
    name="folder-convention",
    stage="check",
    scope="workspace",
    severity="info",
    summary=(
        "A folder's records keep no settled convention, or use a status word of their "
        "own: said once, instead of a finding in each record."
    ),
    documentation="""\
A record no spec declares (found by convention, read as the built-in `adr` or `madr`)
is judged against its folder. A series written without a status (the status lives in
an index page) or without a Decision section (the title states it) is not wrong in
every record. For a required field or section (`FLD001`, `DOC003`), one title
(`DOC010`), headings rather than bold labels (`DOC014`) and ISO dates (`FLD007`): where
at least two in three of a folder's records (and at least two) keep the convention,
each record that breaks it is told, as a warning that says how many keep it; where
fewer do, the folder is written another way, and this one finding, at its first
record, says so instead. A status word the built-in types do not know (`FLD002`) is
the folder's own once two of its records use it (the word a status leads with, a
reason after it aside). A record that lacks a required part is told only when it is
written like the records that have it (more than half of the other sections two in
three of them have): one written to another template, a short form or meeting notes
lacks the part by design, and this finding counts it instead. So does one that lacks
a section and has a section of its own, which the records that have the part do not
usually have (`## Solution`, `## Intro`): the part may be there under its own name. A
folder of one record is no series: records kept one a folder (a folder a component or a
proposal) are counted together under the nearest folder that holds others. A
team's own spec that requires a part means it of every record. Ignoring `DOC015`
(`ignore = ["DOC015"]`) reports every record again.

## Fails

```markdown path=docs/adr/0001-use-postgres.md at=1:1
# 1. Use PostgreSQL

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.
```

```markdown path=docs/adr/0002-use-redis.md
# 2. Use Redis for sessions

## Context

Sessions outgrow the process.

## Decision

Redis 7.
```

## Passes

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL

Status: Accepted

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.
```

```markdown path=docs/adr/0002-use-redis.md
# 2. Use Redis for sessions

Status: Accepted

## Context

Sessions outgrow the process.

## Decision

Redis 7.
```
""",
)

DOC016 = Rule(
    code="DOC016",
    name="unsupported-format",
    undeclared="face",
    stage="check",
    scope="workspace",
    severity="info",
    summary=("A records folder holds files in a format assay does not read (`.adoc`, `.txt`, …)."),
    documentation="""\
Markdown and reStructuredText are read. A record written in AsciiDoc or plain text
beside the others is not checked, and saying so once is better than a silent drop: one
finding per folder, at its first such file, naming them all. Rename a plain-text
record to `.md` to have it read (a line standing alone, such as `Context`, is a
section).

## Fails

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```

```markdown path=docs/adr/0002-use-redis.adoc at=1:1
= 2. Use Redis
```

## Passes

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```

```markdown path=docs/adr/diagram.svg
<svg xmlns="http://www.w3.org/2000/svg"/>
```
""",
)

DOC021 = Rule(
    code="DOC021",
    name="rst-markup-problem",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="docutils reports a problem in a reStructuredText record.",
    documentation="""\
A `.rst` record is read with docutils' own parser; its warnings and errors are what
a Sphinx build of the record would warn about too: a title underline shorter than
its title, a malformed table, an unknown directive, markup that ends without a blank
line, a reference (`` `Name`_ ``) to a target no `.. _Name: url` defines. The finding
is at the line docutils names, column 1 of its text (docutils gives lines, not
columns); the rest of the record is still read. Directives of Sphinx and its common
extensions (`toctree`, `versionadded`, `mermaid`, …) and of Sphinx's domains
(`c:function`, `py:class`), and Sphinx's `code-block` options (`:dedent:`,
`:emphasize-lines:`), are not reported, and roles docutils does not know keep their
text (`:doc:` and `:ref:` are read as links).

## Fails

```rst path=docs/decisions/0001-use-postgres.rst at=5:1
1. Use PostgreSQL
=================

Context
----
```

## Passes

```rst path=docs/decisions/0001-use-postgres.rst
1. Use PostgreSQL
=================

Context
-------
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (DOC009, DOC010, DOC011, DOC012, DOC013, DOC014, DOC015, DOC016, DOC021)
