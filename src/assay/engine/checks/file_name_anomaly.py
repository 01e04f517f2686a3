"""DOC012: a decision record's file name that tools and links trip over."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, document_check
from assay.engine.reading.record_names import ANOMALIES, name_anomalies
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

DOC012 = Rule(
    code="DOC012",
    name="file-name-anomaly",
    undeclared="face",
    stage="check",
    scope="document",
    severity="warning",
    summary="A record's file name has spaces or brackets, `..md`, `.md.md` or no extension.",
    documentation="""\
Such names break links (a space must be written `%20`), shell scripts and
adr-tools' own renumbering. The record is still read and checked.

## Fails

```markdown path="docs/adr/0003-use redis.md" at=1:1
# 3. Use Redis for sessions
```

## Passes

```markdown path=docs/adr/0003-use-redis.md
# 3. Use Redis for sessions
```
""",
)


@document_check(DOC012)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A record's file name has spaces or brackets, `..md`, `.md.md` or no extension."""
    if not context.derives_from("adr"):
        return
    for key in name_anomalies(posixpath.basename(context.path)):
        yield Finding(START, f"{ANOMALIES[key]}: `{posixpath.basename(context.path)}`")
