"""FLD001-FLD009: a record's fields: present, allowed, well-formed and consistent."""

from __future__ import annotations

from assay.spec.rules.rule import Rule

FLD001 = Rule(
    code="FLD001",
    name="missing-field",
    undeclared="convention",
    stage="check",
    scope="document",
    summary="A required field is not stated anywhere a reader would look.",
    documentation="""\
Fields are read from front matter, a metadata table, `Key: value` lines and
bullets before the first section, a heading named after the field (`## Status`
then its first paragraph) or holding the value (`## Status: accepted`), a
`Status:` line under a heading that asks for it (`## Proposal Status`), and a
status word leading the title (`# Draft: Use PostgreSQL`). A record whose front matter
is no valid YAML (DOC006) is not told its fields are missing: they may be in it.

## Fails

```markdown at=1:1
# 1. Use PostgreSQL

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.
```

## Passes

```markdown
# 1. Use PostgreSQL

* **Status:** Accepted

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.
```
""",
)

FLD002 = Rule(
    code="FLD002",
    name="value-not-allowed",
    stage="check",
    scope="document",
    summary="A value is not one the type allows, under any of its synonyms.",
    documentation="""\
Statuses are read the way people write them: markup, a trailing period and a date
before the word are dropped, and a compound value counts by its leading keyword
(`Accepted, amended by ADR 9`, `**Accepted** 2023-05-11`, `2021-01-13 proposed`).
Synonyms map to the canonical value (`Approved` is `accepted`, `Superceded` is
`superseded`). Set the severity to `warning` in `[severity]` to keep unknown values
visible without failing.

Without a spec, a record was never told which words its team uses: a status word
or short phrase of its own (`On Hold`, `Deferred`, `Provisional (2023-04-07)`,
`Angenommen`) is taken as the team's vocabulary and not reported. What states no
status is still told: prose (`Refinement completed. TP in 3.4`), `TBD`, or a
built-in word misspelt (`Acceptd`). A spec
that declares the records makes its list of values the whole vocabulary.

## Fails

```assay path=assay/decisions.assay
use adr

type decision extends adr {
    files "docs/adr/*.md"
}
```

```markdown path=docs/adr/0001-use-postgresql.md at=3:9
# 1. Use PostgreSQL

Status: Agreed-ish

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.
```

## Passes

```markdown
# 1. Use PostgreSQL

Status: **Approved** 2024-03-01

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16.
```
""",
)

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

FLD004 = Rule(
    code="FLD004",
    name="forbidden-field",
    stage="check",
    scope="document",
    summary="A forbidden field is present; the message gives the spec's reason.",
    documentation="""\
## Fails

```assay path=assay/memory.assay
type memory {
    files "runs/*/memory.md"
    field "worker-model" forbidden "removed by ADR 097"
}
```

```markdown path=runs/billing/memory.md at=2:1
---
worker-model: large-2
---
# Memory report
```

## Passes

```assay path=assay/memory.assay
type memory {
    files "runs/*/memory.md"
    field "worker-model" forbidden "removed by ADR 097"
}
```

```markdown path=runs/billing/memory.md
# Memory report
```
""",
)

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

FLD006 = Rule(
    code="FLD006",
    name="placeholder-value",
    undeclared="face",
    stage="check",
    scope="document",
    summary="A field value is a template leftover: `{proposed | accepted}`, `YYYY-MM-DD`.",
    documentation="""\
## Fails

```markdown at=2:1
---
status: "{proposed | rejected | accepted | deprecated}"
---
# Use PostgreSQL
```

## Passes

```markdown
---
status: accepted
---
# Use PostgreSQL
```
""",
)

FLD007 = Rule(
    code="FLD007",
    name="non-iso-date",
    undeclared="convention",
    stage="check",
    scope="document",
    severity="warning",
    summary="A date is not `YYYY-MM-DD`: `05/03/2023` may be March or May.",
    documentation="""\
Month names and `2023-3-5` are certain but sort badly; slash dates can be read
two ways, and `January, 2026` names no day. The message gives the ISO form when the
date is certain.

## Fails

```markdown at=4:9
# 1. Use PostgreSQL

* Status: Accepted
* Date: 05/03/2023
```

## Passes

```markdown
# 1. Use PostgreSQL

* Status: Accepted
* Date: 2023-03-05
```
""",
)

FLD008 = Rule(
    code="FLD008",
    name="superseded-but-accepted",
    stage="check",
    scope="workspace",
    publication="noted",
    summary="A record is superseded — by its own word or its successor's — yet `accepted`.",
    documentation="""\
Readers trust the status line; an accepted record that was replaced sends them to
a decision nobody follows any more. Set its status to `superseded`.

## Fails

```markdown path=docs/adr/0001-use-mysql.md at=3:9
# 1. Use MySQL

Status: Accepted
```

```markdown path=docs/adr/0002-use-postgres.md
# 2. Use PostgreSQL

* Status: Accepted
* Supersedes: [ADR 1](0001-use-mysql.md)
```

## Passes

```markdown path=docs/adr/0001-use-mysql.md
# 1. Use MySQL

Status: Superseded by [ADR 2](0002-use-postgres.md)
```

```markdown path=docs/adr/0002-use-postgres.md
# 2. Use PostgreSQL

* Status: Accepted
* Supersedes: [ADR 1](0001-use-mysql.md)
```
""",
)

FLD009 = Rule(
    code="FLD009",
    name="unexpected-inputs",
    stage="check",
    scope="run",
    summary="A member's `Inputs:` line names other files than its job's contract.",
    documentation="""\
Every job names what it read. The runtime member reads `boundary.md`; both lenses
read `boundary.md` and `output/runtime.md`, under the same contract as every other
job (ADR 097 removed the memory lens's own bundle, `memory-input.md`). Names are
separated by commas or `and`; each is a path inside the run (`output/runtime.md`,
in backticks or not) or a Markdown link, read from the document's folder
(`[runtime](../output/runtime.md)`). The order does not matter.

## Fails

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md at=3:9
# Memory lens: request dispatch

Inputs: boundary.md, memory-input.md

## Findings

Context-local state lives in `contextvars`.
```

## Passes

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md
# Memory lens: request dispatch

Inputs: [the boundary](../boundary.md) and `output/runtime.md`

## Findings

Context-local state lives in `contextvars`.
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (FLD001, FLD002, FLD003, FLD004, FLD005, FLD006, FLD007, FLD008, FLD009)
