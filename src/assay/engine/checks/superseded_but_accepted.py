"""FLD008: a superseded record whose status still says accepted."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.engine.workspace.record_index import Focus, Record, SpanTuple, Target
from assay.spec.diagnostics import Related
from assay.spec.rules.rule import Rule
from assay.spec.source import Span

_SUPERSEDED_BY = "superseded by"
_SUPERSEDES = "supersedes"


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


@workspace_check(FLD008)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A record is superseded — by its own word or its successor's — yet `accepted`."""
    index = workspace.records
    interest = _interest(workspace)
    # Record -> the first place it is said to be superseded, in path order.
    superseded: dict[str, tuple[str, SpanTuple]] = {}
    for record in index.relating:
        whole = interest is None or record.path in interest.paths
        for relation, _inverse, targets in record.relations:
            name = relation.casefold()
            for target in targets:
                if name == _SUPERSEDED_BY:
                    if whole:
                        superseded.setdefault(record.path, (record.path, target[3]))
                elif name == _SUPERSEDES and (whole or _may_name(interest, target)):
                    other = index.target(record, target)
                    if other is not None and other is not record:
                        superseded.setdefault(other.path, (record.path, target[3]))
    for record in [r for r in index.records if r.path in superseded]:
        yield from _accepted(record, *superseded[record.path])


def _interest(workspace: WorkspaceContext) -> Focus | None:
    """The records whose first "superseded" place a focused run needs: those in focus
    and those a record in focus supersedes (its finding names the record in focus);
    None for every record."""
    focus = workspace.focused
    if focus is None:
        return None
    index = workspace.records
    paths = set(focus.paths)
    for record in filter(None, map(index.by_path.get, focus.paths)):
        for relation, _inverse, targets in record.relations:
            if relation.casefold() == _SUPERSEDES:
                for target in targets:
                    other = index.target(record, target)
                    if other is not None:
                        paths.add(other.path)
    return Focus(paths, index)


def _may_name(interest: Focus | None, target: Target) -> bool:
    return interest is None or interest.may_name(target)


def _accepted(record: Record, by: str, where: SpanTuple) -> Iterator[Finding]:
    for value, span in record.statuses:
        if value == "accepted":
            yield Finding(
                Span(*span),
                "the record is superseded but its status is still `accepted`",
                (Related("where it is superseded", by, Span(*where)),),
                path=record.path,
            )
            return
