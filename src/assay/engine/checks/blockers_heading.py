"""FRM005: a run's verification writes Blockers under another heading than ``###``."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import member_type
from assay.spec.rules.rule import Rule

#: The heading ADR 097 names: "The verify job's validator accepts `### Blockers` …".
LEVEL = 3


FRM005 = Rule(
    code="FRM005",
    name="blockers-heading-level",
    stage="check",
    scope="run",
    summary="A run's verification writes Blockers under another heading than `### Blockers`.",
    documentation="""\
ADR 097's verify job writes its blockers under `### Blockers`, and its validator
reads that heading: the one prose section code reads has one fixed form, so it
cannot be misread. A `## Blockers` or `#### Blockers` in a run's `verify.md` (or an
earlier round's `rounds/NN/verify.md`) is read by assay all the same — its text is
still checked for the `none`-or-list form (`FRM003`) — but it is not the heading the
workflow writes, so the run is not verified until it says `### Blockers`.

## Fails

```markdown path=runs/github.com-pallets-flask/verify.md at=5:1
# Verification

The overview's claims were checked against the members.

## Blockers

none
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


@run_check(FRM005)
def check(run: Run) -> Iterator[Finding]:
    """A run's verification writes Blockers under another heading than `### Blockers`."""
    for relative, member in run.documents.items():
        if member_type(relative) != "verification":
            continue
        if member.reading is None or member.document is None:
            continue
        starts = {s.span.start for s in member.reading.section("Blockers")}
        for section in member.document.walk_sections():
            heading = section.heading
            if heading.span.start in starts and heading.level != LEVEL:
                written = "#" * heading.level
                yield Finding(
                    heading.span,
                    f"`{written} {heading.text}` is not the `### Blockers` heading ADR 097 "
                    "names, the one its verify job writes and its validator reads: write "
                    "`### Blockers`",
                    path=run.path(relative),
                )
