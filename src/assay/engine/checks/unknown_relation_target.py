"""LNK004: a relation naming a record that is not there."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.rule import Rule
from assay.spec.source import Span

LNK004 = Rule(
    code="LNK004",
    name="unknown-relation-target",
    stage="check",
    scope="workspace",
    publication="noted",
    severity="warning",
    summary="A relation names a record by ID (`Supersedes ADR-0042`) and no record has it.",
    documentation="""\
Linked targets that do not exist are `LNK001`; this covers bare IDs, for every
relation, one-sided ones too (`Rejected in favour of ADR-101`).

## Fails

```markdown path=docs/adr/0002-use-postgres.md at=4:15
# 2. Use PostgreSQL

* Status: Accepted
* Supersedes: ADR-0042
```

## Passes

```markdown path=docs/adr/0002-use-postgres.md
# 2. Use PostgreSQL

* Status: Accepted
* Supersedes: ADR-0001
```

```markdown path=docs/adr/0001-use-mysql.md
# 1. Use MySQL

Status: Superseded by ADR-0002
```
""",
)


@workspace_check(LNK004)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A relation names a record by ID (`Supersedes ADR-0042`) and no record has it."""
    index = workspace.records
    focus = workspace.focused  # a finding is in the record that names the target
    for record in index.relating:
        if focus is not None and record.path not in focus.paths:
            continue
        for name, _inverse, targets in record.relations:
            for target in targets:
                text, destination, number, span = target
                if destination is None and index.target(record, target) is None:
                    yield Finding(
                        Span(*span),
                        f"{name} `{text}`: no record numbered {number}",
                        path=record.path,
                    )
