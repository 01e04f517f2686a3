"""DOC018: a run's review.md that is not the review the run renders."""

from __future__ import annotations

import shlex
from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.engine.runs.review import default_destination, render_review, run_review
from assay.spec.rules.rule import Rule
from assay.spec.source import Span

DOC018 = Rule(
    code="DOC018",
    name="stale-review",
    stage="check",
    scope="run",
    summary="A run keeps a `review.md` that differs from the review `assay render` produces.",
    documentation="""\
The public review is rendered by code from the verified overview (ADR 097): its
front matter description from `## Description`, `# <System>` from `run.toml`, the
`Evidence basis:` line from the boundary's fields, the Bounded synthesis and the
Limitations. A `review.md` kept in the run folder must be exactly that rendering,
byte for byte, so no prose reaches readers that verification did not read. Renew it
with `assay render RUN_DIR --write`. The finding points at the first line that
differs.

## Fails

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/boundary.md
# Boundary: Flask

- source.identity: https://github.com/pallets/flask
- source.commit: 2f0c62f5e6e290843f03c1fa70817c7a3c7fd661
- inspected: 2026-11-20
```

```markdown path=runs/github.com-pallets-flask/overview.md
# Overview: Flask

## Description

Flask dispatches each request through one application context and a URL map.

## Bounded synthesis

Requests are matched against the URL map, then dispatched to a view.

## Limitations

Extensions were not read.
```

```markdown path=runs/github.com-pallets-flask/review.md at=9:1
---
description: "Flask dispatches each request through one application context and a URL map."
---

# Flask

Evidence basis: https://github.com/pallets/flask at commit 2f0c62f5e6e290843f03c1fa70817c7a3c7fd661, inspected 2026-11-20.

Flask is fast and safe, and every extension is thread-safe.

## Limitations

Extensions were not read.
```

## Passes

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/boundary.md
# Boundary: Flask

- source.identity: https://github.com/pallets/flask
- source.commit: 2f0c62f5e6e290843f03c1fa70817c7a3c7fd661
- inspected: 2026-11-20
```

```markdown path=runs/github.com-pallets-flask/overview.md
# Overview: Flask

## Description

Flask dispatches each request through one application context and a URL map.

## Bounded synthesis

Requests are matched against the URL map, then dispatched to a view.

## Limitations

Extensions were not read.
```

```markdown path=runs/github.com-pallets-flask/review.md
---
description: "Flask dispatches each request through one application context and a URL map."
---

# Flask

Evidence basis: https://github.com/pallets/flask at commit 2f0c62f5e6e290843f03c1fa70817c7a3c7fd661, inspected 2026-11-20.

Requests are matched against the URL map, then dispatched to a view.

## Limitations

Extensions were not read.
```
""",
)


@run_check(DOC018)
def check(run: Run) -> Iterator[Finding]:
    """A run keeps a `review.md` that differs from the review `assay render` produces."""
    if run.review is None:
        return
    source = run_review(run)
    if source is None:  # a part is missing: the member checks say which
        return
    destination = default_destination(run)
    rendered = render_review(source, destination).encode("utf-8")
    if run.review == rendered:
        return
    line, offset = _first_difference(run.review, rendered)
    folder = shlex.quote(run.folder or ".")  # a command to paste, whatever the folder's name
    yield Finding(
        Span.point(offset, line, 1),
        f"review.md is not the review this run renders (from line {line} on): renew it "
        f"with `assay render {folder} --write`",
        path=destination,
    )


def _first_difference(kept: bytes, rendered: bytes) -> tuple[int, int]:
    """The 1-based line on which ``kept`` first differs from ``rendered``, and the byte
    offset in ``kept`` where that line starts."""
    offset = 0
    kept_lines, rendered_lines = kept.split(b"\n"), rendered.split(b"\n")
    for number, (a, b) in enumerate(zip(kept_lines, rendered_lines, strict=False), start=1):
        if a != b:
            return number, offset
        offset += len(a) + 1
    last = min(len(kept_lines), len(rendered_lines))
    return last, max(0, offset - len(kept_lines[last - 1]) - 1)
