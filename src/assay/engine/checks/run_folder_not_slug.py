"""IDN003: a run folder not named by the slug of its source."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.identity import run_slug
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import MANIFEST
from assay.spec.rules.rule import Rule

IDN003 = Rule(
    code="IDN003",
    name="run-folder-not-slug",
    stage="check",
    scope="run",
    summary="The run folder's name is not the slug of the run's `source`.",
    documentation="""\
A run folder is named by the slug of its normalized source identity
(`https://github.com/pallets/flask` -> `github.com-pallets-flask`), so two runs of
one source meet in one place and `assay identity URL` says where a run belongs.
A run at the workspace root has no folder name of its own and is not checked.

## Fails

```toml path=runs/flask/run.toml at=2:10
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
""",
)


@run_check(IDN003)
def check(run: Run) -> Iterator[Finding]:
    """The run folder's name is not the slug of the run's `source`."""
    source = run.field(MANIFEST, "source")
    if not run.folder or source is None or source.value is None:
        return
    expected = run_slug(source.value)
    name = run.folder.rpartition("/")[2]
    if expected and name != expected:
        yield Finding(
            source.span,
            f"the run folder is `{name}`, but the slug of its source is `{expected}`: "
            f"name the folder `{expected}`",
            path=run.path(MANIFEST),
        )
