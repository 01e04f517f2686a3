"""EVL001-EVL005: what reading the evaluation objects reports (EVL006 on in
``evaluation_stages``, EVL013 on in ``evaluation_assessments``).

``assay eval`` finds the EVL001-EVL015 codes while it reads the evaluation objects,
prepares, runs, merges or assesses (``assay check`` never reports them; they are not
checks to select or ignore). Their examples run through the stages
(``tests/engine/evidence/test_evidence_rules.py``): the ``assay`` block's ``stage=``
says which (``catalog``: the specs are read; ``run``: prepare, then ``assay eval run``;
``merge``: two stores prepared and merged; ``assess``: run, then one attempt
assessed; ``summary``: run, then summarized over ``subset=``, for the summary's
EVL038 and EVL039), and ``prepare=false``, ``authorize=true``, ``change=PATH`` (the
file changed after prepare) and ``runner=NAME`` set up the run.
A Fails example reports the code once (at its ``at=``, when it has one); Passes does
not report it.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

EVL001 = Rule(
    code="EVL001",
    name="unknown-evaluation-object",
    stage="evaluation",
    summary="An answer key is for a benchmark no spec declares (or a name asked for is unknown).",
    documentation="""\
`answers NAME version N for BENCHMARK` must name a declared benchmark; on the command
line, `--benchmark`, `--answers`, `--results` and `--runner` must name declared
objects (`NAME` or `NAME@V`); the message lists those declared. `assay eval summary
--benchmark` (and the MCP tool `eval_summary`'s `benchmark`) must name a benchmark the
store holds prepared; the message lists those it holds. Exit 2.

## Fails

```assay at=1:33
answers arith-key version 1 for arithmetic {
    add "5"
}
```

## Passes

```assay
benchmark arith version 1 {
    task add { prompt "What is 2 + 3?" }
}
answers arith-key version 1 for arith {
    add "5"
}
```
""",
)

EVL002 = Rule(
    code="EVL002",
    name="duplicate-evaluation-object",
    stage="evaluation",
    summary="The same benchmark, answer key, runner or result schema name and version twice.",
    documentation="""\
Versions of one name live side by side, so a new meaning needs a new version, never
a second object of the same one: an attempt records `name@version`, and two
definitions would make that ambiguous. Across spec files too. Exit 2.

## Fails

```assay at=4:8
runner agent version 1 {
    argv ["python3", "agent.py"]
}
runner agent version 1 {
    argv ["python3", "other.py"]
}
```

## Passes

```assay
runner agent version 1 {
    argv ["python3", "agent.py"]
}
runner agent version 2 {
    argv ["python3", "other.py"]
}
```
""",
)

EVL003 = Rule(
    code="EVL003",
    name="answer-for-unknown-task",
    stage="evaluation",
    summary="An answer key answers a task its benchmark does not have.",
    documentation="""\
Usually a renamed or misspelt task: its attempts would never be scored. Exit 2.

Versions are kept side by side, so an answer key is held to every version of its
benchmark: an answer naming a task that no version has is this error. A key kept for
a legacy version (answering a task the newest dropped) stops nothing: `eval prepare`
and `eval run` take, for the benchmark version they use, the newest key version whose
answers all name its tasks; a key named with `--answers` that answers a task the
version lacks is refused, being made for another version.

## Fails

```assay at=5:5
benchmark arith version 1 {
    task add { prompt "What is 2 + 3?" }
}
answers arith-key version 1 for arith {
    ad "5"
    add "5"
}
```

## Passes

```assay
benchmark arith version 1 {
    task add { prompt "What is 2 + 3?" }
}
answers arith-key version 1 for arith {
    add "5"
}
```
""",
)

EVL004 = Rule(
    code="EVL004",
    name="task-without-answer",
    stage="evaluation",
    severity="warning",
    summary="A task of the benchmark has no answer in the answer key (a warning).",
    documentation="""\
Its attempts run, and their correctness is `unknown`: a summary cannot count them
as right or wrong, and says so.

## Fails

```assay at=5:9
benchmark arith version 1 {
    task add { prompt "What is 2 + 3?" }
    task mul { prompt "What is 2 * 3?" }
}
answers arith-key version 1 for arith {
    add "5"
}
```

## Passes

```assay
benchmark arith version 1 {
    task add { prompt "What is 2 + 3?" }
    task mul { prompt "What is 2 * 3?" }
}
answers arith-key version 1 for arith {
    add "5"
    mul "6"
}
```
""",
)

EVL005 = Rule(
    code="EVL005",
    name="ambiguous-evaluation-object",
    stage="evaluation",
    summary="Several objects of a kind are declared and the command line names none.",
    documentation="""\
With one benchmark (or runner, answer key, result schema) name declared, its newest
version is used; with several, name one (`--runner NAME` or `NAME@V`). The finding
is at the second name. Exit 2, nothing run.

## Fails

```assay stage=run at=14:8
benchmark arith version 1 {
    task add { prompt "What is 2 + 3?" }
}
answers arith-key version 1 for arith {
    add "5"
}
results out version 1 {
    answer answer
}
runner agent version 1 {
    argv ["python3", "agent.py"]
    env [PATH]
}
runner other version 1 {
    argv ["python3", "agent.py"]
    env [PATH]
}
```

```python path=agent.py
print('{"answer": "5"}')
```

## Passes

```assay stage=run runner=agent
benchmark arith version 1 {
    task add { prompt "What is 2 + 3?" }
}
answers arith-key version 1 for arith {
    add "5"
}
results out version 1 {
    answer answer
}
runner agent version 1 {
    argv ["python3", "agent.py"]
    env [PATH]
}
runner other version 1 {
    argv ["python3", "agent.py"]
    env [PATH]
}
```

```python path=agent.py
print('{"answer": "5"}')
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (EVL001, EVL002, EVL003, EVL004, EVL005)
