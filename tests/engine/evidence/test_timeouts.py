"""An attempt ends within its timeout and a short grace, whatever the agent's
descendants do: real processes, a grandchild that keeps the agent's stdout open.

The bound is loose on purpose (the timeout plus ten seconds): the point is that the
grandchild's life (25 s here, forever in the field) does not hold the attempt.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path

import pytest

from assay.api import evaluation
from tests.engine.evidence.workspace import make, spec

TIMEOUT = 2
GRANDCHILD_LIFE = 25.0


@pytest.mark.parametrize("mode", ["linger", "linger-setsid"])
def test_a_grandchild_holding_stdout_does_not_hold_the_attempt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    pidfile = tmp_path / "grandchildren"
    monkeypatch.setenv("AGENT_PIDFILE", str(pidfile))
    monkeypatch.setenv("AGENT_DELAY", str(GRANDCHILD_LIFE))
    root = make(tmp_path / "ws", spec(mode, timeout=TIMEOUT, tasks=1))
    db = root / "e.sqlite"
    evaluation.prepare(root, db)
    started = time.monotonic()
    try:
        evaluation.run(root, db, runner="fixture")
        elapsed = time.monotonic() - started
    finally:
        _end_grandchildren(pidfile)
    found = evaluation.attempts(db)
    assert [a.status for a in found] == ["completed", "completed"]
    assert [a.correctness for a in found] == ["correct", "correct"]
    for attempt in found:
        assert attempt.duration_ms is not None and attempt.duration_ms < (TIMEOUT + 10) * 1000
        assert "held its output open" in (attempt.note or "")
    assert elapsed < 2 * (TIMEOUT + 10)


def test_an_agent_that_never_exits_is_killed_at_its_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make(tmp_path / "ws", spec("hang", timeout=TIMEOUT, tasks=1))
    db = root / "e.sqlite"
    evaluation.prepare(root, db)
    started = time.monotonic()
    evaluation.run(root, db, runner="fixture")
    assert time.monotonic() - started < 2 * (TIMEOUT + 10)
    assert [a.status for a in evaluation.attempts(db)] == ["timeout", "timeout"]


def _end_grandchildren(pidfile: Path) -> None:
    """The setsid grandchildren outlive the run by design: the test ends them."""
    if not pidfile.exists():
        return
    for line in pidfile.read_text().split():
        with contextlib.suppress(ProcessLookupError, PermissionError, ValueError):
            os.kill(int(line), signal.SIGKILL)
