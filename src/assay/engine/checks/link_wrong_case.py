"""LNK005: a link whose target exists only in another letter case."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of, link_fix
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

LNK005 = Rule(
    code="LNK005",
    name="link-wrong-case",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="A link works on macOS and Windows but not on Linux or GitHub: its case differs.",
    documentation="""\
## Fails

```markdown path=docs/adr/0002-use-redis.md at=3:11
# 2. Use Redis

Builds on [ADR 1](0001-Use-Postgres.md).
```

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```

## Passes

```markdown path=docs/adr/0002-use-redis.md
# 2. Use Redis

Builds on [ADR 1](0001-use-postgres.md).
```

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```
""",
)


@document_check(LNK005, uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A link works on macOS and Windows but not on Linux or GitHub: its case differs."""
    for found in findings_of(context, "wrong-case"):
        yield Finding(found.span, found.resolution.message, fix=link_fix(context, found))
