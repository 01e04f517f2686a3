"""EVL020-EVL024: the subset errors of an evaluation summary.

``assay eval summary`` (``assay.engine.evidence.summary.summarize``) reports the
summary's codes (here, in ``summary_notes`` and in ``summary_verdicts``); ``assay
check`` never does, and they are not checks to select, ignore or give a severity.
EVL020-EVL024 are subset errors (exit 2, nothing summarized), EVL025-EVL028, EVL037,
EVL038, EVL040 and EVL041 are notes on what the numbers leave out or rest on (EVL016
on an assessment it leaves out, EVL038 on the tasks a subset leaves out, EVL040 on
optional units left out of a delivery, EVL041 on declaration versions mixed),
EVL029-EVL036 and EVL039 are the reasons a summary gives no verdict, one per missing
condition. Their examples run through ``summarize``
(``tests/engine/evidence/summary/test_summary_rules.py``).

An example is one ``evidence.toml``: ``tasks`` (the benchmark's, in order), optional
``subset``, ``required_counters`` and ``policy`` (``recorded_at``, ``minimum_difference``,
``rates``), and ``attempts``, each with its ``id``, ``task``, ``condition`` and what
differs from a completed, correct, fully provided attempt started at
``2026-11-02T10:00:<id>Z`` under ``bench@1``, ``key@1``, ``fixture@1``, ``result@1``:
``correctness``, ``status``, ``complete = false``, ``counters``, ``incomplete``
(counters reported incomplete), a version, ``declarations`` (the ``name@version``
delivered), ``omitted`` (optional units left out), or ``assessment = "VERDICT under
NAME@V"`` (an independent assessment; the example policy is ``eval@1``). A Fails
example reports its code; the Passes example does not.

An example that is a spec instead (an ``assay`` block with ``stage=summary``, as
EVL038's and EVL039's) runs the whole way, as ``evaluation`` describes: prepared (with
the ``policy.toml`` beside it, if any), run, then the store summarized over its
``subset=`` (``tests/engine/evidence/test_evidence_rules.py``).
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

EVL020 = Rule(
    code="EVL020",
    name="subset-syntax-error",
    stage="summary",
    summary="A `--tasks` item is empty or holds a space.",
    documentation="""\
Items are separated by commas: a position (`7`), an inclusive range of positions
(`1-20`) or a task name. An empty item (`1,,2`, a trailing comma) or one with a
space inside is refused with its column; nothing is summarized, and `assay eval
summary` exits 2.

## Fails

```toml path=evidence.toml
tasks = ["t1", "t2"]
subset = "1,,2"
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t2", condition = "overview", correctness = "correct"},
    {id = 4, task = "t2", condition = "task", correctness = "correct"},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1", "t2"]
subset = "1,2"
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t2", condition = "overview", correctness = "correct"},
    {id = 4, task = "t2", condition = "task", correctness = "correct"},
]
```
""",
)

EVL021 = Rule(
    code="EVL021",
    name="subset-out-of-bounds",
    stage="summary",
    summary="A `--tasks` position or range is outside the benchmark's tasks, or reversed.",
    documentation="""\
Positions are one-based and go up to the number of tasks the benchmark lists; a
range `N-M` needs `N <= M`. A position past the end is an error, never a silently
shorter subset.

## Fails

```toml path=evidence.toml
tasks = ["t1", "t2"]
subset = "1-3"
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t2", condition = "overview", correctness = "correct"},
    {id = 4, task = "t2", condition = "task", correctness = "correct"},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1", "t2"]
subset = "1-2"
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t2", condition = "overview", correctness = "correct"},
    {id = 4, task = "t2", condition = "task", correctness = "correct"},
]
```
""",
)

EVL022 = Rule(
    code="EVL022",
    name="subset-absent-task",
    stage="summary",
    summary="A `--tasks` name is not a task of the benchmark.",
    documentation="""\
A misspelt or removed task would otherwise shrink the subset without a word. Names
are compared exactly.

## Fails

```toml path=evidence.toml
tasks = ["t1", "t2"]
subset = "t1,t9"
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t2", condition = "overview", correctness = "correct"},
    {id = 4, task = "t2", condition = "task", correctness = "correct"},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1", "t2"]
subset = "t1,t2"
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t2", condition = "overview", correctness = "correct"},
    {id = 4, task = "t2", condition = "task", correctness = "correct"},
]
```
""",
)

EVL023 = Rule(
    code="EVL023",
    name="subset-overflow",
    stage="summary",
    summary="A `--tasks` number is longer than any position can be.",
    documentation="""\
A number of more than 18 digits overflows a 64-bit index: it is refused rather than
wrapped or rounded to some other position.

## Fails

```toml path=evidence.toml
tasks = ["t1", "t2"]
subset = "1-99999999999999999999"
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t2", condition = "overview", correctness = "correct"},
    {id = 4, task = "t2", condition = "task", correctness = "correct"},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1", "t2"]
subset = "1-2"
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t2", condition = "overview", correctness = "correct"},
    {id = 4, task = "t2", condition = "task", correctness = "correct"},
]
```
""",
)

EVL024 = Rule(
    code="EVL024",
    name="subset-duplicate-task",
    stage="summary",
    summary="A task is selected twice by a `--tasks` subset.",
    documentation="""\
Overlapping items (`1-2,t2`) are almost always a typo in a range; the message names
the column of the item that selected the task first.

## Fails

```toml path=evidence.toml
tasks = ["t1", "t2"]
subset = "1-2,t2"
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t2", condition = "overview", correctness = "correct"},
    {id = 4, task = "t2", condition = "task", correctness = "correct"},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1", "t2"]
subset = "1,t2"
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t2", condition = "overview", correctness = "correct"},
    {id = 4, task = "t2", condition = "task", correctness = "correct"},
]
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (EVL020, EVL021, EVL022, EVL023, EVL024)
