"""CTX001 and CTX002: what assembling a task's bundle reports.

Assembly (``assay assemble``, ``assay.assemble``) finds these while it fits a task's
units to a budget; ``assay check`` never reports them, and they are not checks to
select, ignore or give a severity. Their examples run through assembly
(``tests/engine/context/test_context_rules.py``): the ``assay`` block's ``budget=`` and
``where=`` options give the budget in bytes and the task; a Fails example reports the
code once, at its ``at=``, and the Passes example does not report it.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

CTX001 = Rule(
    code="CTX001",
    name="mandatory-overflow",
    stage="assembly",
    summary="The mandatory units of a task's declarations exceed the budget.",
    documentation="""\
Mandatory units are the `primary`, `check` and `provenance` sources of every
selected declaration: a task without them is not ready, so they go in together or
not at all. Exit 1 and **nothing is written** (an existing `--out` folder stays as
it was). The message lists each mandatory unit with its size, and the budget: raise
`--budget`, or narrow the declarations' line ranges. The finding is at the source
with which the budget ran out.

## Fails

```assay budget=40 at=2:5
declaration "testing" version 1 {
    primary "docs/testing.md"
        sha256 "96e487be8a1badc4ae6c3a8051e988075cca49aaf85938a5860583236bf7c0ee"
}
```

```markdown path=docs/testing.md
# Testing

Run `make test` before every push.
```

## Passes

```assay budget=46
declaration "testing" version 1 {
    primary "docs/testing.md"
        sha256 "96e487be8a1badc4ae6c3a8051e988075cca49aaf85938a5860583236bf7c0ee"
}
```

```markdown path=docs/testing.md
# Testing

Run `make test` before every push.
```
""",
)

CTX002 = Rule(
    code="CTX002",
    name="optional-omitted",
    stage="assembly",
    severity="info",
    summary="An optional unit was left out of the bundle: it did not fit in the room left.",
    documentation="""\
Optional units go in whole or not at all, after every mandatory unit, in the
declarations' order. Each one left out is this info (the bundle is still written,
exit 0) and an entry under `omitted` in `manifest.json` with its size and the room
that was left, so nobody mistakes the bundle for complete.

## Fails

```assay budget=100 at=4:5
declaration "testing" version 1 {
    primary "docs/testing.md"
        sha256 "96e487be8a1badc4ae6c3a8051e988075cca49aaf85938a5860583236bf7c0ee"
    optional "docs/style.md"
        sha256 "958e44330b5cafdbf34c22482a218c4fd42d273c6e7d9d84eab4c64a79e583e2"
}
```

```markdown path=docs/testing.md
# Testing

Run `make test` before every push.
```

```markdown path=docs/style.md
# Style

Name tests after the behaviour they show, not the function they call.
```

## Passes

```assay budget=125
declaration "testing" version 1 {
    primary "docs/testing.md"
        sha256 "96e487be8a1badc4ae6c3a8051e988075cca49aaf85938a5860583236bf7c0ee"
    optional "docs/style.md"
        sha256 "958e44330b5cafdbf34c22482a218c4fd42d273c6e7d9d84eab4c64a79e583e2"
}
```

```markdown path=docs/testing.md
# Testing

Run `make test` before every push.
```

```markdown path=docs/style.md
# Style

Name tests after the behaviour they show, not the function they call.
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (CTX001, CTX002)
