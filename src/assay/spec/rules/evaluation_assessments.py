"""EVL013-EVL015: why `assay eval assess` refused to record an assessment. The examples
run as ``evaluation`` describes; with
``stage=assess`` the store is prepared and run, then attempt ``attempt=`` is assessed
(``verdict=``, ``policy=`` and ``answer=``, the `--answer-sha256`, set the rest).

Each refusal writes nothing and exits 2, as the other store errors of `assay eval` do:
what was asked is not recorded, so there is no finding in the store to count.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

EVL013 = Rule(
    code="EVL013",
    name="assessed-answer-mismatch",
    stage="evaluation",
    summary="`--answer-sha256` is not the digest of the attempt's stored answer.",
    documentation="""\
An assessment binds the exact answer it judged. Given the sha256 of the answer the
assessor read (of its UTF-8 bytes), assay records the assessment only when it is the
digest of the answer the store keeps for the attempt; else the judgement is of some
other answer and is refused. Exit 2, nothing written.

## Fails

```assay stage=assess attempt=2 answer=0000000000000000000000000000000000000000000000000000000000000000
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```

## Passes

```assay stage=assess attempt=2 answer=ef2d127de37b942baad06145e54b0c619a1f22327b2ebbcfbec78f5564afe39d
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

EVL014 = Rule(
    code="EVL014",
    name="attempt-without-answer",
    stage="evaluation",
    summary="The attempt has no answer to assess (it failed, timed out, was malformed, ...).",
    documentation="""\
An assessment judges an answer; an attempt that ended without one (any status but
`completed`, and a completed one whose output had no answer) has nothing to bind
it to. Its raw evidence stays in the store. Exit 2, nothing written.

## Fails

```assay stage=assess attempt=2
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
raise SystemExit("the agent crashed")
```

## Passes

```assay stage=assess attempt=2
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

EVL015 = Rule(
    code="EVL015",
    name="unknown-attempt",
    stage="evaluation",
    summary="`--attempt ID` names no attempt of the store.",
    documentation="""\
Attempt ids are those `assay eval summary` shows (`#3`) and the `id` column of the
`attempts` table. Exit 2, nothing written.

## Fails

```assay stage=assess attempt=7
benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
answers arith-key version 1 for arith { add "5" }
results out version 1 { answer answer }
runner agent version 1 { argv ["python3", "agent.py"]  env [PATH] }
```

```python path=agent.py
print('{"answer": "5"}')
```

## Passes

```assay stage=assess attempt=1
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
RULES = (EVL013, EVL014, EVL015)
