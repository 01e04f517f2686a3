"""LNK006: a link to a Markdown file written without `.md`."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of, link_fix
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

LNK006 = Rule(
    code="LNK006",
    name="link-missing-extension",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="A link names a file without its `.md`; some sites resolve it, GitHub does not.",
    documentation="""\
## Fails

```markdown path=docs/adr/0002-use-redis.md at=3:11
# 2. Use Redis

Builds on [ADR 1](0001-use-postgres).
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


@document_check(LNK006, uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A link names a file without its `.md`; some sites resolve it, GitHub does not."""
    for found in findings_of(context, "missing-extension"):
        yield Finding(found.span, found.resolution.message, fix=link_fix(context, found))
