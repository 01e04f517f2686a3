"""DOC011: a gap in a folder's record numbers."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.rule import Rule

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


@workspace_check(DOC011)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """Numbers are missing between a folder's numbered records."""
    folders: dict[str, dict[int, str]] = {}
    for record in workspace.records.records:
        if record.number is not None:
            numbers = folders.setdefault(record.folder, {})
            numbers.setdefault(record.number, record.path)
    for numbers in folders.values():
        ordered = sorted(numbers)
        for before, after in pairwise(ordered):
            if after - before > 1:
                missing = f"{before + 1}" if after - before == 2 else f"{before + 1} to {after - 1}"
                yield Finding(
                    START, f"no record numbered {missing} before this one", path=numbers[after]
                )
