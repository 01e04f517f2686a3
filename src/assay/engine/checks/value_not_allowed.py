"""FLD002: a field value outside the declared set."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.fixes import closest, replacing
from assay.engine.reading.status_words import is_status_word
from assay.engine.reading.values import strip_markup
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.diagnostics import Fix
from assay.spec.rules.rule import Rule
from assay.spec.source import Span
from assay.spec.specfile import AllowedValue

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


@document_check(FLD002)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A value is not one the type allows, under any of its synonyms."""
    doc_type, reading = context.type, context.reading
    if reading is None or doc_type is None:
        return
    # Read under a built-in type, a record was never told which words its team uses:
    # a status word of its own (`On Hold`, `Provisional`) is that team's vocabulary.
    # Only what is no status word (prose, `TBD`) is told; a spec's list is the team's.
    builtin = doc_type.library is not None
    allowed = {decl.name.casefold(): decl for decl in doc_type.fields if decl.values}
    for field in reading.fields:
        decl = allowed.get(field.name.casefold())
        if decl is None or field.value is not None or field.placeholder:
            continue
        shown = strip_markup(field.raw) or field.raw
        if builtin and is_status_word(field.raw) and not _misspelt(shown, decl.values):
            continue
        names = ", ".join(v.name for v in decl.values)
        yield Finding(
            field.span,
            f"{field.name} `{shown}` is not one of: {names}",
            fix=_fix(context.text, field.span, shown, decl.values),
            subject=shown,
        )


#: How alike a word and an allowed spelling are when the word is that spelling misspelt
#: (`Superseeded`, `Acceptd`): stricter than a fix's guess, as `Reverted` is no typo of
#: `Rejected` but a word of its own.
TYPO = 0.85


def _misspelt(shown: str, values: tuple[AllowedValue, ...]) -> bool:
    """Whether ``shown`` is an allowed spelling with a letter or two wrong."""
    spellings = [s.casefold() for v in values for s in (v.name, *v.synonyms)]
    return bool(difflib.get_close_matches(shown.casefold(), spellings, n=1, cutoff=TYPO))


def _fix(text: str | None, span: Span, shown: str, values: tuple[AllowedValue, ...]) -> Fix | None:
    """The allowed value ``shown`` is a typo of (`Acceptd`: `Accepted`), written over it."""
    choices = {v.name.casefold(): v.name for v in values}
    choices.update((s.casefold(), v.name) for v in values for s in v.synonyms)
    meant = closest(shown, choices)
    if meant is None:
        return None
    return replacing(text, span, shown.strip(), meant, f"Write `{meant}`")
