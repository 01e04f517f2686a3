"""IDN004: another run's source is another identity with the same slug."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.identity import run_slug
from assay.engine.runs.model import Run
from assay.engine.runs.slugs import colliding
from assay.engine.workspace.run_folders import MANIFEST
from assay.spec.diagnostics import Related
from assay.spec.rules.rule import Rule

IDN004 = Rule(
    code="IDN004",
    name="slug-collision",
    stage="check",
    scope="run",
    summary="Two runs of different sources have one slug: one run folder name for both.",
    documentation="""\
A run folder is named by the slug of its source (`IDN003`), and the slug folds
case and punctuation: `https://github.com/o/Flask` and `https://github.com/o/flask`
are different identities (a path keeps its case) with the one slug
`github.com-o-flask`, and so are `a-b/c` and `a/b-c`, or an `https://` URL and the
`git@` remote of one repository. Two such runs cannot both live under the name
their slug gives, and one would be taken for the other. Each run is reported at its
`source`, naming the other. If both name one repository, give both runs one
spelling of the source; if not, keep their runs apart by hand (their folders
cannot both be the slug).

## Fails

```toml path=runs/github.com-o-flask/run.toml at=2:10
system = "Flask"
source = "https://github.com/o/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```toml path=archive/github.com-o-flask/run.toml at=2:10
system = "Flask"
source = "https://github.com/o/Flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

## Passes

```toml path=runs/github.com-o-flask/run.toml
system = "Flask"
source = "https://github.com/o/flask"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```

```toml path=archive/github.com-o-flask/run.toml
system = "Flask"
source = "HTTPS://GitHub.com/o/flask.git"
inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
```
""",
)


@run_check(IDN004)
def check(run: Run) -> Iterator[Finding]:
    """Two runs of different sources have one slug: one run folder name for both."""
    source = run.field(MANIFEST, "source")
    if source is None or source.value is None:
        return
    for folder, other in colliding(source.value, run.sources, run.folder):
        where = f"{folder}/{MANIFEST}" if folder else MANIFEST
        yield Finding(
            source.span,
            f"the source `{source.value}` has the slug `{run_slug(source.value)}`, and so "
            f"has `{other}`, another identity, the source of the run `{folder or '.'}`: one "
            "run folder name cannot hold both runs; if they are one repository, spell "
            "their sources alike",
            (Related("the other run's source", where),),
            path=run.path(MANIFEST),
        )
