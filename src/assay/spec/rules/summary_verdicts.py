"""EVL029-EVL036 and EVL039: the reasons an evaluation summary gives no verdict; see
``summary_subsets`` for what the summary's codes are and how their examples run.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

EVL029 = Rule(
    code="EVL029",
    name="correctness-unknown",
    stage="summary",
    severity="warning",
    summary="No verdict: a compared attempt has no known correctness.",
    documentation="""\
The answer key could not judge the answer (or there was none). Counting it as wrong
or right would both be a guess, so the matched correctness difference leaves the
task out and no verdict is given.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "unknown"},
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

EVL030 = Rule(
    code="EVL030",
    name="no-policy",
    stage="summary",
    severity="warning",
    summary="No verdict: no evaluation policy was recorded.",
    documentation="""\
The policy says, before anything runs, what difference would count as "the bundle
helps". Without one the numbers are still shown; a verdict is not.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
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

EVL031 = Rule(
    code="EVL031",
    name="policy-after-execution",
    stage="summary",
    severity="warning",
    summary="No verdict: the policy was not recorded before the first attempt started.",
    documentation="""\
A threshold chosen after seeing results can be fitted to them. The policy's
`recorded_at` must be earlier than every attempt's start; an unreadable time is this
reason too.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-03T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
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

EVL032 = Rule(
    code="EVL032",
    name="unsuccessful-attempt",
    stage="summary",
    severity="warning",
    summary="No verdict: a compared attempt did not complete.",
    documentation="""\
The latest attempt of each task and condition is compared whatever its status: a
crash, a timeout, malformed output or a refusal is kept and shown, never replaced by
an older success, and it suppresses the verdict.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", status = "timeout"},
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

EVL033 = Rule(
    code="EVL033",
    name="incomplete-provision",
    stage="summary",
    severity="warning",
    summary="No verdict: a compared attempt did not get all its required material.",
    documentation="""\
When the delivered overview or bundle lacked a required declaration or file, the
attempt measured something else than the condition it names.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct", complete = false},
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

EVL034 = Rule(
    code="EVL034",
    name="missing-pair",
    stage="summary",
    severity="warning",
    summary="No verdict: a task of the (sub)set lacks its overview or its task attempt.",
    documentation="""\
Matched differences need both sides of every task; a verdict over the pairs that
happen to exist would favour whichever tasks finished. The message names the tasks
and the side each lacks.

## Fails

```toml path=evidence.toml
tasks = ["t1", "t2"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
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

EVL035 = Rule(
    code="EVL035",
    name="required-counter-incomplete",
    stage="summary",
    severity="warning",
    summary=(
        "No verdict: a counter the caller requires is not complete on every compared attempt."
    ),
    documentation="""\
`summarize(..., required_counters=[...])` names counters the comparison must include
(say, the tokens a cost claim rests on); when one is not complete on every compared
attempt, there is no verdict.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
required_counters = ["input_tokens"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
]
```

## Passes

```toml path=evidence.toml
tasks = ["t1"]
required_counters = ["input_tokens"]
policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
attempts = [
    {id = 1, task = "t1", condition = "overview", counters = {input_tokens = 90}},
    {id = 2, task = "t1", condition = "task", counters = {input_tokens = 300}},
]
```
""",
)

EVL036 = Rule(
    code="EVL036",
    name="no-threshold",
    stage="summary",
    severity="warning",
    summary="No verdict: the policy sets no minimum difference to judge against.",
    documentation="""\
The verdict sets the 95% interval of the matched correctness difference against the
policy's `minimum_difference`; a policy without one agreed on nothing.

## Fails

```toml path=evidence.toml
tasks = ["t1"]
policy = {recorded_at = "2026-11-01T00:00:00Z"}
attempts = [
    {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
    {id = 2, task = "t1", condition = "task", correctness = "correct"},
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

EVL039 = Rule(
    code="EVL039",
    name="subset-not-declared",
    stage="summary",
    severity="warning",
    summary="A verdict on a subset needs that subset declared in the policy before execution.",
    documentation="""\
A subset chosen after the attempts ran can be chosen for its result. So a summary
of a subset gives a verdict only when the recorded policy declares `subset` (in the
`--tasks` syntax) selecting exactly the same tasks; recorded before the first
attempt, as the policy must be (EVL031). Otherwise no verdict, saying why.

## Fails

```toml path=policy.toml
name = "team"
version = 1
minimum_difference = 0.1
```

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

```toml path=policy.toml
name = "team"
version = 1
minimum_difference = 0.1
subset = "add"
```

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
""",
)

#: This family's rules, as the registry lists them.
RULES = (EVL029, EVL030, EVL031, EVL032, EVL033, EVL034, EVL035, EVL036, EVL039)
