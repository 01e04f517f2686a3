"""LNK003: a relation the other record does not state back."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.diagnostics import Related
from assay.spec.rules.rule import Rule
from assay.spec.source import Span

LNK003 = Rule(
    code="LNK003",
    name="one-sided-relation",
    stage="check",
    scope="workspace",
    publication="noted",
    severity="warning",
    summary="Record A says it is superseded by B, but B does not say it supersedes A.",
    documentation="""\
Relations are read in Status (`Superseded by [ADR 5](0005-x.md)`), metadata
lines and bullets, a `Links` section and front matter; targets are links or bare
IDs (`ADR-0005`), and a link to a pull request or issue (`[rfc#7](…/pull/7)`) is
none; a sentence about the record (`This ADR supersedes [ADR 3](..)`) states one
too. Every relation with an inverse is checked both ways, so a reader who lands on
either record finds the other (in a record no spec declares, any link back from the
other record is its answer); a one-sided relation (`In part
supersedes`, `Rejected in favour of`) asks nothing back.

## Fails

```markdown path=docs/adr/0001-use-mysql.md at=3:23
# 1. Use MySQL

Status: Superseded by [ADR 2](0002-use-postgres.md)
```

```markdown path=docs/adr/0002-use-postgres.md
# 2. Use PostgreSQL

Status: Accepted
```

## Passes

```markdown path=docs/adr/0001-use-mysql.md
# 1. Use MySQL

Status: Superseded by [ADR 2](0002-use-postgres.md)
```

```markdown path=docs/adr/0002-use-postgres.md
# 2. Use PostgreSQL

* Status: Accepted
* Supersedes: ADR-0001
```
""",
)


@workspace_check(LNK003)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """Record A says it is superseded by B, but B does not say it supersedes A."""
    index = workspace.records
    focus = workspace.focused  # reported: a finding in focus, or naming a record in focus
    for record in index.relating:
        for _name, inverse, targets in record.relations:
            if inverse is None:
                continue
            for target in targets:
                if (
                    focus is not None
                    and record.path not in focus.paths
                    and not focus.may_name(target)
                ):
                    continue
                other = index.target(record, target)
                if other is None or other is record:
                    continue
                back = [
                    name
                    for name, _inverse, theirs in other.relations
                    if name.casefold() == inverse.casefold()
                    and any(index.target(other, t) is record for t in theirs)
                ]
                # A record no spec declares answers by any link back: a reader who
                # lands on it finds this one (alphagov writes only `Superseded by`, and
                # links the older record from the newer one's Context).
                if not back and record.path not in other.linked:
                    yield Finding(
                        Span(*target[3]),
                        f"`{other.path}` does not say `{inverse}` this record back",
                        (Related("the other record", other.path, other.title_span()),),
                        path=record.path,
                    )
