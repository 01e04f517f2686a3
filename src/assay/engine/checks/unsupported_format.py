"""DOC016: files in a records folder in a format assay does not read."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.anchors import START
from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext
from assay.spec.rules.rule import Rule

DOC016 = Rule(
    code="DOC016",
    name="unsupported-format",
    undeclared="face",
    stage="check",
    scope="workspace",
    severity="info",
    summary=("A records folder holds files in a format assay does not read (`.adoc`, `.txt`, …)."),
    documentation="""\
Markdown and reStructuredText are read. A record written in AsciiDoc or plain text
beside the others is not checked, and saying so once is better than a silent drop: one
finding per folder, at its first such file, naming them all. Rename a plain-text
record to `.md` to have it read (a line standing alone, such as `Context`, is a
section).

## Fails

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```

```markdown path=docs/adr/0002-use-redis.adoc at=1:1
= 2. Use Redis
```

## Passes

```markdown path=docs/adr/0001-use-postgres.md
# 1. Use PostgreSQL
```

```markdown path=docs/adr/diagram.svg
<svg xmlns="http://www.w3.org/2000/svg"/>
```
""",
)


@workspace_check(DOC016)
def check(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A records folder holds files in a format assay does not read (`.rst`, `.adoc`,
    `.txt`, …)."""
    folders: dict[str, list[str]] = {}
    for skipped in workspace.discovery.skipped:
        if skipped.reason == "unsupported-format":
            folders.setdefault(skipped.path.rpartition("/")[0], []).append(skipped.path)
    for folder, paths in sorted(folders.items()):
        paths.sort()
        names = ", ".join(f"`{p.rpartition('/')[2]}`" for p in paths)
        kinds = ", ".join(sorted({f"`.{p.rpartition('.')[2]}`" for p in paths}))
        count = f"{len(paths)} files" if len(paths) > 1 else "a file"
        yield Finding(
            START,
            f"`{folder}` holds {count} in a format assay does not read ({kinds}): "
            f"{names}; not checked",
            path=paths[0],
        )
