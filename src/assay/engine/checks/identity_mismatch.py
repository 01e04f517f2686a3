"""IDN002: the boundary's source identity is not the run's source."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.identity import normalize_identity
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import MANIFEST
from assay.spec.diagnostics import Related

BOUNDARY = "boundary.md"


@run_check("IDN002", "identity-mismatch")
def check(run: Run) -> Iterator[Finding]:
    """The boundary's `source.identity` names another source than `run.toml`'s `source`.

    The caller gives the run's source in any form; the boundary worker freezes it in
    `source.identity`. ADR 097 has the boundary validator refuse a frozen identity that
    differs, and compares both after normalization (surrounding whitespace, a trailing
    `/` and a trailing `.git` stripped, a URL's scheme and host lowercased), so a
    difference of form alone — `HTTPS://GitHub.com/pallets/flask.git/` — passes.
    Paths keep their case: `pallets/Flask` is another repository.

    ## Fails

    ```toml path=runs/github.com-pallets-flask/run.toml
    system = "Flask"
    source = "https://github.com/pallets/flask"
    inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
    ```

    ```markdown path=runs/github.com-pallets-flask/boundary.md at=3:20
    # Boundary: Flask

    - source.identity: https://github.com/pallets/quart
    - source.commit: 2f0c62f5e6e290843f03c1fa70817c7a3c7fd661
    - inspected: 2026-09-29

    ## Scope

    The `src/flask` package.
    ```

    ## Passes

    ```toml path=runs/github.com-pallets-flask/run.toml
    system = "Flask"
    source = "HTTPS://GitHub.com/pallets/flask.git/"
    inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"
    ```

    ```markdown path=runs/github.com-pallets-flask/boundary.md
    # Boundary: Flask

    - source.identity: https://github.com/pallets/flask
    - source.commit: 2f0c62f5e6e290843f03c1fa70817c7a3c7fd661
    - inspected: 2026-09-29

    ## Scope

    The `src/flask` package.
    ```
    """
    frozen = run.field(BOUNDARY, "source.identity")
    source = run.field(MANIFEST, "source")
    if frozen is None or source is None or frozen.value is None or source.value is None:
        return  # a missing field is FLD001's
    if normalize_identity(frozen.value) == normalize_identity(source.value):
        return
    caller = normalize_identity(source.value)
    normalized = f" (`{caller}` normalized)" if caller != source.value else ""
    yield Finding(
        frozen.span,
        f"source.identity `{frozen.value}` names another source than run.toml's "
        f"`{source.value}`{normalized}: the boundary freezes the run's source",
        (Related("the run's source", run.path(MANIFEST), source.span),),
        path=run.path(BOUNDARY),
    )
