"""LNK007: a web address written without `https://`."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

LNK007 = Rule(
    code="LNK007",
    name="scheme-less-link",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="A link to a domain without a scheme is a relative path to a missing file.",
    documentation="""\
`[docs](example.org/docs)` resolves to `docs/adr/example.org/docs` on GitHub.

## Fails

```markdown at=3:5
# 1. Use PostgreSQL

See [the PostgreSQL docs](www.postgresql.org/docs/16/).
```

## Passes

```markdown
# 1. Use PostgreSQL

See [the PostgreSQL docs](https://www.postgresql.org/docs/16/).
```
""",
)


@document_check(LNK007, uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A link to a domain without a scheme is a relative path to a missing file."""
    for found in findings_of(context, "scheme-less-domain"):
        yield Finding(found.span, found.resolution.message)
