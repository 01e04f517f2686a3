"""DOC015: a folder whose records keep no settled convention, said once.

The conventions of a folder's records are counted in ``engine.workspace.folder_tallies``;
the stage that tells each record no spec declares its findings
(``engine.runner.undeclared``) leaves out those of a convention the folder does not
keep, and of a part a record written another way lacks. This check says so, once a
folder, at its first record, instead of a finding per record.
"""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.engine.workspace.folder_tallies import Tally, tallies
from assay.engine.workspace.record_index import Gap
from assay.spec.rules.rule import Rule

_BREAK = {
    "DOC010": "have several titles (`#` headings)",
    "DOC014": "introduce sections with bold lines",
    "FLD007": "write dates in another form than YYYY-MM-DD",
}
_KIND = {"FLD001": "field", "DOC003": "section"}


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


@workspace_check(DOC015)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A folder's records keep no settled convention, or use a status word of their
    own, or some are written another way: said once, instead of a finding per record."""
    found = tallies(workspace.records.records)
    focus = workspace.focused  # a note is reported only at a record in focus
    seen: set[int] = set()
    for _folder, tally in sorted(found.items()):
        if id(tally) in seen:  # a series kept one record a folder: said once
            continue
        seen.add(id(tally))
        judged = [r for r in tally.records if found.get(r.folder) is tally]
        if focus is not None and judged[0].path not in focus.paths:
            continue  # a pre-commit run of one record: no other folder's notes to count
        unlike: dict[str, list[Gap]] = {}
        for gap, count in sorted(tally.breaking.items()):
            if tally.usual(gap):
                if any(gap in (r.gaps or ()) for r in judged):
                    yield Finding(START, _said(gap, count, tally), path=judged[0].path)
                continue
            for record in tally.shapeless(gap):
                if found.get(record.folder) is tally:
                    unlike.setdefault(record.path, []).append(gap)
        if unlike:
            yield Finding(START, _unlike(tally.series, unlike), path=judged[0].path)


def _said(gap: Gap, count: int, tally: Tally) -> str:
    code, name = gap
    series = tally.series
    if code == "FLD002":
        return (
            f"{count} records in {series} have the status `{name}`: taken as the "
            f"folder's own word, so FLD002 is not reported for it"
        )
    if name and count == tally.total:
        said = f"no record in {series} states a `{name}` {_KIND[code]}"
    elif name:
        said = f"{count} of {tally.total} records in {series} state no `{name}` {_KIND[code]}"
    else:
        said = f"{count} of {tally.total} records in {series} {_BREAK[code]}"
    return f"{said}: taken as the folder's way of writing, so {code} is not reported for them"


def _unlike(series: str, unlike: dict[str, list[Gap]]) -> str:
    """One note for the records of a series written unlike the others, and the
    parts they lack that are not reported for them."""
    gaps = sorted({gap for found in unlike.values() for gap in found})
    parts = ", ".join(f"`{name}` {_KIND[code]}" for code, name in gaps)
    codes = sorted({code for code, _ in gaps})
    one = len(unlike) == 1
    return (
        f"{len(unlike)} {'record' if one else 'records'} in {series} "
        f"{'is' if one else 'are'} written unlike the folder's others (few of the sections "
        f"most of them have, or sections of {'its' if one else 'their'} own): "
        f"what {'it lacks' if one else 'they lack'} of theirs ({parts}) "
        f"is taken as another way of writing, so {' and '.join(codes)} "
        f"{'is' if len(codes) == 1 else 'are'} not reported for "
        f"{'it' if one else 'them'}"
    )
