"""EVL042: a policy that cannot bound what a paid run spends. The examples run as
``evaluation`` describes.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

EVL042 = Rule(
    code="EVL042",
    name="spending-unbounded",
    stage="evaluation",
    summary=(
        "A policy with a `cap` lacks the attempt worst case or a dated credit rate of a "
        "counter the result schema declares."
    ),
    documentation="""\
A paid run keeps to its cap only if every attempt has a known price or a declared
worst case. So a policy with a `cap` needs `attempt_worst_case` (the most credit one
attempt may cost: it is held, committed in the store, before the attempt starts, and
stays charged when the attempt's counters are not all reported) and, for every
counter the result schema declares, a `[[rates]]` entry of kind `credit` dated on or
before the day (a rate of a counter the schema does not declare is refused too: no
attempt reports it). A result schema without counters cannot price an attempt, so a
paid run with it is refused as well. The message names the policy file and each entry
at fault.

`assay eval prepare --policy FILE` refuses such a policy, and `assay eval run` of a
`paid` runner refuses a store whose recorded policy is such (one recorded by an older
assay): exit 2, nothing prepared or run. (A malformed entry, such as a `dated` that
is not `YYYY-MM-DD`, is EVL012.)

## Fails

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
attempt_worst_case = 2
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
attempt_worst_case = 2

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

#: This family's rules, as the registry lists them.
RULES = (EVL042,)
