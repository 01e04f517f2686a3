"""FRM001-FRM004: the shapes of text a type asks for: sentences, lengths, blockers."""

from __future__ import annotations

from assay.spec.rules.rule import Rule

FRM001 = Rule(
    code="FRM001",
    name="sentence-count",
    stage="check",
    scope="document",
    summary="A section holds more or fewer sentences than its `sentences N` constraint says.",
    documentation="""\
ADR 097's overview has "a one-sentence `## Description`": code uses it as the
description of the run and of its review, so a second sentence would be cut or
run on. Sentences are counted on the plain text (markup stripped); a period after
an abbreviation (`e.g.`, `etc.`, `Dr.`, an initial as in `J. Smith`), inside a
number, version, URL or file name (`2.5`, `v1.2.3`, `example.com`, `run.toml`), or
before a lowercase word ends none. With too many, the finding points at the first
extra sentence and quotes its start. An empty section is `DOC007`'s.

## Fails

```assay path=assay/overview.assay
type overview {
    files "runs/*/overview.md"
    section "Description" required { sentences 1 }
}
```

```markdown path=runs/billing/overview.md at=5:48
# Billing service

## Description

The billing service charges cards every night. It also retries failed charges.
```

## Passes

```assay path=assay/overview.assay
type overview {
    files "runs/*/overview.md"
    section "Description" required { sentences 1 }
}
```

```markdown path=runs/billing/overview.md
# Billing service

## Description

The billing service charges cards every night, e.g. with `retry.toml` v2.5 rules.
```
""",
)

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

FRM003 = Rule(
    code="FRM003",
    name="blockers-form",
    stage="check",
    scope="document",
    summary="A `form none-or-list` section or field is neither exactly `none` nor a `- ` list.",
    documentation="""\
ADR 097's workflow continues only on exactly `none`; anything else is a list of
blockers. Loose readings let `None found` through as "no blockers", so the form is
strict: the text (HTML comments aside, surrounding whitespace stripped) is exactly
`none` — not `None`, `none.` or `None found` — or a Markdown list whose every item
uses the `- ` marker, with nothing else but blank lines and the items' own
continuation lines and nested blocks. `* x` and `1. x` lists fail, and so does a
paragraph before or after the list. The finding points at the first line that
breaks the form. An empty section is `DOC007`'s.

## Fails

```assay path=assay/verification.assay
type verification {
    files "runs/*/verify.md"
    section "Blockers" required { form none-or-list }
}
```

```markdown path=runs/billing/verify.md at=5:1
# Billing service: verification

### Blockers

None found
```

## Passes

```assay path=assay/verification.assay
type verification {
    files "runs/*/verify.md"
    section "Blockers" required { form none-or-list }
}
```

```markdown path=runs/billing/verify.md
# Billing service: verification

### Blockers

- The runtime member names no inputs.
- The memory lens cites a file outside the set,
  `docs/private.md`.
```
""",
)

FRM004 = Rule(
    code="FRM004",
    name="open-blockers",
    stage="check",
    scope="run",
    severity="info",
    summary="The run's `verify.md` lists blockers: the run is not verified.",
    documentation="""\
A Blockers section is exactly `none` or a Markdown list of `- ` entries (a form
error otherwise, `FRM003`). A list is no error in the document, but the workflow
continues only on `none`: a run with blockers is not rendered or published.
Only the last verification, `verify.md` at the run's root, counts; earlier
rounds (`rounds/NN/verify.md`) keep the blockers they had.

## Fails

```markdown path=runs/github.com-pallets-flask/verify.md at=5:1
# Verification

The overview's claims were checked against the members.

### Blockers

- The overview claims thread safety; no member read the locking code.
```

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

## Passes

```markdown path=runs/github.com-pallets-flask/verify.md
# Verification

The overview's claims were checked against the members.

### Blockers

none
```

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (FRM001, FRM002, FRM003, FRM004)
