"""EVL025-EVL028, EVL037, EVL038, EVL040, EVL041 and EVL016: what a summary leaves out,
and what the compared attempts were delivered, and why; see
``summary_subsets`` for what the summary's codes are and how their examples run.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

EVL025 = Rule(
    code="EVL025",
    name="incompatible-versions",
    stage="summary",
    severity="info",
    summary="Attempts ran under other versions than the compared ones: reported, never mixed.",
    documentation="""\
Attempts are compared only when they share the benchmark, answer key, runner and
result schema versions (cue and declaration versions may differ: they are what the
conditions deliver). The compared versions are those of the latest attempt (the
highest id); every other group is listed with its attempts.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "task", correctness = "wrong", answer_key = "key@0"},
    {id = 2, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 3, task = "t1", condition = "task", correctness = "correct"},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
]
```
""",
)

EVL026 = Rule(
    code="EVL026",
    name="attempt-outside-benchmark",
    stage="summary",
    severity="info",
    summary="Attempts are for tasks the benchmark does not list.",
    documentation="""\
A task removed from the benchmark, or attempts merged from another one: they are not
compared, and the note lists them.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
    {id = 3, task = "t9", condition = "task", correctness = "correct"},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
]
```
""",
)

EVL027 = Rule(
    code="EVL027",
    name="counter-not-used",
    stage="summary",
    severity="info",
    summary="A usage counter is not complete on every compared attempt, so it is not used.",
    documentation="""\
A counter (tokens, requests) enters the matched differences only when every compared
attempt reports it complete; one gap would make the sides incomparable. The note
names the attempts that lack it.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", counters = {input_tokens = 90}},
    {id = 2, task = "t1", condition = "task", incomplete = ["input_tokens"]},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", counters = {input_tokens = 90}},
    {id = 2, task = "t1", condition = "task", counters = {input_tokens = 300}},
]
```
""",
)

EVL028 = Rule(
    code="EVL028",
    name="no-dated-rate",
    stage="summary",
    severity="info",
    summary="A counter has a rate, but none dated on or before some compared attempt.",
    documentation="""\
Credit (`credit` rates: credit per unit) and seconds (`speed` rates: units per
second) are computed per attempt with the latest rate for that counter dated on or
before the attempt's start (UTC date); the summary lists each rate it used. A rate
dated later is never applied backwards: the conversion is left out.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0, rates = [
    {kind = "credit", counter = "input_tokens", per_unit = 0.002, dated = "2026-12-01"},
]}
attempts = [
    {id = 1, task = "t1", condition = "overview", counters = {input_tokens = 90}},
    {id = 2, task = "t1", condition = "task", counters = {input_tokens = 300}},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0, rates = [
    {kind = "credit", counter = "input_tokens", per_unit = 0.002, dated = "2026-10-01"},
]}
attempts = [
    {id = 1, task = "t1", condition = "overview", counters = {input_tokens = 90}},
    {id = 2, task = "t1", condition = "task", counters = {input_tokens = 300}},
]
```
""",
)

EVL037 = Rule(
    code="EVL037",
    name="superseded-attempts",
    stage="summary",
    severity="info",
    summary="Earlier attempts of a task and condition are not compared: a later one is.",
    documentation="""\
Every attempt is kept; only the latest of each task and condition is compared. The
note lists the earlier ones and their statuses, so a retry is never silent.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", status = "failed"},
    {id = 3, task = "t1", condition = "task", correctness = "correct"},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
]
```
""",
)

EVL016 = Rule(
    code="EVL016",
    name="assessment-other-policy",
    stage="summary",
    severity="info",
    summary="A compared attempt's assessment was made under another policy than the run's.",
    documentation="""\
An independent assessment (`assay eval assess`) names the policy it was made under,
`name@version`; the summary shows it beside the task's pair only when that is the
policy the run recorded before execution. One made under another policy, or when
the run recorded none, judged by other rules: it is kept in the store, not shown,
and this note lists its attempts.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", assessment = "supported under review@1"},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", assessment = "supported under eval@1"},
]
```
""",
)

EVL038 = Rule(
    code="EVL038",
    name="tasks-left-out",
    stage="summary",
    severity="info",
    summary="A summary of a subset names every benchmark task it leaves out, with statuses.",
    documentation="""\
`--tasks` compares only the tasks it selects; a subset that left out the tasks that
failed would look better than the benchmark. So the summary's notes name each task
left out, with the status (and correctness) of its latest overview and task
attempts, or `no attempt`. A note: the summary is still exit 0.

## Fails

```assay stage=summary subset=add
benchmark arith version 1 {
    task add { prompt "What is 2 + 3?" }
    task mul { prompt "What is 2 * 3?" }
}
answers arith-key version 1 for arith { add "5"  mul "6" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```

## Passes

```assay stage=summary subset=add,mul
benchmark arith version 1 {
    task add { prompt "What is 2 + 3?" }
    task mul { prompt "What is 2 * 3?" }
}
answers arith-key version 1 for arith { add "5"  mul "6" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```
""",
)

EVL040 = Rule(
    code="EVL040",
    name="optional-units-omitted",
    stage="summary",
    severity="info",
    summary="Compared attempts were delivered without optional units the budget had no room for.",
    documentation="""\
The task condition's bundle takes whole optional units only while the benchmark's
`budget` has room; the rest are left out, never cut. `assay eval prepare` lists them,
the store keeps them in each attempt's provision (`omitted`, with path, sha256 and
size), and the summary names each one with the attempts delivered without it, so a
number never rests on material the reader believes was there. A note: optional
material is not required, and the verdict stands.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", omitted = ["docs/history.md (9,000 bytes)"]},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task"},
]
```
""",
)

EVL041 = Rule(
    code="EVL041",
    name="declaration-versions-mixed",
    stage="summary",
    severity="info",
    summary="One declaration was delivered at several versions across the compared tasks.",
    documentation="""\
Attempts are compared under one benchmark, answer key, runner and result schema
version; the declarations (and their cues) they deliver are what the task condition
is about, and may change between runs. When the compared attempts got one
declaration at more than one version (a declaration renewed halfway through the
tasks), the aggregate mixes them: the note names each version with its tasks.

## Fails

```toml path=evidence.toml
tasks = ["t1", "t2"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", declarations = ["testing@1"]},
    {id = 3, task = "t2", condition = "overview", correctness = "wrong"},
    {id = 4, task = "t2", condition = "task", declarations = ["testing@2"]},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1", "t2"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", declarations = ["testing@2"]},
    {id = 3, task = "t2", condition = "overview", correctness = "wrong"},
    {id = 4, task = "t2", condition = "task", declarations = ["testing@2"]},
]
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (EVL025, EVL026, EVL027, EVL028, EVL037, EVL016, EVL038, EVL040, EVL041)
