"""The budgets users feel, each beside its peer measured in the same run, by turns.

    python benchmarks/budgets.py [--quick]

1. ``assay check ONE.md`` warm (a new process after a full check, ONE.md edited before
   each run) in 1,000 and 10,000 records; peer ``markdownlint-cli2 ONE.md``; floor
   ``python -c "import lark"``.
2. ``assay check --no-cache --jobs 2`` of 10,000 records; peer ``markdownlint-cli2`` of
   the same files.
3. ``assay publish --no-cache`` of 1,000 records; peer a plain ``mkdocs build`` of the
   same pages (``publish.py``).
4. An edit's diagnostics from ``assay lsp`` at 10,000 records (``lsp_latency.py``); peer
   the warm one-file run of the same record.
5. ``assay check --no-cache`` of one hostile record of about 300 KB (``hostile.py``)
   alone, per MB; peer markdown-it-py's parse of the same bytes per MB.
6. The JSON and SARIF reports of 10,000 records with five broken links each
   (``large_report.py``), rendered in process; peer ``json.dumps(indent=2)`` of the
   same values.

``--quick``: smaller workspaces and fewer runs, a smoke run. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import hostile, large_report, lsp_latency, publish
from benchmarks.budget_tools import (
    ASSAY,
    MARKDOWNLINT,
    REPO,
    Failed,
    Row,
    alternate,
    assay_env,
    markdownlint,
    median,
    paired,
    print_table,
    seconds,
    wall,
)
from benchmarks.check_throughput import make_workspace, single_file
from benchmarks.corpus import DEFAULT_SEED
from benchmarks.parse_throughput import ensure_corpus
from benchmarks.single_file import floor_once, run_once

#: The plain MkDocs build of ``publish.py``, in a process of its own as assay's is.
PLAIN = (
    "import logging, sys; from pathlib import Path; from benchmarks.publish import plain_build;"
    " logging.getLogger('mkdocs').setLevel(logging.ERROR);"
    " plain_build(Path(sys.argv[1]), Path(sys.argv[2]))"
)
Env = dict[str, str]


@dataclass(frozen=True)
class Plan:
    small: int  # records, budget 1
    large: int  # records, budgets 1, 2 and 4
    pages: int  # records published, budget 3
    rounds: int  # paired runs of the fast budgets (1 and 5)
    slow_rounds: int  # of the slow ones: a cold check, a publish, an LSP session
    edits: int  # per LSP session
    record_bytes: int  # budget 5


FULL = Plan(1_000, 10_000, 1_000, rounds=11, slow_rounds=3, edits=10, record_bytes=300_000)
QUICK = Plan(100, 1_000, 100, rounds=3, slow_rounds=1, edits=5, record_bytes=60_000)


def row(label: str, mine: list[float], peer: list[float] | None, name: str, note: str) -> Row:
    """A budget's row: medians, and the median of the ratios of runs made by turns."""
    if peer is None:
        return Row(label, seconds(median(mine)), "peer unavailable", None, note)
    return Row(
        label, seconds(median(mine)), f"{seconds(median(peer))} {name}", paired(mine, peer), note
    )


def guarded(label: str, budget: Callable[[], Row]) -> Row:
    """The budget's row, or a row saying why it failed."""
    print(f"  {label} ...", file=sys.stderr, flush=True)
    try:
        result = budget()
    except Exception as error:  # a failure is a row: the other budgets still run
        result = Row(label, "FAILED", "-", None, f"{type(error).__name__}: {error}"[:120])
    print(f"  {result}", file=sys.stderr, flush=True)
    return result


def workspace(count: int, scratch: Path, env: Env) -> Path:
    """A git workspace of ``count`` generated records, its check cache filled."""
    corpus, _ = ensure_corpus(count, DEFAULT_SEED)
    target = scratch / f"records-{count}"
    make_workspace(corpus, target)
    wall([*ASSAY, "check"], target, env)
    return target


def one_file(ws: Path, count: int, env: Env, lint: list[str] | None, rounds: int) -> Row:
    record = single_file(ws)
    measures = [lambda: run_once(ws, record, env), floor_once]
    if lint:
        measures.append(lambda: wall([*lint, str(record.relative_to(ws))], ws))
    times = alternate(rounds, *measures)
    floor = f"floor {seconds(median(times[1]))} (import lark)"
    note = f"{floor}; assay/floor {paired(times[0], times[1]):.2f}"
    peer = times[2] if lint else None
    return row(f"1. warm one-file run, {count:,} records", times[0], peer, "markdownlint", note)


def cold_check(ws: Path, count: int, env: Env, lint: list[str] | None, rounds: int) -> Row:
    measures = [lambda: wall([*ASSAY, "check", "--no-cache", "--jobs", "2"], ws, env)]
    if lint:
        measures.append(lambda: wall([*lint, "**/*.md"], ws))
    times = alternate(rounds, *measures)
    note = f"{count / median(times[0]):,.0f} records/s"
    peer = times[1] if lint else None
    return row(f"2. cold check, {count:,} records, 2 jobs", times[0], peer, "markdownlint", note)


def publish_budget(count: int, scratch: Path, env: Env, rounds: int) -> Row:
    base = scratch / "publish"
    root, site, plain_site = base / "ws", base / "site", base / "plain-site"
    publish.workspace(root, count)
    command = [*ASSAY, "publish", "--no-cache", "--no-progress", "--out", str(site)]

    def mine() -> float:
        shutil.rmtree(site, ignore_errors=True)
        took = wall(command, root, env)
        if not (site / "index.html").is_file():
            raise Failed("assay publish built no site")
        return took

    def plain() -> float:
        for folder in (base / "plain-docs", plain_site):  # plain_build copies the pages here
            shutil.rmtree(folder, ignore_errors=True)
        return wall([sys.executable, "-c", PLAIN, str(root), str(plain_site)], root, env)

    times = alternate(rounds, mine, plain)
    return row(f"3. publish, {count:,} records", times[0], times[1], "mkdocs build", "")


def lsp_budget(ws: Path, count: int, env: Env, sessions: int, edits: int) -> Row:
    """Each session a new server (its first check reads the workspace), then the peer."""
    record, saved, rounds = single_file(ws), dict(os.environ), []
    os.environ.update(env)  # the server is started with this process's environment
    try:
        for _ in range(sessions):
            first, times = asyncio.run(lsp_latency.edits(ws, record, edits))
            rounds.append((first, times, lsp_latency.peer(ws, record, env)))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    mine = [t for _, times, _ in rounds for t in times]
    peer = [t for _, _, cli in rounds for t in cli]
    note = f"first diagnostics {seconds(median([first for first, _, _ in rounds]))}"
    # The peer runs after each session, not between edits: the ratio of each session's medians.
    ratio = median([median(times) / median(cli) for _, times, cli in rounds])
    peer_cell = f"{seconds(median(peer))} one-file run"
    return Row(f"4. LSP edit, {count:,} records", seconds(median(mine)), peer_cell, ratio, note)


def record_budget(size: int, scratch: Path, env: Env, rounds: int) -> list[Row]:
    from markdown_it import MarkdownIt

    # gfm-like without linkify (not installed); past 20 levels of nesting (the preset's
    # maxNesting) markdown-it stops parsing, and would skip most of the deep shapes.
    parser = MarkdownIt("commonmark", {"maxNesting": 100}).enable(["table", "strikethrough"])
    folder = hostile.ensure_records(size)
    base = scratch / "hostile" / "baseline"
    make_workspace(folder / "baseline", base)
    rows = []
    for shape in hostile.SHAPES:
        ws = scratch / "hostile" / hostile.slug(shape)
        make_workspace(folder / hostile.slug(shape), ws)
        budget = partial(shape_row, shape, ws, base, env, parser, rounds)
        rows.append(guarded(f"5. one record, {shape}", budget))
    return rows


def shape_row(shape: str, ws: Path, base: Path, env: Env, parser: object, rounds: int) -> Row:
    """assay's check of the record less that of a 3 KB one (start-up, discovery), per MB
    of the difference; markdown-it-py's parse of the record per MB."""
    data, small = (next((w / "docs" / "adr").glob("*.md")).read_bytes() for w in (ws, base))
    text, check = data.decode("utf-8"), [*ASSAY, "check", "--no-cache"]

    def parse() -> float:
        start = time.perf_counter()
        parser.parse(text)  # type: ignore[attr-defined]
        return time.perf_counter() - start

    whole, floor, parses = alternate(
        rounds, lambda: wall(check, ws, env), lambda: wall(check, base, env), parse
    )
    extra = (len(data) - len(small)) / 1e6
    mine = [(a - b) / extra for a, b in zip(whole, floor, strict=True)]
    theirs = [t / (len(data) / 1e6) for t in parses]
    met = "met" if median(mine) <= 1 else "NOT MET"
    return Row(
        f"5. one record, {shape}",
        f"{median(mine):.2f} s/MB",
        f"{median(theirs):.2f} s/MB markdown-it-py",
        paired(mine, theirs),
        f"goal <= 1 s/MB {met}; whole run {seconds(median(whole))}",
    )


def report_budget(count: int, scratch: Path, env: Env, rounds: int) -> list[Row]:
    label = f"6. large report, {count:,} records"
    print(f"  {label} ...", file=sys.stderr, flush=True)
    try:
        root = large_report.workspace(count, 5, scratch / "large-report")
        wall([*ASSAY, "check"], root, env)  # the cache filled: the worker's check is warm
        return large_report.report_rows(root, env, rounds)
    except Exception as error:  # a failure is a row, as in `guarded`
        return [Row(label, "FAILED", "-", None, f"{type(error).__name__}: {error}"[:120])]


def run(plan: Plan, scratch: Path) -> list[Row]:
    env, lint = assay_env(scratch / "cache"), markdownlint()
    small, large = (workspace(n, scratch, env) for n in (plan.small, plan.large))
    rounds, slow, n, big = plan.rounds, plan.slow_rounds, plan.small, plan.large
    rows = [
        guarded(f"1. one-file, {n:,}", lambda: one_file(small, n, env, lint, rounds)),
        guarded(f"1. one-file, {big:,}", lambda: one_file(large, big, env, lint, rounds)),
        guarded(f"2. cold, {big:,}", lambda: cold_check(large, big, env, lint, slow)),
        guarded("3. publish", lambda: publish_budget(plan.pages, scratch, env, slow)),
        guarded("4. LSP", lambda: lsp_budget(large, big, env, slow, plan.edits)),
    ]
    rows += record_budget(plan.record_bytes, scratch, env, plan.rounds)
    return rows + report_budget(big, scratch, env, slow)


def versions(lint: bool) -> str:
    names = ("markdown-it-py", "mkdocs", "pygls")
    found = [f"{n} {metadata.version(n)}" for n in names]
    return ", ".join([*found, MARKDOWNLINT if lint else "markdownlint-cli2 unavailable"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, few runs: a smoke run")
    plan = QUICK if parser.parse_args(argv).quick else FULL
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
    )
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="assay-budgets-") as scratch:
        rows = run(plan, Path(scratch))
    print(
        f"commit {commit.stdout.strip()}, python {sys.version.split()[0]}, {os.cpu_count()} CPUs,"
        f" load {load:.2f} before, {os.getloadavg()[0]:.2f} after"
    )
    print(versions(markdownlint() is not None))
    print(f"{plan.rounds} paired runs (budgets 1, 5), {plan.slow_rounds} (2, 3, 4); medians\n")
    print_table(rows)
    shapes = [r for r in rows if r.budget.startswith("5.") and r.ratio is not None]
    if shapes:
        worst = max(shapes, key=lambda r: float(r.assay.split()[0]))
        print(f"\nslowest record shape: {worst.budget.split(', ', 1)[1]}, {worst.assay}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
