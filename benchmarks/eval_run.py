"""``assay eval run``'s own time per attempt, at 1,000 to 100,000 attempts: linear?

    .venv/bin/python benchmarks/eval_run.py [--attempts 1000,10000,100000] [--jobs 1]

Issue 16's "Speed" paragraph: recording attempts must cost assay under 5 ms each, and
grow linearly. For each size N a git workspace is generated with N/2 tasks (two
attempts each: overview, then task), one pinned declaration every task selects, and a
runner whose agent exits at once: ``/bin/echo '{"answer": "0"}'`` (no interpreter to
start, so the child's time is as small as a process gets). Then, in this process:
``prepare`` (timed), and ``run`` (timed, wall clock). assay's own time is the run's
wall time minus the time its children ran (each attempt's ``child_us``, measured from
just before the process is started to just after it was waited for, so process
creation counts as the child's). Printed per N: prepare seconds, run seconds, child
seconds, assay's ms per attempt and attempts per second; and the ratio of ms per
attempt at the largest N to the smallest (about 1 when linear).
"""

from __future__ import annotations

import argparse
import hashlib
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path

from assay.api import evaluation

GUIDE = b"# Guide\n\nAnswer 0.\n"


def workspace(root: Path, tasks: int) -> Path:
    """A git workspace with ``tasks`` tasks, all selecting one pinned declaration."""
    root.mkdir(parents=True)
    digest = hashlib.sha256(GUIDE).hexdigest()
    lines = [
        f'declaration guide version 1 {{ when kind [bench] primary "guide.md" sha256 "{digest}" }}',
        'benchmark load version 1 {\n    overview "overview.md"',
        *(f'    task t{i:06d} {{ where kind bench prompt "Task {i}." }}' for i in range(tasks)),
        "}",
        "answers key version 1 for load {",
        *(f'    t{i:06d} "0"' for i in range(tasks)),
        "}",
        'runner echo version 1 { argv ["/bin/echo", "{\\"answer\\": \\"0\\"}"] timeout 60 }',
        "results out version 1 { answer answer }",
    ]
    (root / "eval.assay").write_text("\n".join(lines) + "\n")
    (root / "assay.toml").write_text('specs = ["eval.assay"]\n')
    (root / "guide.md").write_bytes(GUIDE)
    (root / "overview.md").write_bytes(b"# Overview\n")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root


def measure(attempts: int, jobs: int) -> dict[str, float]:
    """Prepare and run ``attempts`` attempts; the times."""
    with tempfile.TemporaryDirectory() as folder:
        root = workspace(Path(folder) / "ws", attempts // 2)
        db = root / "evidence.sqlite"
        start = time.perf_counter()
        evaluation.prepare(root, db)
        prepared = time.perf_counter() - start
        start = time.perf_counter()
        result = evaluation.run(root, db, runner="echo", jobs=jobs)
        wall = time.perf_counter() - start
        connection = sqlite3.connect(db)
        child_us, count, completed = connection.execute(
            "SELECT sum(child_us), count(*), sum(status = 'completed') FROM attempts"
        ).fetchone()
        connection.close()
    assert count == attempts == len(result.attempt_ids) == completed, (count, completed)
    own = wall - child_us / 1e6
    return {
        "attempts": attempts,
        "prepare_s": prepared,
        "run_s": wall,
        "child_s": child_us / 1e6,
        "own_ms_per_attempt": 1000 * own / attempts,
        "attempts_per_s": attempts / wall,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attempts", default="1000,10000,100000")
    parser.add_argument("--jobs", type=int, default=1)
    options = parser.parse_args()
    sizes = [int(n) for n in options.attempts.split(",")]
    rows = []
    columns = ("attempts", 9), ("prepare s", 10), ("run s", 8), ("child s", 8)
    columns += ("own ms/att", 11), ("att/s", 8)
    print(" ".join(f"{name:>{width}}" for name, width in columns))
    for size in sizes:
        row = measure(size, options.jobs)
        rows.append(row)
        print(
            f"{size:>9} {row['prepare_s']:>10.2f} {row['run_s']:>8.2f} {row['child_s']:>8.2f} "
            f"{row['own_ms_per_attempt']:>11.3f} {row['attempts_per_s']:>8.0f}",
            flush=True,
        )
    if len(rows) > 1:
        ratio = rows[-1]["own_ms_per_attempt"] / rows[0]["own_ms_per_attempt"]
        print(f"own ms per attempt, largest / smallest N: {ratio:.2f} (about 1 when linear)")


if __name__ == "__main__":
    main()
