"""A large report: ``--format json`` and ``--format sarif`` of 10,000 records with about
five findings each, assay's writer next to ``json.dumps(indent=2)``.

    .venv/bin/python benchmarks/large_report.py [--count 10000] [--links 5] [--rounds 5]

The workspace is ``check_throughput.py``'s corpus with ``--links`` broken links added
to every record (an LNK001 finding each: 51,018 findings at 10,000 records). A
process of its own checks it (the cache warm) and renders each format ``--rounds``
times, by turns with its peer: ``json.dumps(value, indent=2, ensure_ascii=False)``
then ``escape_json``, as the reports were written before ``cli/formats/json_text.py``,
of ``json.loads`` of assay's text (the same value, so the same bytes: checked). The
peer leaves out building that value from the findings, which the old code did too,
so it is the least ``json.dumps`` would cost. Printed: CPU seconds of each and the
median of their paired ratios, and the cold check (``--no-cache --jobs 2``, whole
process) the report is written at the end of.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks.budget_tools import ASSAY, Row, assay_env, median, paired, seconds, wall  # noqa: E402
from benchmarks.check_throughput import git_env, make_workspace  # noqa: E402
from benchmarks.corpus import DEFAULT_SEED  # noqa: E402
from benchmarks.parse_throughput import ensure_corpus  # noqa: E402

FORMATS = ("json", "sarif")

#: Run in the measured process (assay from the checkout's ``src/``): the check, then
#: each format and its peer by turns; their CPU seconds as JSON on the last line.
WORKER = """
import json, sys, time
from pathlib import Path
from assay import __version__
from assay.api import check
from assay.cli.formats import FORMATTERS
from assay.cli.names import escape_json
from assay.cli.source_text import source_reader

rounds, root = int(sys.argv[1]), Path.cwd()
result = check(root)
found = len(result.diagnostics) + len(result.suppressed)
times = {}
for name in sys.argv[2:]:
    mine, peer = [], []
    for k in range(rounds + 1):  # the first round untimed
        for turn in ((0, 1) if k % 2 else (1, 0)):
            start = time.process_time()
            if turn == 0:
                text = FORMATTERS[name](
                    result, version=__version__, source=source_reader(root), color=False
                )
            else:
                value = json.loads(text) if k else None
                start = time.process_time()
                again = escape_json(json.dumps(value, indent=2, ensure_ascii=False)) + "\\n"
            took = time.process_time() - start
            if k:
                (mine if turn == 0 else peer).append(took)
        if k and again != text:
            raise SystemExit(f"{name}: json.dumps wrote other bytes")
    times[name] = {"mine": mine, "peer": peer, "megabytes": len(text.encode("utf-8")) / 1e6}
print(json.dumps({"findings": found, "times": times}))
"""


def workspace(count: int, links: int, target: Path) -> Path:
    """The corpus in a git repository, ``links`` broken links added to every record."""
    corpus, _ = ensure_corpus(count, DEFAULT_SEED)
    make_workspace(corpus, target)
    broken = "".join(f"See [gone {k}](missing-{k}.md).\n" for k in range(links))
    for path in target.rglob("*.md"):
        if ".git" not in path.parts:
            with path.open("a", encoding="utf-8") as out:
                out.write("\n" + broken)
    subprocess.run(["git", "add", "-A"], cwd=target, env=git_env(), check=True)
    return target


def report_rows(root: Path, env: dict[str, str], rounds: int) -> list[Row]:
    """One row per format: the writer's CPU seconds against ``json.dumps``'s, and the
    cold check's wall time (in the first row's note)."""
    cold = wall([*ASSAY, "check", "--no-cache", "--jobs", "2", "--format", "sarif"], root, env)
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(rounds), *FORMATS],
        cwd=root, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    measured = json.loads(done.stdout.splitlines()[-1])
    rows = []
    for name, times in measured["times"].items():
        note = f"{times['megabytes']:.1f} MB"
        if not rows:
            note += f"; {measured['findings']:,} findings; cold check {seconds(cold)}"
        rows.append(
            Row(
                f"6. large report, --format {name}",
                seconds(median(times["mine"])),
                f"{seconds(median(times['peer']))} json.dumps(indent=2)",
                paired(times["mine"], times["peer"]),
                note,
            )
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="records in the workspace")
    parser.add_argument("--links", type=int, default=5, help="broken links added to each")
    parser.add_argument("--rounds", type=int, default=5, help="renders of each, by turns")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="assay-large-report-") as scratch:
        root = workspace(args.count, args.links, Path(scratch) / "workspace")
        env = assay_env(Path(scratch) / "cache")
        wall([*ASSAY, "check"], root, env)  # the cache filled, the bytecode compiled
        rows = report_rows(root, env, args.rounds)
    print(f"{args.count:,} records, {args.links} broken links each; load {os.getloadavg()[0]:.2f}")
    for r in rows:
        ratio = f"{r.ratio:.2f}" if r.ratio is not None else "-"
        print(f"  {r.budget}: {r.assay} against {r.peer}, paired {ratio}; {r.note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
