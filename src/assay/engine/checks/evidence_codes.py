"""EVL001-EVL015, EVL038-EVL039: what the evaluation stages report, as rules with pages
(EVL006 on in ``evidence_stage_codes``, EVL013 on in ``evidence_assessment_codes``,
EVL038 on, a subset's summary, in ``evidence_subset_codes``).

``assay eval`` finds these while it reads the evaluation objects, prepares, runs or
merges (``assay check`` never reports them; they are not checks to select or ignore).
They are registered here, as the spec and assembly codes are, so that ``assay rules
EVL001`` and the rule reference explain them. The examples run through the stages
(``tests/engine/evidence/test_evidence_rules.py``): the ``assay`` block's ``stage=``
says which (``catalog``: the specs are read; ``run``: prepare, then ``assay eval run``;
``merge``: two stores prepared and merged; ``assess``: run, then one attempt
assessed; ``summary``: run, then summarized over ``subset=``), and ``prepare=false``,
``authorize=true``, ``change=PATH`` (the file changed after prepare) and
``runner=NAME`` set up the run.
A Fails example reports the code once (at its ``at=``, when it has one); Passes does
not report it.
"""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Check, Finding, workspace_check
from assay.engine.checks.evidence_assessment_codes import ASSESSMENT_RULES
from assay.engine.checks.evidence_stage_codes import STAGE_RULES
from assay.engine.checks.evidence_subset_codes import SUBSET_RULES
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


EVIDENCE_RULES: tuple[Check, ...] = (
    unknown_evaluation_object,
    duplicate_evaluation_object,
    answer_for_unknown_task,
    task_without_answer,
    ambiguous_evaluation_object,
    *STAGE_RULES,
    *ASSESSMENT_RULES,
    *SUBSET_RULES,
)
