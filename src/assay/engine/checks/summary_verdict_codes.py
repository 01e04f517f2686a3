"""EVL029-EVL036: the reasons an evaluation summary gives no verdict.

See ``assay.engine.checks.summary_codes`` for what EVL codes are and how their examples
run.
"""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("EVL029", "correctness-unknown", severity="warning")
def correctness_unknown(workspace: WorkspaceContext) -> Iterator[Finding]:
    """No verdict: a compared attempt has no known correctness.

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
    """
    return iter(())


@workspace_check("EVL030", "no-policy", severity="warning")
def no_policy(workspace: WorkspaceContext) -> Iterator[Finding]:
    """No verdict: no evaluation policy was recorded.

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
    """
    return iter(())


@workspace_check("EVL031", "policy-after-execution", severity="warning")
def policy_after_execution(workspace: WorkspaceContext) -> Iterator[Finding]:
    """No verdict: the policy was not recorded before the first attempt started.

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
    """
    return iter(())


@workspace_check("EVL032", "unsuccessful-attempt", severity="warning")
def unsuccessful_attempt(workspace: WorkspaceContext) -> Iterator[Finding]:
    """No verdict: a compared attempt did not complete.

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
    """
    return iter(())


@workspace_check("EVL033", "incomplete-provision", severity="warning")
def incomplete_provision(workspace: WorkspaceContext) -> Iterator[Finding]:
    """No verdict: a compared attempt did not get all its required material.

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
    """
    return iter(())


@workspace_check("EVL034", "missing-pair", severity="warning")
def missing_pair(workspace: WorkspaceContext) -> Iterator[Finding]:
    """No verdict: a task of the (sub)set lacks its overview or its task attempt.

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
    """
    return iter(())


@workspace_check("EVL035", "required-counter-incomplete", severity="warning")
def required_counter_incomplete(workspace: WorkspaceContext) -> Iterator[Finding]:
    """No verdict: a counter the caller requires is not complete on every compared attempt.

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
    """
    return iter(())


@workspace_check("EVL036", "no-threshold", severity="warning")
def no_threshold(workspace: WorkspaceContext) -> Iterator[Finding]:
    """No verdict: the policy sets no minimum difference to judge against.

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
    """
    return iter(())
