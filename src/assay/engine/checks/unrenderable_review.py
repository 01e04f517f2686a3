"""DOC022: a run whose review cannot be rendered whole from what verification read."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.engine.runs.review_source import review_gaps
from assay.spec.rules.rule import Rule

DOC022 = Rule(
    code="DOC022",
    name="unrenderable-review",
    stage="check",
    scope="run",
    summary="A run's review cannot be rendered whole: a part is missing, empty, or given twice.",
    documentation="""\
The public review is rendered by code from the verified run (ADR 097): `# <System>`
from `run.toml`'s `system`, the `Evidence basis:` line from the boundary's
`source.identity`, `source.commit` and `inspected`, the overview's Bounded synthesis
and `## Limitations`, and its `## Description` as the description. What `assay check`
accepts, `assay render` and `assay publish` render, so every reason the review
cannot be rendered is this error, at its place: an empty or missing `system`, a
boundary field without a value, a section the review takes that is absent or empty.

Nothing verification read is dropped from the review either: each of the three
sections appears once. A second `## Limitations` (or Bounded synthesis, or
Description) is an error, not a section left behind: merge the two. A section the
review takes that lies inside another one it takes (a `### Limitations` under the
Bounded synthesis) would be shown twice, and is an error too: give it its own level.

## Fails

```toml path=runs/github.com-pallets-flask/run.toml at=1:10
system = ""
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

```toml path=runs/github.com-django-django/run.toml
system = "Django"
source = "https://github.com/django/django"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-django-django/boundary.md
# Boundary: Django

- source.identity: https://github.com/django/django
- source.commit: 2f0c62f5e6e290843f03c1fa70817c7a3c7fd661
- inspected: 2026-11-20
```

```markdown path=runs/github.com-django-django/overview.md at=15:1
# Overview: Django

## Description

Django routes each request through its middleware stack and then the URL resolver.

## Limitations

The admin was not read.

## Bounded synthesis

Middleware wraps the view; the resolver picks it from the URL patterns.

## Limitations

Signals were not read either.
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

Extensions were not read; signals were not read either.
```
""",
)


@run_check(DOC022)
def check(run: Run) -> Iterator[Finding]:
    """A run's review cannot be rendered whole: a part is missing, empty, or given twice."""
    for gap in review_gaps(run):
        yield Finding(
            gap.span, f"the review cannot be rendered whole: {gap.message}", path=gap.path
        )
