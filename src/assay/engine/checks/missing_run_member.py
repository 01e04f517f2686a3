"""DOC017: an analysis run without one of its members."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import MANIFEST, MEMBERS
from assay.spec.rules.rule import Rule
from assay.spec.source import Span

#: What each member is, for the message.
_WHAT = {
    "boundary.md": "the boundary report",
    "output/runtime.md": "the runtime member",
    "lenses/memory.md": "the memory lens",
    "lenses/epistemic.md": "the epistemic lens",
    "overview.md": "the last reconciliation's overview",
    "verify.md": "the last verification",
}


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


@run_check(DOC017)
def check(run: Run) -> Iterator[Finding]:
    """An analysis run lacks a member: a complete run has all six."""
    for member in MEMBERS:
        if run.member(member) is None:
            yield Finding(
                Span.point(0, 1, 1),
                f"the run has no `{member}` ({_WHAT.get(member, 'a member')}): a complete "
                "run has the boundary, the runtime member, both lenses, the overview and "
                "the verification",
                path=run.path(MANIFEST),
            )
