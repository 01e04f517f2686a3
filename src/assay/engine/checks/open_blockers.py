"""FRM004: the run's last verification lists blockers."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.blockers import VERIFY, blockers, blockers_span
from assay.engine.runs.model import Run
from assay.spec.rules.rule import Rule

FRM004 = Rule(
    code="FRM004",
    name="open-blockers",
    stage="check",
    scope="run",
    severity="info",
    summary="The run's `verify.md` lists blockers: the run is not verified.",
    documentation="""\
A Blockers section is exactly `none` or a Markdown list of `- ` entries (a form
error otherwise, `FRM003`). A list is no error in the document, but the workflow
continues only on `none`: a run with blockers is not rendered or published.
Only the last verification, `verify.md` at the run's root, counts; earlier
rounds (`rounds/NN/verify.md`) keep the blockers they had.

## Fails

```markdown path=runs/github.com-pallets-flask/verify.md at=5:1
# Verification

The overview's claims were checked against the members.

### Blockers

- The overview claims thread safety; no member read the locking code.
```

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

## Passes

```markdown path=runs/github.com-pallets-flask/verify.md
# Verification

The overview's claims were checked against the members.

### Blockers

none
```

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```
""",
)


@run_check(FRM004)
def check(run: Run) -> Iterator[Finding]:
    """The run's `verify.md` lists blockers: the run is not verified."""
    listed = blockers(run)
    where = blockers_span(run)
    if listed and where is not None:
        noun = "blocker" if len(listed) == 1 else "blockers"
        yield Finding(
            where,
            f"the run is not verified: verify.md lists {len(listed)} {noun}; "
            "it is not rendered or published",
            path=run.path(VERIFY),
        )
