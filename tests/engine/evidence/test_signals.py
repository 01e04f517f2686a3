"""`assay eval run` killed or signalled mid-attempt: the launched attempt is on disk
(it was committed before the process started) and the database stays consistent."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from assay.api import evaluation
from tests.engine.evidence.workspace import make, spec


def _start_run(tmp_path: Path) -> tuple[Path, subprocess.Popen[bytes]]:
    root = make(tmp_path / "ws", spec("slow", tasks=1))
    evaluation.prepare(root, root / "e.sqlite")
    env = {**os.environ, "AGENT_DELAY": "30", "AGENT_PIDFILE": str(root / "agent.pid")}
    process = subprocess.Popen(
        [sys.executable, "-m", "assay", "eval", "run", "--runner", "fixture", "--db", "e.sqlite"],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    _wait_for_launch(root / "e.sqlite")
    return root, process


def _wait_for_launch(db: Path) -> None:
    """Until the first attempt row exists: the agent is then starting or running."""
    for _ in range(600):
        connection = sqlite3.connect(db)
        try:
            if connection.execute("SELECT count(*) FROM attempts").fetchone()[0]:
                time.sleep(0.3)  # let the child start
                return
        except sqlite3.OperationalError:
            pass
        finally:
            connection.close()
        time.sleep(0.05)
    raise AssertionError("no attempt was launched")


def _kill_agent(root: Path) -> None:
    """Kill the agent a killed run left (it runs in a session of its own), by its pid."""
    pidfile = root / "agent.pid"
    for _ in range(100):
        if pidfile.exists() and pidfile.read_text():
            break
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError, ValueError, FileNotFoundError):
        os.kill(int(pidfile.read_text()), signal.SIGKILL)


def test_sigkill_mid_attempt_leaves_the_launched_row_and_a_sound_database(tmp_path: Path) -> None:
    """SIGKILL: the attempt stays `launched`, with its command and stdin; integrity ok."""
    root, process = _start_run(tmp_path)
    process.kill()
    process.communicate()
    _kill_agent(root)
    [attempt] = evaluation.attempts(root / "e.sqlite")
    assert (attempt.status, attempt.condition) == ("launched", "overview")
    db = sqlite3.connect(root / "e.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    stdin, command = db.execute("SELECT stdin, command FROM attempts").fetchone()
    assert stdin.endswith(b"Solve add.\n") and "agent.py" in command
    db.close()


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_cancels_records_and_exits(tmp_path: Path, signum: int, code: int) -> None:
    """SIGTERM or SIGINT: the child is killed, its attempt `cancelled`, no pair goes on."""
    root, process = _start_run(tmp_path)
    started = time.monotonic()
    process.send_signal(signum)
    _, err = process.communicate(timeout=20)
    assert time.monotonic() - started < 20  # the 30 s agent did not run to its end
    assert process.returncode == code
    assert b"cancelled by SIG" in err
    found = evaluation.attempts(root / "e.sqlite")
    assert [(a.condition, a.status) for a in found] == [("overview", "cancelled")]
    assert found[0].note == "killed when the run was cancelled"
