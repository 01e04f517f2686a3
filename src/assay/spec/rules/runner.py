"""SUP001-SUP003 and INT001: suppressions, and what the runner reports about itself.

SUP003 is the document reader's (a directive it cannot read); SUP001, SUP002 and
INT001 are the runner's own (``engine.runner.suppression`` and its guard around every
check). All four can be selected, ignored and given a severity like any check's code.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

INT001 = Rule(
    code="INT001",
    name="internal-error",
    stage="runner",
    scope="workspace",
    summary="A check crashed; the run went on without it. Please report it.",
    documentation="""\
The message names the check and the exception. The other checks' findings are
complete; the crashed check's are missing for that file.
""",
)

SUP001 = Rule(
    code="SUP001",
    name="unused-suppression",
    stage="runner",
    scope="document",
    severity="warning",
    summary="A suppression directive that silenced nothing.",
    documentation="""\
Once the finding is fixed, the directive only hides the next one. Remove it.

## Fails

```markdown at=3:1
# 1. Use PostgreSQL

<!-- assay: disable-next-line LNK001 -- the benchmark moved to the wiki -->
See the [benchmark](https://wiki.example.com/ledger-benchmark).
```

## Passes

```markdown
# 1. Use PostgreSQL

<!-- assay: disable-next-line LNK001 -- the benchmark moved to the wiki -->
See the [benchmark](../benchmarks/ledger.md).
```
""",
)

SUP002 = Rule(
    code="SUP002",
    name="unknown-code",
    stage="runner",
    scope="document",
    summary="A suppression directive names a code, family or check that does not exist.",
    documentation="""\
Usually a typo (`LNK01`, `broken-links`): the directive silences nothing.

## Fails

```markdown at=3:1
# 1. Use PostgreSQL

<!-- assay: disable-next-line LNK009 -- moved -->
See the [benchmark](../benchmarks/ledger.md).
```

## Passes

```markdown
# 1. Use PostgreSQL

<!-- assay: disable-next-line LNK001 -- moved -->
See the [benchmark](../benchmarks/ledger.md).
```
""",
)

SUP003 = Rule(
    code="SUP003",
    name="malformed-suppression",
    undeclared="face",
    stage="check",
    scope="document",
    summary="An `<!-- assay: … -->` comment that is not a valid directive.",
    documentation="""\
A directive names its action and the codes it applies to; blanket suppression
(`<!-- assay: disable-file -->` with no codes) is not allowed, so every silenced
finding stays visible in review.

## Fails

```markdown at=1:1
<!-- assay: disable-file -->
# 1. Use PostgreSQL
```

## Passes

```markdown
<!-- assay: disable-file LNK001 -- the targets live in the wiki -->
# 1. Use PostgreSQL

See [the runbook](../runbooks/postgres.md).
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (INT001, SUP001, SUP002, SUP003)
