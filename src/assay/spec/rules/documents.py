"""DOC001-DOC008: reading a document, its title, front matter and sections."""

from __future__ import annotations

from assay.spec.rules.rule import Rule

DOC001 = Rule(
    code="DOC001",
    name="unreadable-document",
    undeclared="face",
    stage="check",
    scope="document",
    summary="A document that is not UTF-8 text, or cannot be read at all.",
    documentation="""\
assay reads documents as UTF-8 (a byte order mark is allowed) and reports the
first byte that is not, by its offset, line and column. Nothing else is checked in
such a file: its text is unknown. Save the file as UTF-8.

## Fails

```markdown encoding=latin-1 at=1:25
# 1. Use PostgreSQL: café edition
```

## Passes

```markdown
# 1. Use PostgreSQL: café edition
```
""",
)

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

DOC003 = Rule(
    code="DOC003",
    name="missing-section",
    undeclared="convention",
    stage="check",
    scope="document",
    summary="A required section is absent.",
    documentation="""\
Sections match their declared name or an alias, in any case, ignoring a numeric
prefix, emphasis and a trailing colon: `## 2. Decision Outcome:` is the `adr`
type's Decision. The finding points at the title, since the section has no place.

## Fails

```markdown at=1:1
# 1. Use PostgreSQL for the ledger

Status: Accepted

## Context

The ledger needs transactions across accounts.
```

## Passes

```markdown
# 1. Use PostgreSQL for the ledger

Status: Accepted

## Context

The ledger needs transactions across accounts.

## Decision Outcome

We use PostgreSQL 16.
```
""",
)

DOC004 = Rule(
    code="DOC004",
    name="forbidden-section",
    stage="check",
    scope="document",
    summary="A forbidden section is present; the message gives the spec's reason.",
    documentation="""\
## Fails

```assay path=assay/overview.assay
type overview {
    files "runs/*/overview.md"
    section "Lens scoping" forbidden "removed by ADR 097"
}
```

```markdown path=runs/billing/overview.md at=3:1
# Billing service

## Lens scoping

Full depth for every lens.
```

## Passes

```assay path=assay/overview.assay
type overview {
    files "runs/*/overview.md"
    section "Lens scoping" forbidden "removed by ADR 097"
}
```

```markdown path=runs/billing/overview.md
# Billing service

## Limitations

Only the public API was read.
```
""",
)

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

DOC006 = Rule(
    code="DOC006",
    name="malformed-front-matter",
    undeclared="face",
    stage="check",
    scope="document",
    summary="Front matter between `---` lines that is not a YAML mapping.",
    documentation="""\
The rest of the document is still read; fields in the broken front matter are
not, so they may also be reported missing. Front matter whose YAML aliases expand
to more than 10,000 values ("billion laughs") is not read either.

## Fails

```markdown at=3:1
---
status: [accepted
---
# 1. Use PostgreSQL
```

## Passes

```markdown
---
status: accepted
---
# 1. Use PostgreSQL
```
""",
)

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

#: This family's rules, as the registry lists them.
RULES = (DOC001, DOC002, DOC003, DOC004, DOC005, DOC006, DOC007, DOC008)
