"""LNK002: a link that leaves the workspace, or leaves its analysis run's folder."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, document_check
from assay.engine.checks.resolved_links import findings_of, resolved_links
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

LNK002 = Rule(
    code="LNK002",
    name="link-escapes-set",
    undeclared="face",
    stage="check",
    scope="document",
    summary="A relative link climbs out of the workspace with `..`, or out of its run folder.",
    documentation="""\
What lies outside the workspace is not checked, not published, and not there
when the repository is cloned on its own. Link to a URL instead.

A document of an analysis run (any folder holding `run.toml`) links only into
the run's own retained files: the review rendered from the run resolves its links
into that set, and nothing outside it was verified with the run.

Links written in raw HTML count as Markdown links do: the `href` and `src` of a
tag in a paragraph or an HTML block (`<a href="../../README.md">`, `<img src=…>`,
any case, any quoting), its character references decoded. Tags in code, in HTML
comments and inside `<script>`, `<style>` or `<textarea>` are not links.

## Fails

```markdown at=3:5
# 1. Use PostgreSQL

See [the platform notes](../../../platform/notes.md).
```

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/overview.md at=3:5
# Overview: Flask request dispatch

See [the Django run](../github.com-django-django/overview.md) for comparison.
```

```markdown path=runs/github.com-django-django/overview.md
# Overview: Django request handling
```

```markdown path=docs/adr/0002-use-redis.md at=3:14
# 2. Use Redis

See <a href="../../../platform/cache.md">the platform notes</a>.
```

## Passes

```markdown
# 1. Use PostgreSQL

See [the platform notes](https://wiki.example.com/platform/notes).
```
""",
)


@document_check(LNK002, uses_files=True)
def check(context: DocumentContext) -> Iterator[Finding]:
    """A relative link climbs out of the workspace with `..`, or out of its run folder."""
    for found in findings_of(context, "escapes-workspace"):
        yield Finding(found.span, found.resolution.message)
    run = context.run
    if run is None:
        return
    for found in resolved_links(context):
        target = found.resolution.target
        if target is not None and not (run == "" or target.startswith(run + "/")):
            yield Finding(
                found.span,
                f"`{found.destination}` leaves the run folder `{run}`: a run links only "
                "into its retained files",
            )
