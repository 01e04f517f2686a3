"""EVL006-EVL012: what running, paying for and merging evaluations report; the examples
run as ``evaluation`` describes.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

EVL006 = Rule(
    code="EVL006",
    name="basis-drift",
    stage="evaluation",
    severity="warning",
    summary="A task's material changed since `assay eval prepare`: its pair is not launched.",
    documentation="""\
`run` builds each task's material again and compares its content-free snapshot
(paths, digests, sizes) with the prepared one. When a pinned source or an overview
document changed, both attempts of the task are recorded `basis-error` and no agent
starts: the agent would not get what was prepared. Prepare again (and renew the pins
with `assay pin --write` once the change is reviewed). Exit 1.

## Fails

```assay stage=run change=docs/adding.md at=8:10
declaration adding version 1 {
    when topic [arithmetic]
    primary "docs/adding.md"
        sha256 "a6f8eba44504904359666996bbe545c073e0ee3cecdd515b06d6e2e4406dcd3c"
}
benchmark arith version 1 {
    budget 1000
    task add { where topic arithmetic  prompt "What is 2 + 3?" }
}
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```markdown path=docs/adding.md
# Adding

Add the two numbers.
```

```python path=agent.py
print('{"answer": "5"}')
```

## Passes

```assay stage=run
declaration adding version 1 {
    when topic [arithmetic]
    primary "docs/adding.md"
        sha256 "a6f8eba44504904359666996bbe545c073e0ee3cecdd515b06d6e2e4406dcd3c"
}
benchmark arith version 1 {
    budget 1000
    task add { where topic arithmetic  prompt "What is 2 + 3?" }
}
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```markdown path=docs/adding.md
# Adding

Add the two numbers.
```

```python path=agent.py
print('{"answer": "5"}')
```
""",
)

EVL007 = Rule(
    code="EVL007",
    name="spending-not-authorized",
    stage="evaluation",
    summary=(
        "A `paid` runner was run without a recorded policy with a cap, or without "
        "`--authorize-spending`."
    ),
    documentation="""\
A runner that spends credit starts only with a spending policy recorded before
execution (`assay eval prepare --policy FILE`: a `cap`, the `attempt_worst_case` and
dated credit rates, EVL042) and the
explicit `--authorize-spending` on the command line. Without them every pair is
recorded `refused` and nothing starts. Exit 1.

## Fails

```assay stage=run at=4:8
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH]  paid }
```

```python path=agent.py
print('{"answer": "5"}')
```

## Passes

```assay stage=run
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```
""",
)

EVL008 = Rule(
    code="EVL008",
    name="spending-cap-reached",
    stage="evaluation",
    summary="A paid run reached its policy's cap: the attempts left are recorded `refused`.",
    documentation="""\
Before a paid attempt starts, its row is committed holding the policy's
`attempt_worst_case`; when it ends it is charged what its reported counters cost at
the credit rates dated on or before its day, whatever its exit status, or its worst
case when a counter is missing or malformed, its output unreadable, or assay killed
it (a timeout, a cancellation, or assay itself killed: the worst case stays held).
Once what the store counts since the last continuation reaches `cap`, no attempt
starts, so the cap is passed by at most one attempt's worst case, with `--jobs N`
as with one job; `assay eval run --continue --authorize-spending` allows another
cap's worth and runs the attempts that did not run to their end. A condition of a
task that completed is never run again by a paid runner: it was paid for once. The
message names the pairs the cap split (overview ran, task attempt refused):
continuing runs only their task attempts. Exit 1.

## Fails

```assay stage=run authorize=true at=4:8
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer  counter tokens }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH]  paid }
```

```toml path=policy.toml
name = "team"
version = 1
cap = 0
attempt_worst_case = 1

[[rates]]
kind = "credit"
counter = "tokens"
per_unit = 0.001
dated = "2026-01-01"
```

```python path=agent.py
print('{"answer": "5", "tokens": 100}')
```

## Passes

```assay stage=run authorize=true
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer  counter tokens }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH]  paid }
```

```toml path=policy.toml
name = "team"
version = 1
cap = 10
attempt_worst_case = 1

[[rates]]
kind = "credit"
counter = "tokens"
per_unit = 0.001
dated = "2026-01-01"
```

```python path=agent.py
print('{"answer": "5", "tokens": 100}')
```
""",
)

EVL009 = Rule(
    code="EVL009",
    name="not-prepared",
    stage="evaluation",
    summary="`assay eval run` found no preparation of the benchmark's tasks in the store.",
    documentation="""\
`run` delivers exactly what `prepare` stored (and checks it did not drift), so it
needs the preparation first: `assay eval prepare` (or `assay eval`). The finding is
at the benchmark. Exit 2, nothing run.

## Fails

```assay stage=run prepare=false at=1:11
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```

## Passes

```assay stage=run
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```
""",
)

EVL010 = Rule(
    code="EVL010",
    name="incompatible-stores",
    stage="evaluation",
    summary="`assay eval merge` was given stores of different versions or material.",
    documentation="""\
Shards join only when they ran the same benchmark, answer key, runner and result
schema versions and were prepared from the same material (equal snapshots): else
one summary would mix different experiments. Two different attempts under one
identity (the same preparation, task, condition and attempt number: two stores
that each ran the same task) conflict, and an assessment of an attempt its store
does not hold is dangling; both refuse the merge too. An attempt held identically
by two stores (a store merged with itself or a copy) is one attempt, not a
conflict. The output is not written. Exit 2. (Here the overview document changed
between preparing the two stores.)

## Fails

```assay stage=merge change=docs/overview.md
benchmark arith version 1 {
    overview "docs/overview.md"
    task add { prompt "What is 2 + 3?" }
}
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
```

```markdown path=docs/overview.md
# Overview
```

## Passes

```assay stage=merge
benchmark arith version 1 {
    overview "docs/overview.md"
    task add { prompt "What is 2 + 3?" }
}
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
```

```markdown path=docs/overview.md
# Overview
```
""",
)

EVL011 = Rule(
    code="EVL011",
    name="not-an-evidence-store",
    stage="evaluation",
    summary="The store file is not an evidence store, or was made by a newer assay.",
    documentation="""\
assay opens only SQLite files it made (their `PRAGMA user_version` counts the
migrations applied, and they hold the store's tables) and upgrades older ones in place
when it writes to them; a file of other content, an empty file, or a store of a schema
newer than this assay knows, is refused untouched: assay never turns a file it did
not make into a store. A command that only reads (`assay eval summary`, the stores
`merge` reads) opens the file read-only. Exit 2.

## Fails

```text stage=run path=evidence.sqlite
these are notes, not a database
```

```assay stage=run
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```

## Passes

```assay stage=run
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```
""",
)

EVL012 = Rule(
    code="EVL012",
    name="unreadable-policy",
    stage="evaluation",
    summary="The policy file given with `--policy` cannot be read as a policy.",
    documentation="""\
A policy is TOML: `name`, `version`, and optionally `cap`, `attempt_worst_case`,
`minimum_difference` and `[[rates]]` tables (`kind` credit or speed, `counter`,
`per_unit`, `dated`). The message says which field is missing or mistyped, or which
entry is malformed: a number that is negative or not finite, a `dated` that is not
an ISO date `YYYY-MM-DD` (a rate dated `2026/01/01` would never apply). Exit 2,
nothing prepared.

## Fails

```toml path=policy.toml
name = "team"
cap = "ten"
```

```assay stage=run
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```

## Passes

```toml path=policy.toml
name = "team"
version = 1
cap = 10.0
```

```assay stage=run
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (EVL006, EVL007, EVL008, EVL009, EVL010, EVL011, EVL012)
