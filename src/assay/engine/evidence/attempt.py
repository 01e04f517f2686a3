"""One attempt's work in a worker thread (the agent, then the task's check command)
and how its end reads as a status. The store is not touched here."""

from __future__ import annotations

import signal
from collections.abc import Mapping

from assay.engine.evidence.launch import Children, Ran
from assay.spec.evaluation import RunnerDecl, TaskDecl
from assay.spec.evidence import Verification


def attempt(
    children: Children,
    runner: RunnerDecl,
    root: str,
    stdin: bytes,
    env: Mapping[str, str],
    task: TaskDecl,
    keep: int,
) -> tuple[Ran, Verification]:
    """The agent, then (when it exited 0 with output kept whole) the task's check
    command on its output; ``keep``: the bytes of each output kept."""
    timeout = float(runner.timeout)
    ran = children.run(runner.argv, stdin, env, root, timeout, keep)
    if not task.check or ran.exit_code != 0 or ran.stdout.truncated or children.cancelled.is_set():
        return ran, Verification(ran=False)
    checked = children.run(task.check, ran.stdout.head, env, root, timeout, keep)
    if checked.exit_code is None or checked.timed_out:
        return ran, Verification(ran=False)
    return ran, Verification(ran=True, passed=checked.exit_code == 0, exit_code=checked.exit_code)


def status_of(ran: Ran, problem: str | None, cancelled: bool) -> tuple[str, str | None]:
    """The status and note of an attempt that ended as ``ran`` (``problem``: what was
    wrong with its output; ``cancelled``: the run was cancelled meanwhile)."""
    if ran.exit_code is None:
        return "failed", ran.error
    if ran.timed_out:
        return "timeout", "killed at the runner's timeout"
    if cancelled and ran.exit_code == -signal.SIGKILL:
        return "cancelled", "killed when the run was cancelled"
    if ran.exit_code != 0:
        return "failed", f"exited with {ran.exit_code}"
    if problem is not None:
        return "malformed", problem
    if ran.held_open:
        return "completed", _HELD_OPEN
    return "completed", None


_HELD_OPEN = (
    "a process the agent started still held its output open at the timeout: "
    "killed with the agent's group, or, outside it, no longer read"
)
