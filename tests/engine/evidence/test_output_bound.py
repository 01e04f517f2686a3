"""An attempt's output is bounded: its head is kept (``keep_output``), with the byte
count and sha256 of all of it and a truncation mark, and assay's memory stays flat
however much the agent prints (measured in a subprocess, by its peak RSS)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from assay.api import evaluation
from tests.engine.evidence.workspace import make, spec

MIB = 1 << 20


def _flood_digest(mib: int) -> str:
    digest = hashlib.sha256()
    for _ in range(mib):
        digest.update(b"x" * MIB)
    return digest.hexdigest()


def test_the_head_is_kept_with_the_size_and_digest_of_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AGENT_FLOOD_MIB", "3")
    root = make(tmp_path / "ws", spec("flood", tasks=1))
    db = root / "e.sqlite"
    evaluation.prepare(root, db)
    evaluation.run(root, db, runner="fixture", keep_output=65536)
    with evaluation.open_store(db) as store:
        for attempt in store.attempts():
            assert attempt.status == "malformed"
            assert "3145728 bytes, more than the 65536 kept" in (attempt.note or "")
            stdout, stderr = store.outputs(attempt.id)
            assert stdout is not None and stderr is not None
            assert (len(stdout.head), stdout.size, stdout.truncated) == (65536, 3 * MIB, True)
            assert stdout.sha256 == _flood_digest(3)
            assert store.raw(attempt.id)[1] == b"x" * 65536
            assert (stderr.size, stderr.truncated) == (0, False)
            (mark,) = store.db.execute(
                "SELECT stdout_truncated FROM attempts WHERE id = ?", (attempt.id,)
            ).fetchone()
            assert mark == 1


def test_a_short_output_is_kept_whole_and_read(tmp_path: Path) -> None:
    root = make(tmp_path / "ws", spec("correct", tasks=1))
    db = root / "e.sqlite"
    evaluation.prepare(root, db)
    evaluation.run(root, db, runner="fixture")
    with evaluation.open_store(db) as store:
        for attempt in store.attempts():
            assert attempt.status == "completed"
            stdout, _ = store.outputs(attempt.id)
            assert stdout is not None and not stdout.truncated
            assert stdout.sha256 == hashlib.sha256(stdout.head).hexdigest()


_MEASURE = """
import json, sys
from pathlib import Path
from assay.api import evaluation
root, db = sys.argv[1], sys.argv[2]
evaluation.run(root, db, runner="fixture")
# This process's own peak (VmHWM, in KiB): ru_maxrss would be the test runner's when
# that was larger, as Linux carries it over the exec that started this one.
status = Path("/proc/self/status").read_text()
peak = int(status.split("VmHWM:")[1].split()[0])
sizes = [evaluation.open_store(db).outputs(a.id)[0].size for a in evaluation.attempts(db)]
print(json.dumps({"peak_kib": peak, "sizes": sizes}))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="the peak is read from /proc")
def test_memory_stays_flat_whatever_the_agent_prints(tmp_path: Path) -> None:
    root = make(tmp_path / "ws", spec("flood", tasks=1, timeout=120))
    db = root / "e.sqlite"
    evaluation.prepare(root, db)
    env = {"PATH": "/usr/bin:/bin", "AGENT_FLOOD_MIB": "200"}
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(root), str(db)],
        capture_output=True,
        check=True,
        env={**env, "PYTHONPATH": ":".join(sys.path)},
        timeout=300,
    )
    found = json.loads(done.stdout)
    assert found["sizes"] == [200 * MIB, 200 * MIB]
    assert found["peak_kib"] < 150 * 1024, found  # 200 MiB printed twice, never held
