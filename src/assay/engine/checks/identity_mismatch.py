"""IDN002: the boundary's source identity is not the run's source."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, run_check
from assay.engine.runs.identity import normalize_identity
from assay.engine.runs.model import Run
from assay.engine.workspace.run_folders import MANIFEST
from assay.spec.diagnostics import Related
from assay.spec.rules.rule import Rule

BOUNDARY = "boundary.md"


IDN002 = Rule(
    code="IDN002",
    name="identity-mismatch",
    stage="check",
    scope="run",
    summary="The boundary's `source.identity` names another source than `run.toml`'s `source`.",
    documentation="""\
The caller gives the run's source in any form; the boundary worker freezes it in
`source.identity`, normalized. ADR 097 has the boundary validator refuse a frozen
identity that differs from the caller's source normalized once (surrounding
whitespace stripped, then one trailing `/`, then one trailing `.git`, then a URL's
scheme and host lowercased): a caller's `HTTPS://GitHub.com/pallets/flask.git/`
passes with `https://github.com/pallets/flask` frozen, and a frozen value in
another form is reported with the form to write. Paths keep their case:
`pallets/Flask` is another repository.

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
""",
)


@run_check(IDN002)
def check(run: Run) -> Iterator[Finding]:
    """The boundary's `source.identity` is not the normal form of `run.toml`'s `source`.

    The boundary freezes the caller's source normalized once, so the frozen value is
    compared with ``normalize_identity(source)`` exactly: never both normalized, since
    normalizing is not idempotent (``r/.git`` freezes as ``r/``, which normalizes on to
    ``r``). IDN001 does not judge this field in a run; this check does."""
    frozen = run.field(BOUNDARY, "source.identity")
    source = run.field(MANIFEST, "source")
    if frozen is None or source is None or frozen.value is None or source.value is None:
        return  # a missing field is FLD001's
    if frozen.placeholder:
        return  # a template blank is FLD's to report
    caller = normalize_identity(source.value)
    if frozen.value == caller:
        return
    # A difference of form: the frozen value normalizes to the caller's normal form, or
    # to what that normalizes to (`r`, frozen for a caller's `r/.git`, whose form is `r/`).
    if normalize_identity(frozen.value) in (caller, normalize_identity(caller)):
        problem = f"is not the normal form of run.toml's `{source.value}`: write `{caller}`"
    else:
        normalized = f" (`{caller}` normalized)" if caller != source.value else ""
        problem = f"names another source than run.toml's `{source.value}`{normalized}"
    yield Finding(
        frozen.span,
        f"source.identity `{frozen.value}` {problem}: the boundary freezes the run's source",
        (Related("the run's source", run.path(MANIFEST), source.span),),
        path=run.path(BOUNDARY),
    )
