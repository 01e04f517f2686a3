"""The rules of an analysis run's source identity (ADR 097): one normalized form,
compared where identities must agree, and the run folder named by its slug."""

from __future__ import annotations

from assay.spec.rules.rule import Rule

IDN001 = Rule(
    code="IDN001",
    name="identity-not-normalized",
    stage="check",
    scope="document",
    summary="A source identity is not written in its normalized form; the message gives it.",
    documentation="""\
ADR 097 normalizes the source identity once: surrounding whitespace stripped, then
one trailing `/`, then one trailing `.git`, then a URL's scheme and host
lowercased, nothing else (the path keeps its case). A value is reported when
normalizing it would change it. The value checked is the text without markup:
spaces inside backticks are not part of it. `assay identity URL` prints the
normal form. In an analysis run, the boundary's `source.identity` is `IDN002`'s
to judge: it must be the normal form of the run's own source, which need not
normalize to itself (`…/r/.git` freezes as `…/r/`).

## Fails

```assay path=assay/boundary.assay
type boundary {
    files "runs/*/boundary.md"
    field "source.identity" required { format identity }
}
```

```markdown path=runs/pageindex/boundary.md at=3:20
# PageIndex

- source.identity: `https://GitHub.com/VectifyAI/PageIndex.git`
```

## Passes

```assay path=assay/boundary.assay
type boundary {
    files "runs/*/boundary.md"
    field "source.identity" required { format identity }
}
```

```markdown path=runs/pageindex/boundary.md
# PageIndex

- source.identity: `https://github.com/VectifyAI/PageIndex`
```
""",
)

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

#: This family's rules, as the registry lists them.
RULES = (IDN001, IDN002, IDN003)
