"""A pre-commit run, ``assay check ONE.md`` with a warm cache, before and after a change.

    .venv/bin/python benchmarks/single_file.py [--against REV] [--count 10000]
        [--runs 15] [--instructions]

Wall time on a shared machine swings by a third from one minute to the next, so a
change to the single-file run is measured against another version of assay **in
the same minutes**: the revision ``--against`` (default ``HEAD``) is checked out in a
temporary git worktree, and the runs alternate between it and the working tree, in
one workspace of ``--count`` generated records (``check_throughput.py``'s), with a
cache folder for each version filled by a full check first. Before each run a blank
line is appended to ONE.md, so the record is read again as a pre-commit run reads
the staged file.

Printed: each version's median and minimum wall time, and the median of the paired
ratios (each run over its neighbour of the other version); then the floor issue 27
measures against, ``python -c "import lark"`` timed after each pair of runs, and the
working tree's median over it. With ``--instructions``,
the instructions one run executes under ``valgrind --tool=callgrind`` (the Python
process alone, git not counted), a figure the load of the machine does not move, and
for the working tree where they go: the interpreter's start, the imports (a process
importing every module the run imports, and nothing else), and the work, which is
the rest.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:  # imported as benchmarks.single_file
    from .check_throughput import git_env, make_workspace, single_file
    from .corpus import DEFAULT_SEED
    from .parse_throughput import ensure_corpus
except ImportError:  # run as a script
    from check_throughput import git_env, make_workspace, single_file
    from corpus import DEFAULT_SEED
    from parse_throughput import ensure_corpus

REPO = Path(__file__).resolve().parent.parent
#: The console script's body, started with a chosen ``PYTHONPATH``.
ENTRY = "import sys; from assay.cli import entry; sys.argv[0] = 'assay'; sys.exit(entry())"


def environment(cache: Path, source: Path) -> dict[str, str]:
    """assay from ``source``, its caches and compiled bytecode in ``cache``."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE",)}
    env.update(
        PYTHONPATH=str(source),
        XDG_CACHE_HOME=str(cache),
        PYTHONPYCACHEPREFIX=str(cache / "pycache" / source.parent.name),
        PYTHONHASHSEED="0",
    )
    env.pop("ASSAY_NO_CACHE", None)
    return env


def run_once(workspace: Path, record: Path, env: dict[str, str], *, touch: bool = True) -> float:
    """One ``assay check ONE.md``; its wall time in seconds (the record edited first)."""
    if touch:
        with record.open("a", encoding="utf-8") as out:
            out.write("\n")
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", ENTRY, "check", str(record.relative_to(workspace))],
        cwd=workspace, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        check=False,
    )  # fmt: skip
    return time.perf_counter() - start


def floor_once() -> float:
    """The floor issue 27 measures against: ``python -c "import lark"``, its wall time."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import lark"], check=True)
    return time.perf_counter() - start


def instructions(workspace: Path, record: Path, env: dict[str, str]) -> int | None:
    """Instructions of one run under callgrind; None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    with record.open("a", encoding="utf-8") as out:
        out.write("\n")
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", ENTRY, "check", str(record.relative_to(workspace))],
        cwd=workspace, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    found = re.search(r"Collected : (\d+)", result.stderr)
    return int(found.group(1)) if found else None


def split(workspace: Path, record: Path, env: dict[str, str]) -> dict[str, int] | None:
    """Instructions of the interpreter's start and of the run's imports; None without
    valgrind."""
    if shutil.which("valgrind") is None:
        return None
    listing = (
        "import sys; from assay.cli import main; main(['check', sys.argv[1]]); "
        "print(' '.join(sorted(m for m in sys.modules if '.' not in m or m.startswith('assay'))))"
    )
    names = subprocess.run(
        [sys.executable, "-c", listing, str(record.relative_to(workspace))],
        cwd=workspace, env=env, capture_output=True, text=True, check=True,
    ).stdout.splitlines()[-1].split()  # fmt: skip
    importable = [n for n in names if not n.startswith(("_", "__main__"))]
    found = {}
    # Each ends as `assay` does, without the interpreter's teardown (`cli.end`).
    end = "import os; os._exit(0)"
    for label, code in (("start", end), ("imports", f"import {', '.join(importable)}; {end}")):
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
             sys.executable, "-c", code],
            cwd=workspace, env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        count = re.search(r"Collected : (\d+)", result.stderr)
        if count is None:
            return None
        found[label] = int(count.group(1))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", default="HEAD", help="the revision to compare with")
    parser.add_argument("--count", type=int, default=10_000, help="records in the workspace")
    parser.add_argument("--runs", type=int, default=15, help="runs of each version")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    args = parser.parse_args(argv)
    corpus, _ = ensure_corpus(args.count, DEFAULT_SEED)
    with tempfile.TemporaryDirectory(prefix="assay-single-") as scratch_name:
        scratch = Path(scratch_name)
        workspace = scratch / "workspace"
        make_workspace(corpus, workspace)
        record = single_file(workspace)
        before = scratch / "before"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(before), args.against],
                       cwd=REPO, env=git_env(), check=True)  # fmt: skip
        try:
            versions = {
                # Each its own caches: two versions may stamp files differently.
                f"{args.against} (before)": environment(scratch / "before-cache", before / "src"),
                "working tree (after)": environment(scratch / "after-cache", REPO / "src"),
            }
            for env in versions.values():  # fill the caches, compile the bytecode
                run_once(workspace, record, env, touch=False)
                run_once(workspace, record, env)
            times: dict[str, list[float]] = {name: [] for name in versions}
            floors: list[float] = []
            for k in range(args.runs):
                order = list(versions.items())
                for name, env in order if k % 2 else reversed(order):
                    times[name].append(run_once(workspace, record, env))
                floors.append(floor_once())
            counts = {
                name: instructions(workspace, record, env) if args.instructions else None
                for name, env in versions.items()
            }
            after_env = versions["working tree (after)"]
            parts = split(workspace, record, after_env) if args.instructions else None
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)],
                           cwd=REPO, env=git_env(), check=False)  # fmt: skip
    print(f"assay check {record.relative_to(workspace)}, warm, in {args.count:,} records; "
          f"{args.runs} runs each, alternating")  # fmt: skip
    for name, values in times.items():
        line = (f"  {name}: median {1000 * statistics.median(values):.0f} ms, "
                f"min {1000 * min(values):.0f} ms, max {1000 * max(values):.0f} ms")  # fmt: skip
        if counts[name] is not None:
            line += f", {counts[name] / 1e9:.3f} G instructions"
        print(line)
    after, before_ = (times[name] for name in reversed(list(times)))
    ratios = [a / b for a, b in zip(after, before_, strict=True)]
    print(f"  after / before, paired: median {statistics.median(ratios):.3f} "
          f"[{min(ratios):.3f}..{max(ratios):.3f}]")  # fmt: skip
    floor = statistics.median(floors)
    print(f"  floor, python -c 'import lark': median {1000 * floor:.0f} ms; working tree / "
          f"floor {statistics.median(after) / floor:.2f}x (target 1.3x)")  # fmt: skip
    whole = counts["working tree (after)"]
    if parts is not None and whole is not None:
        start, imports = parts["start"], parts["imports"] - parts["start"]
        work = whole - start - imports
        print(f"  working tree, where the instructions go: start {start / 1e6:.0f} M, "
              f"imports {imports / 1e6:.0f} M, work {work / 1e6:.0f} M")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
