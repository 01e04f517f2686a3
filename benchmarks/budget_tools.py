"""What the budgets (``budgets.py``) share: runs by turns, assay and its peers as
commands, and the table's rows."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SOURCE = REPO / "src"
sys.path.insert(0, str(REPO))

from benchmarks.single_file import ENTRY, environment  # noqa: E402

#: markdownlint-cli2, pinned: 0.22.1 is the last release that runs on node 20.
MARKDOWNLINT = "markdownlint-cli2@0.22.1"
NODE = HERE / ".node"  # gitignored; the assay package never needs node
ASSAY = [sys.executable, "-c", ENTRY]


class Failed(RuntimeError):
    """A measured command exited with an error (not a finding)."""


@dataclass
class Row:
    budget: str
    assay: str
    peer: str
    ratio: float | None
    note: str


def assay_env(cache: Path) -> dict[str, str]:
    """assay from this checkout's ``src/``; its caches and bytecode in ``cache``; the
    repository root importable too (the plain MkDocs peer imports ``benchmarks``)."""
    env = environment(cache, SOURCE)
    env["PYTHONPATH"] = os.pathsep.join((str(SOURCE), str(REPO)))
    return env


def wall(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    """Wall seconds of ``argv`` from start to exit, output dropped; exit 0 or 1 (1:
    findings) expected."""
    start = time.perf_counter()
    done = subprocess.run(
        argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
        raise Failed(f"{' '.join(argv[-3:])}: exit {done.returncode} {' '.join(tail)}")
    return took


def alternate(rounds: int, *measures: Callable[[], float]) -> list[list[float]]:
    """Each measure ``rounds`` times by turns (who goes first rotates), after one untimed
    round (bytecode compiled, files in the page cache); each one's times."""
    for measure in measures:
        measure()
    times: list[list[float]] = [[] for _ in measures]
    for k in range(rounds):
        for j in range(len(measures)):
            index = (k + j) % len(measures)
            times[index].append(measures[index]())
    return times


def paired(mine: list[float], theirs: list[float]) -> float:
    """The median of the ratios of runs made in the same round."""
    return statistics.median(a / b for a, b in zip(mine, theirs, strict=True))


def median(values: list[float]) -> float:
    return statistics.median(values)


def markdownlint() -> list[str] | None:
    """The pinned ``markdownlint-cli2``, installed into ``benchmarks/.node/`` on first use;
    None when node, npm or the network is missing."""
    exe = NODE / "node_modules" / ".bin" / "markdownlint-cli2"
    if exe.is_file() and shutil.which("node"):
        return [str(exe)]
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        return None
    argv = [npm, "install", "--prefix", str(NODE), "--save-exact", "--no-audit", "--no-fund"]
    try:
        done = subprocess.run([*argv, MARKDOWNLINT], capture_output=True, timeout=600, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return [str(exe)] if done.returncode == 0 and exe.is_file() else None


def touched(record: Path, measure: Callable[[], float]) -> Callable[[], float]:
    """``measure`` after a blank line is appended to ``record``, as a staged edit."""

    def run() -> float:
        with record.open("a", encoding="utf-8") as handle:
            handle.write("\n")
        return measure()

    return run


def seconds(value: float) -> str:
    return f"{1000 * value:.0f} ms" if value < 1 else f"{value:.2f} s"


def print_table(rows: list[Row]) -> None:
    header = ("budget", "assay", "peer", "ratio (assay/peer)", "floor/goal")
    widths = [max(len(header[0]), *(len(r.budget) for r in rows)), 10, 24, 18]
    print(" | ".join(h.ljust(w) for h, w in zip(header, [*widths, 0], strict=True)).rstrip())
    print("-|-".join("-" * w for w in [*widths, 10]))
    for r in rows:
        ratio = f"{r.ratio:.2f}" if r.ratio is not None else "-"
        cells = (r.budget, r.assay, r.peer, ratio, r.note)
        print(" | ".join(c.ljust(w) for c, w in zip(cells, [*widths, 0], strict=True)).rstrip())
