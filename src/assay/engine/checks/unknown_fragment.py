"""LNK008: a link in an analysis run whose ``#fragment`` names no heading of its target."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from urllib.parse import unquote

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.anchors import document_anchors, fragment
from assay.engine.runs.model import Run
from assay.spec.rules.rule import Rule

#: Links whose destination a reader follows (an autolink is a URL).
_FOLLOWED = ("inline", "reference", "html")


LNK008 = Rule(
    code="LNK008",
    name="unknown-fragment",
    stage="check",
    scope="run",
    summary="A link between a run's documents names a heading its target does not have.",
    documentation="""\
A `#fragment` names a heading: `lenses/memory.md#findings` leads to the memory lens's
`## Findings`, `#limitations` to the document's own. The review rendered from a run
carries the overview's links (ADR 097), so a fragment that names no heading would
reach readers as a link that leads nowhere in particular. A fragment resolves when
the heading's anchor on the published site (MkDocs: `limitations`, a second one
`limitations_1`) or on GitHub (`limitations-1`) is that name. In the review, a
fragment-only link whose heading the review keeps (its own title, the synthesis's
headings, `Limitations`) stays, and any other leads to the overview's heading.

## Fails

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md
# Memory lens: request dispatch

## Findings

Context-local state lives in `contextvars`.
```

```markdown path=runs/github.com-pallets-flask/overview.md at=5:17
# Overview: Flask

## Bounded synthesis

State is local ([memory lens](lenses/memory.md#finding-2)).
```

## Passes

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md
# Memory lens: request dispatch

## Findings

Context-local state lives in `contextvars`.
```

```markdown path=runs/github.com-pallets-flask/overview.md
# Overview: Flask

## Description

Flask keeps request state in context-local objects, pushed around each request.

## Bounded synthesis

State is local ([memory lens](lenses/memory.md#findings)); see the
[description](#description).
```
""",
)


@run_check(LNK008)
def check(run: Run) -> Iterator[Finding]:
    """A link between a run's documents names a heading its target does not have."""
    anchors: dict[str, frozenset[str]] = {}
    for relative, source in run.documents.items():
        if source.document is None:
            continue
        for link in source.document.links:
            name = fragment(link.destination) if link.kind in _FOLLOWED else None
            if not name:
                continue
            target = _target(relative, link.destination)
            member = None if target is None else run.member(target)
            if target is None or member is None or member.document is None:
                continue  # not a document of the run: nothing to hold it to
            if target not in anchors:
                anchors[target] = document_anchors(member.document)
            if name not in anchors[target]:
                where = "this document" if target == relative else f"`{target}`"
                yield Finding(
                    link.span,
                    f"`#{name}` names no heading of {where}: link to a heading it has, "
                    "or to the document alone",
                    path=run.path(relative),
                )


def _target(relative: str, destination: str) -> str | None:
    """The run file ``destination`` leads to from the member at ``relative``; None for
    a URL, a root-relative path, or one that leaves the run."""
    path = destination.split("#", 1)[0].split("?", 1)[0]
    if not path:
        return relative
    if ":" in path.split("/", 1)[0] or path.startswith(("/", "\\")):
        return None
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(relative), unquote(path)))
    return None if joined.startswith("../") or joined == ".." else joined
