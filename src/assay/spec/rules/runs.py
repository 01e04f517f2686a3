"""DOC019: an analysis run's ``run.toml`` that is no TOML.

The reader of a run's manifest reports it (``engine.checks.reader_reported`` hands it
on as a finding of ``assay check``); the rules of a run's members, review and
identity are their checks' (``engine.checks``).
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

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

#: This family's rules, as the registry lists them.
RULES = (DOC019,)
