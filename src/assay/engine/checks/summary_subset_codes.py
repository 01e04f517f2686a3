"""EVL020-EVL024: the subset errors of an evaluation summary.

See ``assay.engine.checks.summary_codes`` for what EVL codes are and how their examples
run.
"""

from __future__ import annotations

from collections.abc import Iterator

from assay.engine.checks.base import Finding, workspace_check
from assay.engine.workspace.document_context import WorkspaceContext


@workspace_check("EVL020", "subset-syntax-error")
def subset_syntax_error(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A `--tasks` item is empty or holds a space.

    Items are separated by commas: a position (`7`), an inclusive range of positions
    (`1-20`) or a task name. An empty item (`1,,2`, a trailing comma) or one with a
    space inside is refused with its column; nothing is summarized, and `assay eval
    summary` exits 2.

    ## Fails

    ```toml path=evidence.toml
    tasks = ["t1", "t2"]
    subset = "1,,2"
    policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
    attempts = [
        {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
        {id = 2, task = "t1", condition = "task", correctness = "correct"},
        {id = 3, task = "t2", condition = "overview", correctness = "correct"},
        {id = 4, task = "t2", condition = "task", correctness = "correct"},
    ]
    ```

    ## Passes

    ```toml path=evidence.toml
    tasks = ["t1", "t2"]
    subset = "1,2"
    policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
    attempts = [
        {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
        {id = 2, task = "t1", condition = "task", correctness = "correct"},
        {id = 3, task = "t2", condition = "overview", correctness = "correct"},
        {id = 4, task = "t2", condition = "task", correctness = "correct"},
    ]
    ```
    """
    return iter(())


@workspace_check("EVL021", "subset-out-of-bounds")
def subset_out_of_bounds(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A `--tasks` position or range is outside the benchmark's tasks, or reversed.

    Positions are one-based and go up to the number of tasks the benchmark lists; a
    range `N-M` needs `N <= M`. A position past the end is an error, never a silently
    shorter subset.

    ## Fails

    ```toml path=evidence.toml
    tasks = ["t1", "t2"]
    subset = "1-3"
    policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
    attempts = [
        {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
        {id = 2, task = "t1", condition = "task", correctness = "correct"},
        {id = 3, task = "t2", condition = "overview", correctness = "correct"},
        {id = 4, task = "t2", condition = "task", correctness = "correct"},
    ]
    ```

    ## Passes

    ```toml path=evidence.toml
    tasks = ["t1", "t2"]
    subset = "1-2"
    policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
    attempts = [
        {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
        {id = 2, task = "t1", condition = "task", correctness = "correct"},
        {id = 3, task = "t2", condition = "overview", correctness = "correct"},
        {id = 4, task = "t2", condition = "task", correctness = "correct"},
    ]
    ```
    """
    return iter(())


@workspace_check("EVL022", "subset-absent-task")
def subset_absent_task(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A `--tasks` name is not a task of the benchmark.

    A misspelt or removed task would otherwise shrink the subset without a word. Names
    are compared exactly.

    ## Fails

    ```toml path=evidence.toml
    tasks = ["t1", "t2"]
    subset = "t1,t9"
    policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
    attempts = [
        {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
        {id = 2, task = "t1", condition = "task", correctness = "correct"},
        {id = 3, task = "t2", condition = "overview", correctness = "correct"},
        {id = 4, task = "t2", condition = "task", correctness = "correct"},
    ]
    ```

    ## Passes

    ```toml path=evidence.toml
    tasks = ["t1", "t2"]
    subset = "t1,t2"
    policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
    attempts = [
        {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
        {id = 2, task = "t1", condition = "task", correctness = "correct"},
        {id = 3, task = "t2", condition = "overview", correctness = "correct"},
        {id = 4, task = "t2", condition = "task", correctness = "correct"},
    ]
    ```
    """
    return iter(())


@workspace_check("EVL023", "subset-overflow")
def subset_overflow(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A `--tasks` number is longer than any position can be.

    A number of more than 18 digits overflows a 64-bit index: it is refused rather than
    wrapped or rounded to some other position.

    ## Fails

    ```toml path=evidence.toml
    tasks = ["t1", "t2"]
    subset = "1-99999999999999999999"
    policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
    attempts = [
        {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
        {id = 2, task = "t1", condition = "task", correctness = "correct"},
        {id = 3, task = "t2", condition = "overview", correctness = "correct"},
        {id = 4, task = "t2", condition = "task", correctness = "correct"},
    ]
    ```

    ## Passes

    ```toml path=evidence.toml
    tasks = ["t1", "t2"]
    subset = "1-2"
    policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
    attempts = [
        {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
        {id = 2, task = "t1", condition = "task", correctness = "correct"},
        {id = 3, task = "t2", condition = "overview", correctness = "correct"},
        {id = 4, task = "t2", condition = "task", correctness = "correct"},
    ]
    ```
    """
    return iter(())


@workspace_check("EVL024", "subset-duplicate-task")
def subset_duplicate_task(workspace: WorkspaceContext) -> Iterator[Finding]:
    """A task is selected twice by a `--tasks` subset.

    Overlapping items (`1-2,t2`) are almost always a typo in a range; the message names
    the column of the item that selected the task first.

    ## Fails

    ```toml path=evidence.toml
    tasks = ["t1", "t2"]
    subset = "1-2,t2"
    policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
    attempts = [
        {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
        {id = 2, task = "t1", condition = "task", correctness = "correct"},
        {id = 3, task = "t2", condition = "overview", correctness = "correct"},
        {id = 4, task = "t2", condition = "task", correctness = "correct"},
    ]
    ```

    ## Passes

    ```toml path=evidence.toml
    tasks = ["t1", "t2"]
    subset = "1,t2"
    policy = {recorded_at = "2026-11-01T00:00:00Z", minimum_difference = 0.0}
    attempts = [
        {id = 1, task = "t1", condition = "overview", correctness = "wrong"},
        {id = 2, task = "t1", condition = "task", correctness = "correct"},
        {id = 3, task = "t2", condition = "overview", correctness = "correct"},
        {id = 4, task = "t2", condition = "task", correctness = "correct"},
    ]
    ```
    """
    return iter(())
