"""DOC017-DOC019 and DOC022: an analysis run's members, review and manifest (the
identity of the source it names is ``identities``')."""

from __future__ import annotations

from assay.spec.rules.rule import Rule

DOC017 = Rule(
    code="DOC017",
    name="missing-run-member",
    stage="check",
    scope="run",
    summary="An analysis run lacks a member: a complete run has all six.",
    documentation="""\
A run folder (any folder holding `run.toml`) holds `boundary.md`,
`output/runtime.md`, `lenses/memory.md`, `lenses/epistemic.md`, `overview.md` and
`verify.md`. Each missing one is reported at the top of `run.toml`, the file that
makes the folder a run.

## Fails

```toml path=runs/github.com-pallets-flask/run.toml at=1:1
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/boundary.md
# Boundary: Flask
```

```markdown path=runs/github.com-pallets-flask/output/runtime.md
# Runtime: request dispatch
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md
# Memory lens: request dispatch
```

```markdown path=runs/github.com-pallets-flask/overview.md
# Overview: Flask request dispatch
```

```markdown path=runs/github.com-pallets-flask/verify.md
# Verification
```

## Passes

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/boundary.md
# Boundary: Flask
```

```markdown path=runs/github.com-pallets-flask/output/runtime.md
# Runtime: request dispatch
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md
# Memory lens: request dispatch
```

```markdown path=runs/github.com-pallets-flask/lenses/epistemic.md
# Epistemic lens: request dispatch
```

```markdown path=runs/github.com-pallets-flask/overview.md
# Overview: Flask request dispatch
```

```markdown path=runs/github.com-pallets-flask/verify.md
# Verification
```
""",
)

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

DOC019 = Rule(
    code="DOC019",
    name="malformed-run-manifest",
    stage="check",
    scope="document",
    summary="A run's `run.toml` does not parse as TOML.",
    documentation="""\
Any folder holding `run.toml` is an analysis run, and its manifest names the run's
`system`, `source` and `inputs-commit`. A manifest that does not parse names none
of them, so the run's other checks (the identities, the folder's name) cannot run
either. The finding is where TOML's reader stopped.

## Fails

```toml path=runs/github.com-pallets-flask/run.toml at=2:43
system = "Flask"
source = "https://github.com/pallets/flask
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

## Passes

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```
""",
)

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

#: This family's rules, as the registry lists them.
RULES = (DOC017, DOC018, DOC019, DOC022)
