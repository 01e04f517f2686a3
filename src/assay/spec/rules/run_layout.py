"""DOC020, FRM005 and IDN004: what ADR 097 removed from a run, the heading it names for
Blockers, and two runs of different sources that one run folder name would hold."""

from __future__ import annotations

from assay.spec.rules.rule import Rule

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

#: This family's rules, as the registry lists them.
RULES = (DOC020, FRM005, IDN004)
