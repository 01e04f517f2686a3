"""DOC020: a run keeps ``memory-input.md``, which ADR 097 deleted."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.model import Run
from assay.spec.rules.rule import Rule
from assay.spec.source import Span

#: ADR 097 deleted the memory handoff protocol's input bundle, wherever it was kept.
REMOVED = "memory-input.md"


DOC020 = Rule(
    code="DOC020",
    name="removed-run-file",
    stage="check",
    scope="run",
    summary="A run keeps `memory-input.md`, which ADR 097 deleted.",
    documentation="""\
ADR 097 deleted the memory handoff protocol: its input bundle `memory-input.md`,
hashed by hand into `canonical-register-sha256`, was checked only against state no
clean checkout holds. The memory lens now reads `boundary.md` and
`output/runtime.md` under the same contract as every job, so a `memory-input.md`
anywhere in a run folder is a leftover of the old protocol that nothing reads or
verifies. Remove it. The finding is at the top of the file.

## Fails

```markdown path=runs/github.com-pallets-flask/lenses/memory-input.md at=1:1
# Memory input

The boundary and the runtime member, bundled for the memory specialist.
```

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

## Passes

```toml path=runs/github.com-pallets-flask/run.toml
system = "Flask"
source = "https://github.com/pallets/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```markdown path=runs/github.com-pallets-flask/lenses/memory.md
# Memory lens: request dispatch

Inputs: boundary.md, output/runtime.md
```
""",
)


@run_check(DOC020)
def check(run: Run) -> Iterator[Finding]:
    """A run keeps `memory-input.md`, which ADR 097 deleted."""
    for relative in run.documents:
        if relative.rpartition("/")[2] == REMOVED:
            yield Finding(
                Span.point(0, 1, 1),
                f"`{REMOVED}` was deleted by ADR 097 with the memory handoff protocol: the "
                "memory lens reads boundary.md and output/runtime.md like every job, and "
                "nothing reads or verifies this file; remove it",
                path=run.path(relative),
            )
