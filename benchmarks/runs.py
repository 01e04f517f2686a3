"""``assay check`` on a repository of generated analysis runs, and rendering their reviews.

    .venv/bin/python benchmarks/runs.py [--runs 1000] [--repeat 3] [--json FILE] [--keep]

Issue 13's "Speed" paragraph: check a repository of 1,000 runs and report documents/s
next to the records check; show that rendering 1,000 reviews grows linearly.

1. A git workspace of ``--runs`` runs is generated from the bundled example run
   (``examples/runs/github.com-vectifyai-pageindex/``): run ``i`` has ``source =
   "https://github.com/example/system-{i:04d}.git"``, the boundary's normalized
   ``source.identity``, ``system = "System {i:04d}"`` and the folder ``runs/<slug>``;
   its rounds are kept (they are documents too). The bytes depend only on ``i`` (no
   clock), and one ``assay check`` must find no error in it, or nothing is measured.
2. ``assay check --jobs 1`` without the check cache over that workspace and over a
   workspace of as many generated decision records (``corpus.py``), ``--repeat``
   rounds, the order alternating; whole-process wall time, CPU and peak RSS
   (``check_throughput.timed``). Then the check cache filled and warm runs of the runs
   workspace.
3. Rendering, in this process: for each size n of 125, 250, 500 and 1,000 (capped at
   ``--runs``) a workspace of n runs is generated and opened once, then every run is
   loaded (``load_runs`` scoped to the run, as ``assay render RUN_DIR`` would), its
   review source taken and its review rendered; CPU time (``time.process_time``).
   The same again with all runs loaded by one ``load_runs`` call. Linear when the
   per-review time at the largest n is that at the smallest.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:  # imported as benchmarks.runs
    from .check_throughput import (
        assay_env,
        assay_exe,
        git_env,
        make_workspace,
        run_assay,
        spread,
        timed,
    )
    from .corpus import DEFAULT_SEED
    from .parse_throughput import ensure_corpus
except ImportError:  # run as a script
    from check_throughput import (
        assay_env,
        assay_exe,
        git_env,
        make_workspace,
        run_assay,
        spread,
        timed,
    )
    from corpus import DEFAULT_SEED
    from parse_throughput import ensure_corpus

from assay.engine.runs.identity import normalize_identity, run_slug

HERE = Path(__file__).resolve().parent
TEMPLATE = HERE.parent / "examples" / "runs" / "github.com-vectifyai-pageindex"
TEMPLATE_IDENTITY = "https://github.com/VectifyAI/PageIndex"
TEMPLATE_SOURCE = "https://github.com/VectifyAI/PageIndex.git"
TEMPLATE_SYSTEM = "PageIndex"
RENDER_SIZES = (125, 250, 500, 1000)

Result = dict[str, Any]


# -- the workspace of runs --------------------------------------------------------------------


def template() -> dict[str, str]:
    """The example run's files by their path inside the run (review.md left out: it
    would name the example's system)."""
    return {
        p.relative_to(TEMPLATE).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(TEMPLATE.rglob("*"))
        if p.is_file() and p.name != "review.md"
    }


def run_files(files: dict[str, str], i: int) -> tuple[str, dict[str, str]]:
    """Run ``i``: its folder name and its files, the example's with the identity, the
    source and the system's name replaced (the boundary's identity first, since it
    holds the system's name)."""
    source = f"https://github.com/example/system-{i:04d}.git"
    identity, system = normalize_identity(source), f"System {i:04d}"
    out = {}
    for path, text in files.items():
        text = text.replace(f'source = "{TEMPLATE_SOURCE}"', f'source = "{source}"')
        text = text.replace(f"source.identity: {TEMPLATE_IDENTITY}", f"source.identity: {identity}")
        out[path] = text.replace(TEMPLATE_SYSTEM, system)
    return run_slug(source), out


def make_runs(target: Path, n: int) -> Result:
    """``n`` runs under ``target/runs/``, a git repository with every file added."""
    start = time.perf_counter()
    files = template()
    for i in range(1, n + 1):
        slug, contents = run_files(files, i)
        for relative, text in contents.items():
            path = target / "runs" / slug / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))
    env = git_env()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=target, env=env, check=True)
    subprocess.run(["git", "add", "-A"], cwd=target, env=env, check=True)
    documents = sorted(target.rglob("*.md"))
    return {
        "path": str(target),
        "runs": n,
        "documents": len(documents),
        "files": len(documents) + n,
        "bytes": sum(p.stat().st_size for p in documents),
        "setup_s": time.perf_counter() - start,
    }


# -- assay check: runs against records --------------------------------------------------------


def _summary(runs: list[Result], documents: int) -> Result:
    wall = statistics.median(r["wall_s"] for r in runs)
    first = runs[0]
    return {
        "wall_s": [r["wall_s"] for r in runs],
        "wall_s_median": wall,
        "cpu_s_median": statistics.median(r["cpu_s"] for r in runs),
        "maxrss_mib": max(r["maxrss_mib"] for r in runs),
        "documents": documents,
        "docs_per_s": documents / wall,
        "files": first.get("files"),
        "exit": first["exit"],
        "findings": {k: first.get(k) for k in ("errors", "warnings", "infos")},
    }


def measure_checks(
    runs_ws: Path, records_ws: Path, documents: int, repeat: int, scratch: Path
) -> Result:
    """(a) runs and (b) records, cold, alternating; then the runs workspace warm."""
    cache = scratch / "cache"
    cold, warm = assay_env(cache, use_cache=False), assay_env(cache, use_cache=True)
    # Untimed: compiles the modules and builds Lark's grammar cache in the fresh folder.
    for ws in (runs_ws, records_ws):
        timed([*assay_exe(), "check", "--jobs", "1"], ws, scratch / "warm-up.out", cold)
    measured: dict[str, list[Result]] = {"runs": [], "records": []}
    for k in range(repeat):
        order = ("runs", "records") if k % 2 == 0 else ("records", "runs")
        for name in order:
            ws = runs_ws if name == "runs" else records_ws
            result = run_assay(ws, scratch / f"{name}-{k}.out", cold, jobs=1)
            if not result["ok"]:
                raise SystemExit(f"assay check failed on {name}: {result['stderr_tail']}")
            measured[name].append(result)
            print(f"  round {k + 1}/{repeat}: {name:<8} {result['wall_s']:.2f} s", file=sys.stderr)
    fill = run_assay(runs_ws, scratch / "fill.out", warm, jobs=1)
    warm_runs = [run_assay(runs_ws, scratch / f"warm-{k}.out", warm, jobs=1) for k in range(repeat)]
    report = {name: _summary(results, documents) for name, results in measured.items()}
    pairs = [
        r["wall_s"] / m["wall_s"]
        for r, m in zip(measured["records"], measured["runs"], strict=True)
    ]
    # Above 1: the runs are checked faster per document than the records.
    report["ratio_runs_over_records_paired"] = statistics.median(pairs)
    report["cache_fill"] = {k: fill[k] for k in ("wall_s", "cpu_s", "maxrss_mib", "exit")}
    report["warm"] = _summary(warm_runs, documents)
    return report


# -- rendering --------------------------------------------------------------------------------


def _render_scoped(workspace: Any) -> int:
    """Each run loaded by itself, as ``assay render RUN_DIR`` would, then rendered."""
    from assay.engine.runs.load import load_runs

    done = 0
    for folder in workspace.discovery.runs:
        for run in load_runs(workspace, [folder]):
            done += _render(run)
    return done


def _render_batch(workspace: Any) -> int:
    """All runs loaded by one ``load_runs``, then each rendered."""
    from assay.engine.runs.load import load_runs

    return sum(_render(run) for run in load_runs(workspace))


def _render(run: Any) -> int:
    from assay.engine.runs.review import render_review, review_source

    boundary, overview = run.member("boundary.md"), run.member("overview.md")
    source = review_source(boundary, overview, run.system or "")
    if source is None:
        raise SystemExit(f"{run.folder}: no review source (the generated run is incomplete)")
    review = render_review(source, run.path("review.md"))
    if f"# {run.system}\n" not in review:
        raise SystemExit(f"{run.folder}: the review does not name {run.system}")
    return 1


def _verified_path(root: Path) -> Result | None:
    """``assay.api.verify_runs`` (one check of the workspace, no cache; its default
    processes), then ``assay.api.runs.render_review`` of each verified run, timed
    apart. CPU includes the check's worker processes. None without the run API."""
    try:
        from assay.api.runs import render_review, verify_runs
    except ImportError:
        return None

    gc.collect()
    start, wall = _cpu(), time.perf_counter()
    verifications = verify_runs(root, cache=False)
    checked, checked_wall = _cpu() - start, time.perf_counter() - wall
    start = _cpu()
    reviews = [render_review(v) for v in verifications if v.verified]
    rendered = _cpu() - start
    if len(reviews) != len(verifications):
        raise SystemExit(f"{len(verifications) - len(reviews)} runs not verified")
    return {
        "verify_cpu_s": checked,
        "verify_wall_s": checked_wall,
        "render_cpu_s": rendered,
        "per_review_ms": 1000 * (checked + rendered) / len(reviews),
    }


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _timed_cpu(work: Callable[[], int]) -> tuple[float, int]:
    gc.collect()
    start = time.process_time()
    count = work()
    return time.process_time() - start, count


def measure_rendering(sizes: list[int], scratch: Path, repeat: int) -> list[Result]:
    """Per size: a fresh n-run workspace, opened once; the best of ``repeat`` passes
    of each way of rendering (CPU time: the machine's other work is not counted)."""
    from assay.engine.workspace.config import load_config
    from assay.engine.workspace.loading import open_workspace

    rows = []
    # Untimed: the first run rendered imports the reader's and the review's modules.
    make_runs(scratch / "render-warm-up", 1)
    _render_batch(open_workspace(load_config(scratch / "render-warm-up")))
    for n in sizes:
        root = scratch / f"render-{n}"
        make_runs(root, n)
        start = time.process_time()
        workspace = open_workspace(load_config(root))
        opened = time.process_time() - start
        row: Result = {"n": n, "open_s": opened}
        for name, way in (("scoped", _render_scoped), ("batch", _render_batch)):
            passes = [_timed_cpu(lambda w=way, ws=workspace: w(ws)) for _ in range(repeat)]
            if any(count != n for _, count in passes):
                raise SystemExit(f"rendered {passes[0][1]} reviews of {n}")
            seconds = [s for s, _ in passes]
            row[name] = {
                "cpu_s": seconds,
                "cpu_s_min": min(seconds),
                "per_review_ms": 1000 * min(seconds) / n,
            }
        row["api"] = _verified_path(root)
        print(
            f"  rendering n={n}: scoped {row['scoped']['cpu_s_min']:.2f} s, "
            f"batch {row['batch']['cpu_s_min']:.2f} s",
            file=sys.stderr,
        )
        rows.append(row)
        shutil.rmtree(root, ignore_errors=True)
    return rows


# -- report -----------------------------------------------------------------------------------


def print_report(report: Result) -> None:
    ws, c, env = report["workspace"], report["check"], report["environment"]
    print(
        f"runs       {ws['runs']:,} runs: {ws['documents']:,} Markdown documents "
        f"({ws['documents'] // ws['runs']} a run) + {ws['runs']:,} run.toml, "
        f"{ws['bytes'] / 1e6:.1f} MB; clean: {report['clean']}"
    )
    print(f"records    {report['records_corpus']}, the same number of documents")
    print(
        f"python     {env['python']}, {env['cpus']} CPUs; load average "
        f"{env['loadavg'][0]:.2f} before, {report['loadavg_after'][0]:.2f} after"
    )
    print()
    header = f"{'assay check --jobs 1':<34} {'seconds':>22} {'docs/s':>8} {'cpu s':>7} {'RSS':>9}"
    print(header)
    print("-" * len(header))
    for label, key in (
        ("runs, no cache", "runs"),
        ("records, no cache", "records"),
        ("runs, warm cache, no change", "warm"),
    ):
        s = c[key]
        print(
            f"{label:<34} {spread(s['wall_s']):>22} {s['docs_per_s']:>8,.0f} "
            f"{s['cpu_s_median']:>7.1f} {s['maxrss_mib']:>5.0f} MiB"
        )
    fill = c["cache_fill"]
    print(
        f"{'runs, cache empty (fills it)':<34} {fill['wall_s']:>22.2f} "
        f"{c['runs']['documents'] / fill['wall_s']:>8,.0f} {fill['cpu_s']:>7.1f} "
        f"{fill['maxrss_mib']:>5.0f} MiB"
    )
    print(
        f"\nruns / records, documents/s, paired by round: "
        f"{c['ratio_runs_over_records_paired']:.2f}x (below 1: runs are slower)"
    )
    print()
    header = (
        f"{'rendering n reviews':<20} {'open s':>7} {'scoped s':>9} {'ms/review':>10} "
        f"{'batch s':>8} {'ms/review':>10}"
    )
    print(header)
    print("-" * len(header))
    for row in report["rendering"]:
        s, b = row["scoped"], row["batch"]
        print(
            f"{row['n']:<20,} {row['open_s']:>7.2f} {s['cpu_s_min']:>9.2f} "
            f"{s['per_review_ms']:>10.2f} {b['cpu_s_min']:>8.2f} {b['per_review_ms']:>10.2f}"
        )
    if all(row["api"] for row in report["rendering"]):
        print("\nassay.api: verify_runs (one check, no cache) then render_review of each")
        header = (
            f"{'n runs':<8} {'verify cpu s':>13} {'verify wall s':>14} {'render cpu s':>13} "
            f"{'ms/review, all':>15}"
        )
        print(header)
        print("-" * len(header))
        for row in report["rendering"]:
            a = row["api"]
            print(
                f"{row['n']:<8,} {a['verify_cpu_s']:>13.2f} {a['verify_wall_s']:>14.2f} "
                f"{a['render_cpu_s']:>13.2f} {a['per_review_ms']:>15.2f}"
            )
    growth = report["rendering_growth"]
    print(
        "per review at the largest n / at the smallest: "
        + ", ".join(f"{k} {v:.2f}x" for k, v in growth.items())
        + " (1 is linear)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1000, help="runs (default 1000)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the records' seed")
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    parser.add_argument("--keep", action="store_true", help="keep the temporary workspaces")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.repeat < 1:
        parser.error("--runs and --repeat must be at least 1")

    scratch = Path(tempfile.mkdtemp(prefix="assay-runs-bench-"))
    # The in-process rendering keeps assay's caches here too.
    os.environ["XDG_CACHE_HOME"] = str(scratch / "cache-in-process")
    try:
        environment = {
            "python": sys.version.split()[0],
            "cpus": os.cpu_count(),
            "time_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "loadavg": os.getloadavg(),
        }
        runs_ws = scratch / "runs-workspace"
        info = make_runs(runs_ws, args.runs)
        print(
            f"workspace {runs_ws}: {info['runs']:,} runs, {info['documents']:,} documents",
            file=sys.stderr,
        )
        probe = run_assay(
            runs_ws, scratch / "probe.out", assay_env(scratch / "cache", use_cache=False)
        )
        if not probe["ok"] or probe.get("errors") != 0:
            print((scratch / "probe.out").read_text()[-2000:], file=sys.stderr)
            raise SystemExit("the generated runs do not check clean: nothing measured")
        corpus, origin = ensure_corpus(info["documents"], args.seed)
        records_ws = scratch / "records-workspace"
        make_workspace(corpus, records_ws)
        check = measure_checks(runs_ws, records_ws, info["documents"], args.repeat, scratch)
        sizes = sorted({min(n, args.runs) for n in RENDER_SIZES})
        rendering = measure_rendering(sizes, scratch, args.repeat)
        first, last = rendering[0], rendering[-1]
        report = {
            "environment": environment,
            "workspace": info,
            "repeat": args.repeat,
            "clean": {k: probe.get(k) for k in ("errors", "warnings", "infos", "files")},
            "records_corpus": f"{corpus.name} ({origin})",
            "check": check,
            "rendering": rendering,
            "rendering_growth": {
                k: last[k]["per_review_ms"] / first[k]["per_review_ms"]
                for k in ("scoped", "batch", "api")
                if first.get(k)
            },
            "loadavg_after": os.getloadavg(),
        }
        print_report(report)
        if args.json:
            args.json.write_text(json.dumps(report, indent=2) + "\n")
            print(f"\nwrote {args.json}")
    finally:
        if args.keep:
            print(f"kept {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
