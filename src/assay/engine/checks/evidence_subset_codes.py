"""EVL038-EVL039: what a summary of a subset (`assay eval summary --tasks`) owes the
tasks it leaves out, as rules with pages; the examples run as
``engine.checks.evidence_codes`` describes (``stage=summary``: prepare, with the
``policy.toml`` when there is one, run, then summarize ``subset=``)."""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Check, Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("EVL038", "tasks-left-out", severity="info")
def tasks_left_out(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A summary of a subset names every benchmark task it leaves out, with statuses.

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
    """
    return iter(())


@workspace_check("EVL039", "subset-not-declared", severity="warning")
def subset_not_declared(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A verdict on a subset needs that subset declared in the policy before execution.

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
    """
    return iter(())


SUBSET_RULES: tuple[Check, ...] = (tasks_left_out, subset_not_declared)
