"""DOC009: two records with the same number."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.diagnostics import Related
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


@workspace_check(DOC009)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """Two decision records in one folder share a number in a numbered scheme."""
    first: dict[tuple[str, int], str] = {}
    for record in workspace.records.records:
        number = record.number
        if number is None:
            continue
        key = (record.folder, number)
        if key in first:
            yield Finding(
                START,
                f"record number {number} is also used by `{first[key]}`",
                (Related("the other record", first[key], START),),
                path=record.path,
            )
        else:
            first[key] = record.path
