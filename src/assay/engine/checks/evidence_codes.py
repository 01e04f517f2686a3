"""EVL001-EVL012: what the evaluation stages report, as rules with pages.

``assay eval`` finds these while it reads the evaluation objects, prepares, runs or
merges (``assay check`` never reports them; they are not checks to select or ignore).
They are registered here, as the spec and assembly codes are, so that ``assay rules
EVL001`` and the rule reference explain them. The examples run through the stages
(``tests/engine/evidence/test_evidence_rules.py``): the ``assay`` block's ``stage=``
says which (``catalog``: the specs are read; ``run``: prepare, then ``assay eval run``;
``merge``: two stores prepared and merged), and ``prepare=false``, ``authorize=true``,
``change=PATH`` (the file changed after prepare) and ``runner=NAME`` set up the run.
A Fails example reports the code once (at its ``at=``, when it has one); Passes does
not report it.
"""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Check, Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("EVL001", "unknown-evaluation-object")
def unknown_evaluation_object(workspace: WorkspaceContext) -> Iterator[Finding]:
    """An answer key is for a benchmark no spec declares (or a name asked for is unknown).

    `answers NAME version N for BENCHMARK` must name a declared benchmark; on the command
    line, `--benchmark`, `--answers`, `--results` and `--runner` must name declared
    objects (`NAME` or `NAME@V`); the message lists those declared. Exit 2.

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
    """
    return iter(())


@workspace_check("EVL002", "duplicate-evaluation-object")
def duplicate_evaluation_object(workspace: WorkspaceContext) -> Iterator[Finding]:
    """The same benchmark, answer key, runner or result schema name and version twice.

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
    """
    return iter(())


@workspace_check("EVL003", "answer-for-unknown-task")
def answer_for_unknown_task(workspace: WorkspaceContext) -> Iterator[Finding]:
    """An answer key answers a task its benchmark (newest version) does not have.

    Usually a renamed or misspelt task: its attempts would never be scored. Exit 2.

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
    """
    return iter(())


@workspace_check("EVL004", "task-without-answer", severity="warning")
def task_without_answer(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A task of the benchmark has no answer in the answer key (a warning).

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
    """
    return iter(())


@workspace_check("EVL005", "ambiguous-evaluation-object")
def ambiguous_evaluation_object(workspace: WorkspaceContext) -> Iterator[Finding]:
    """Several objects of a kind are declared and the command line names none.

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
    """
    return iter(())


@workspace_check("EVL006", "basis-drift", severity="warning")
def basis_drift(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A task's material changed since `assay eval prepare`: its pair is not launched.

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
    """
    return iter(())


@workspace_check("EVL007", "spending-not-authorized")
def spending_not_authorized(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A `paid` runner was run without a recorded policy with a cap, or without
    `--authorize-spending`.

    A runner that spends credit starts only with a spending policy recorded before
    execution (`assay eval prepare --policy FILE`: dated rates and a `cap`) and the
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
    """
    return iter(())


@workspace_check("EVL008", "spending-cap-reached")
def spending_cap_reached(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A paid run reached its policy's cap: the attempts left are recorded `refused`.

    What an attempt costs comes from the counters it reported and the policy's credit
    rates dated on or before its day. Once the credit spent (since the last
    continuation) reaches `cap`, no attempt starts; `assay eval run --continue` (with
    `--authorize-spending`) allows another cap's worth and runs the refused pairs again.
    Exit 1.

    ## Fails

    ```assay stage=run authorize=true at=4:8
    benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
    answers arith-key version 1 for arith { add "5" }
    results out version 1 { answer answer }
    runner agent version 1 { argv ["python3", "agent.py"]  env [PATH]  paid }
    ```

    ```toml path=policy.toml
    name = "team"
    version = 1
    cap = 0
    ```

    ```python path=agent.py
    print('{"answer": "5"}')
    ```

    ## Passes

    ```assay stage=run authorize=true
    benchmark arith version 1 { task add { prompt "What is 2 + 3?" } }
    answers arith-key version 1 for arith { add "5" }
    results out version 1 { answer answer }
    runner agent version 1 { argv ["python3", "agent.py"]  env [PATH]  paid }
    ```

    ```toml path=policy.toml
    name = "team"
    version = 1
    cap = 10
    ```

    ```python path=agent.py
    print('{"answer": "5"}')
    ```
    """
    return iter(())


@workspace_check("EVL009", "not-prepared")
def not_prepared(workspace: WorkspaceContext) -> Iterator[Finding]:
    """`assay eval run` found no preparation of the benchmark's tasks in the store.

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
    """
    return iter(())


@workspace_check("EVL010", "incompatible-stores")
def incompatible_stores(workspace: WorkspaceContext) -> Iterator[Finding]:
    """`assay eval merge` was given stores of different versions or material.

    Shards join only when they ran the same benchmark, answer key, runner and result
    schema versions and were prepared from the same material (equal snapshots): else
    one summary would mix different experiments. The output is not written. Exit 2.
    (Here the overview document changed between preparing the two stores.)

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
    """
    return iter(())


@workspace_check("EVL011", "not-an-evidence-store")
def not_an_evidence_store(workspace: WorkspaceContext) -> Iterator[Finding]:
    """The store file is not an evidence store, or was made by a newer assay.

    assay opens only SQLite files it made (their `PRAGMA user_version` counts the
    migrations applied) and upgrades older ones in place; a file of other content, or
    of a schema newer than this assay knows, is refused untouched. Exit 2.

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
    """
    return iter(())


@workspace_check("EVL012", "unreadable-policy")
def unreadable_policy(workspace: WorkspaceContext) -> Iterator[Finding]:
    """The policy file given with `--policy` cannot be read as a policy.

    A policy is TOML: `name`, `version`, and optionally `cap`, `minimum_difference`
    and `[[rates]]` tables (`kind` credit or speed, `counter`, `per_unit`, `dated`).
    The message says which field is missing or mistyped. Exit 2, nothing prepared.

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
    """
    return iter(())


EVIDENCE_RULES: tuple[Check, ...] = (
    unknown_evaluation_object,
    duplicate_evaluation_object,
    answer_for_unknown_task,
    task_without_answer,
    ambiguous_evaluation_object,
    basis_drift,
    spending_not_authorized,
    spending_cap_reached,
    not_prepared,
    incompatible_stores,
    not_an_evidence_store,
    unreadable_policy,
)
