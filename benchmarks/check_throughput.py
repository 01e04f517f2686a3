"""Throughput of ``assay check`` on a generated workspace, next to markdown-it-py and pymarkdown.

    .venv/bin/python benchmarks/check_throughput.py [--count 10000] [--seed 20261130]
        [--repeat 3] [--single-runs 3] [--skip-pymarkdown] [--json FILE] [--keep]

The corpus of ``corpus.py`` (cached in ``benchmarks/.corpus/``) is copied into a fresh
temporary git repository (``git add`` of every record, as in a real checkout), which is
the workspace. Then, in the same run:

(a) ``assay check`` over the whole workspace, one process, whole-process wall time
    (interpreter start-up, discovery, reading, parsing, every check and the text report
    included), CPU time and peak RSS; ``--repeat`` rounds;
(b) markdown-it-py's parse alone of the same files (``parse_worker.py markdown-it``:
    ``MarkdownIt("commonmark").parse`` per file, tokens only; reading and decoding are
    timed apart and not counted), in the same rounds, the order alternating with (a);
(c) ``pymarkdown scan`` (pymarkdownlnt, default rules) of the same files, once;
(d) a single-file pre-commit-style run, ``assay check docs/adr/…/0001-….md`` in the
    same workspace, wall time from process start, ``--single-runs`` times, next to
    ``assay --version`` (the start-up floor).

Every measured command is started under GNU ``time`` when ``/usr/bin/time`` exists,
which forks the command and reports that process's own peak RSS; without it the RSS
column carries this script's resident size as a floor and says so.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path
from typing import Any

try:  # imported as benchmarks.check_throughput
    from .corpus import DEFAULT_SEED
    from .parse_throughput import ensure_corpus
except ImportError:  # run as a script
    from corpus import DEFAULT_SEED
    from parse_throughput import ensure_corpus

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PARSE_WORKER = HERE / "parse_worker.py"
BIN = Path(sys.executable).parent
GNU_TIME = Path("/usr/bin/time")
MIB = 1024 * 1024

#: The targets of the issue, checked at the end of the report.
TARGET_DOCS_PER_S = 1500
TARGET_RATIO = 1.5
TARGET_SINGLE_MS = 300

_SUMMARY = re.compile(
    r"^(\d[\d,]*) errors?, (\d[\d,]*) warnings?, (\d[\d,]*) infos? in "
    r"(\d[\d,]*) files?",
    re.MULTILINE,
)

Result = dict[str, Any]


# -- running one command -----------------------------------------------------------------------


def timed(argv: list[str], cwd: Path, stdout: Path, env: dict[str, str] | None = None) -> Result:
    """Run ``argv`` once in ``cwd``, stdout to a file; wall s, CPU s, peak RSS, exit code.

    Wall time runs from just before the process is started to its exit: interpreter
    start-up included, as a user or pre-commit sees it.
    """
    with tempfile.TemporaryDirectory() as scratch, stdout.open("wb") as out:
        if GNU_TIME.is_file():
            report = Path(scratch) / "time"
            command = [str(GNU_TIME), "-f", "%M %U %S", "-o", str(report), *argv]
            start = time.perf_counter()
            done = subprocess.run(
                command, cwd=cwd, stdout=out, stderr=subprocess.PIPE, env=env, check=False
            )
            wall = time.perf_counter() - start
            fields = report.read_text().split()[-3:]
            rss_kib, cpu = int(fields[0]), float(fields[1]) + float(fields[2])
            code, stderr, rss_note = done.returncode, done.stderr, ""
        else:
            start = time.perf_counter()
            process = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.PIPE, env=env)
            assert process.stderr is not None
            stderr = process.stderr.read()
            _, status, usage = os.wait4(process.pid, 0)
            wall = time.perf_counter() - start
            process.returncode = code = os.waitstatus_to_exitcode(status)
            rss_kib, cpu = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
            rss_note = "no /usr/bin/time: RSS includes this script's resident size as a floor"
    tail = [line for line in stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    return {
        "argv": argv,
        "exit": code,
        "wall_s": wall,
        "cpu_s": cpu,
        "maxrss_mib": rss_kib / 1024,
        "rss_note": rss_note,
        "stderr_tail": tail[-3:],
    }


# -- the workspace ----------------------------------------------------------------------------


def git_env() -> dict[str, str]:
    """Git without the user's or the system's configuration."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")
    return env


def make_workspace(corpus: Path, target: Path) -> Result:
    """Copy the corpus into ``target`` and make it a git repository with every file added."""
    start = time.perf_counter()
    shutil.copytree(corpus, target, ignore=shutil.ignore_patterns("CORPUS.json"))
    files = sorted(target.rglob("*.md"))
    info: Result = {
        "path": str(target),
        "files": len(files),
        "bytes": sum(p.stat().st_size for p in files),
        "git": False,
    }
    if shutil.which("git"):
        env = git_env()
        subprocess.run(["git", "init", "-q", "-b", "main"], cwd=target, env=env, check=True)
        subprocess.run(["git", "add", "-A"], cwd=target, env=env, check=True)
        info["git"] = True
    info["setup_s"] = time.perf_counter() - start
    return info


def single_file(workspace: Path) -> Path:
    """The record a pre-commit-style run is given: the first ``docs/adr/…/NNNN-*.md``."""
    pattern = re.compile(r"^\d{4}-.*\.md$")
    adr = sorted(p for p in (workspace / "docs" / "adr").rglob("*.md") if pattern.match(p.name))
    return adr[0] if adr else min(workspace.rglob("*.md"))


# -- the measurements -------------------------------------------------------------------------


def assay_exe() -> list[str]:
    """The installed console script pre-commit would run, else ``python -m assay``."""
    script = BIN / "assay"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "assay"]


def assay_env(cache: Path, use_cache: bool) -> dict[str, str]:
    """assay's caches (grammar, check cache) in ``cache``, never the user's; the check
    cache off unless ``use_cache``.

    Python's bytecode is kept too, in ``cache`` (``PYTHONPYCACHEPREFIX``, not next to the
    sources), even where ``PYTHONDONTWRITEBYTECODE`` is set: an installed assay starts
    from compiled modules, and compiling some 250 of them again on every run would
    count as start-up what no user pays. The untimed warm-up run compiles them.
    """
    drop = ("ASSAY_NO_CACHE", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["XDG_CACHE_HOME"] = str(cache)
    env["PYTHONPYCACHEPREFIX"] = str(cache / "pycache")
    if not use_cache:
        env["ASSAY_NO_CACHE"] = "1"
    return env


def run_assay(
    workspace: Path, out: Path, env: dict[str, str], *paths: str, jobs: int | None = None
) -> Result:
    """``assay check [PATHS]`` in the workspace; the report's summary line read back.
    ``jobs``: ``--jobs N`` (None: assay's default, one process per core here)."""
    options = ["--jobs", str(jobs)] if jobs is not None else []
    result = timed([*assay_exe(), "check", *options, *paths], workspace, out, env)
    text = out.read_text(encoding="utf-8", errors="replace")
    found = _SUMMARY.findall(text)
    if found:
        errors, warnings, infos, files = (int(x.replace(",", "")) for x in found[-1])
        result.update(errors=errors, warnings=warnings, infos=infos, files=files)
    result["ok"] = result["exit"] in (0, 1) and bool(found)
    return result


def run_markdown_it(workspace: Path, out: Path) -> Result:
    """``parse_worker.py markdown-it WORKSPACE``: its JSON, plus the whole-process figures."""
    result = timed([sys.executable, str(PARSE_WORKER), "markdown-it", str(workspace)], REPO, out)
    try:
        worker = json.loads(out.read_text())
    except ValueError:
        worker = {"available": False, "error": " ".join(result["stderr_tail"]) or "no output"}
    result["worker"] = worker
    result["ok"] = result["exit"] == 0 and bool(worker.get("available"))
    return result


def run_pymarkdown(workspace: Path, out: Path) -> Result:
    """``pymarkdown scan -r`` of the workspace's top-level folders (default rules)."""
    exe = BIN / "pymarkdown"
    if not exe.is_file():
        found = shutil.which("pymarkdown")
        if found is None:
            return {"ok": False, "error": "pymarkdown is not installed (pip install -e '.[bench]')"}
        exe = Path(found)
    folders = sorted(p.name for p in workspace.iterdir() if p.is_dir() and p.name != ".git")
    result = timed([str(exe), "scan", "-r", *folders], workspace, out)
    with out.open("rb") as lines:
        result["findings"] = sum(1 for _ in lines)
    result["ok"] = result["exit"] in (0, 1)
    return result


def _brief(run: Result) -> Result:
    keys = ("wall_s", "cpu_s", "maxrss_mib", "exit", "ok", "errors", "warnings", "infos", "files")
    return {k: run.get(k) for k in keys}


def median_of(runs: list[Result], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def spread(values: list[float], scale: float = 1.0, digits: int = 2) -> str:
    med = statistics.median(values) * scale
    if len(values) == 1:
        return f"{med:.{digits}f}"
    return f"{med:.{digits}f} [{min(values) * scale:.{digits}f}..{max(values) * scale:.{digits}f}]"


def measure(workspace: Path, info: Result, args: argparse.Namespace, scratch: Path) -> Result:
    """All measurements, as one JSON-friendly report."""
    files = info["files"]
    cache = scratch / "cache"
    cold, warm = assay_env(cache, use_cache=False), assay_env(cache, use_cache=True)
    # Untimed: builds Lark's grammar cache and compiles the modules in the fresh cache
    # folder, as any earlier run on the machine would have (a check of a one-record
    # workspace imports all that a check of this one does).
    timed(
        [*assay_exe(), "parse", str(single_file(workspace))],
        workspace,
        scratch / "warm-up.out",
        warm,
    )
    tiny = scratch / "warm-up" / "docs" / "adr"
    tiny.mkdir(parents=True)
    shutil.copy(single_file(workspace), tiny)
    timed([*assay_exe(), "check"], scratch / "warm-up", scratch / "warm-up-check.out", warm)
    rounds: list[dict[str, Result]] = []
    for k in range(args.repeat):
        order = ("assay", "markdown-it") if k % 2 == 0 else ("markdown-it", "assay")
        this: dict[str, Result] = {}
        for tool in order:
            out = scratch / f"{tool}-{k}.out"
            # (a) is one process (`--jobs 1`), as the target says; both cores below.
            this[tool] = (
                run_assay(workspace, out, cold, jobs=1)
                if tool == "assay"
                else run_markdown_it(workspace, out)
            )
            state = f"{this[tool]['wall_s']:.2f} s" if this[tool]["ok"] else "FAILED"
            print(f"  round {k + 1}/{args.repeat}: {tool:<12} {state}", file=sys.stderr)
        rounds.append(this)

    report: Result = {"rounds": rounds}
    assay_runs = [r["assay"] for r in rounds if r["assay"]["ok"]]
    mdit_runs = [r["markdown-it"] for r in rounds if r["markdown-it"]["ok"]]
    if assay_runs:
        wall = median_of(assay_runs, "wall_s")
        report["assay"] = {
            "wall_s": [r["wall_s"] for r in assay_runs],
            "wall_s_median": wall,
            "cpu_s_median": median_of(assay_runs, "cpu_s"),
            "docs_per_s": assay_runs[0].get("files", files) / wall,
            "maxrss_mib": max(r["maxrss_mib"] for r in assay_runs),
            "files": assay_runs[0].get("files"),
            "exit": assay_runs[0]["exit"],
            "findings": {k: assay_runs[0].get(k) for k in ("errors", "warnings", "infos")},
        }
    if mdit_runs:
        parse = [r["worker"]["parse_s"] for r in mdit_runs]
        report["markdown-it"] = {
            "version": mdit_runs[0]["worker"].get("version"),
            "parse_s": parse,
            "parse_s_median": statistics.median(parse),
            "docs_per_s": mdit_runs[0]["worker"]["files"] / statistics.median(parse),
            "wall_s": [r["wall_s"] for r in mdit_runs],
            "wall_s_median": median_of(mdit_runs, "wall_s"),
            "cpu_s_median": median_of(mdit_runs, "cpu_s"),
            "maxrss_mib": max(r["maxrss_mib"] for r in mdit_runs),
            "files": mdit_runs[0]["worker"]["files"],
        }
    pairs = [
        r["markdown-it"]["worker"]["parse_s"] / r["assay"]["wall_s"]
        for r in rounds
        if r["assay"]["ok"] and r["markdown-it"]["ok"]
    ]
    # Above 1: assay's whole check is faster than markdown-it's parse alone.
    report["speed_ratio_paired"] = statistics.median(pairs) if pairs else None
    failed = [r[t] for r in rounds for t in r if not r[t]["ok"]]
    report["failures"] = [
        {"argv": f.get("argv"), "exit": f.get("exit"), "stderr": f.get("stderr_tail")}
        for f in failed
    ]

    if args.skip_pymarkdown:
        report["pymarkdown"] = {"ok": False, "error": "skipped (--skip-pymarkdown)"}
    else:
        print("  pymarkdown scan (slow: about 40 documents/s) ...", file=sys.stderr)
        py = run_pymarkdown(workspace, scratch / "pymarkdown.out")
        if py["ok"]:
            py["docs_per_s"] = files / py["wall_s"]
            py["version"] = _version("pymarkdownlnt")
        report["pymarkdown"] = py

    both = run_assay(workspace, scratch / "both-cores.out", cold)
    report["both_cores"] = _brief(both)
    sample = single_file(workspace)
    relative = sample.relative_to(workspace).as_posix()
    print(f"  single-file runs: assay check {relative} ...", file=sys.stderr)
    version_runs = [
        timed([*assay_exe(), "--version"], workspace, scratch / "version.out", warm)
        for _ in range(max(args.single_runs, 5))
    ]
    # No check cache: the first run in a fresh clone, or with ASSAY_NO_CACHE=1.
    single_cold = run_assay(workspace, scratch / "single-cold.out", cold, relative)
    # The check cache filled by a whole-workspace run, then unchanged-workspace reruns.
    fill = run_assay(workspace, scratch / "fill.out", warm)
    warm_full = [
        run_assay(workspace, scratch / f"warm-{k}.out", warm) for k in range(args.single_runs)
    ]
    # pre-commit after an edit: the record changes (a blank line appended) before each
    # run, so assay must read it again; every other record comes from the cache.
    single_runs = []
    for k in range(args.single_runs):
        with sample.open("ab") as record:
            record.write(b"\n")
        single_runs.append(run_assay(workspace, scratch / f"single-{k}.out", warm, relative))
    report["single_cold"] = _brief(single_cold)
    report["cache_fill"] = _brief(fill)
    report["warm_full"] = {
        "wall_s": [r["wall_s"] for r in warm_full],
        "wall_s_median": median_of(warm_full, "wall_s"),
        "maxrss_mib": max(r["maxrss_mib"] for r in warm_full),
        "ok": all(r["ok"] for r in warm_full),
        "exit": warm_full[0]["exit"],
    }
    report["single"] = {
        "path": relative,
        "wall_s": [r["wall_s"] for r in single_runs],
        "wall_ms_median": 1000 * median_of(single_runs, "wall_s"),
        "maxrss_mib": max(r["maxrss_mib"] for r in single_runs),
        "exit": single_runs[0]["exit"],
        "ok": all(r["ok"] for r in single_runs),
        "reported": {k: single_runs[0].get(k) for k in ("errors", "warnings", "infos")},
        # A blank line appended changes no finding: the warm report must be the cold one.
        "same_as_cold": all(
            (scratch / f"single-{k}.out").read_bytes() == (scratch / "single-cold.out").read_bytes()
            for k in range(args.single_runs)
        ),
    }
    report["version"] = {
        "wall_s": [r["wall_s"] for r in version_runs],
        "wall_ms_median": 1000 * median_of(version_runs, "wall_s"),
        "maxrss_mib": max(r["maxrss_mib"] for r in version_runs),
    }
    report["rss_note"] = next((r["rss_note"] for r in version_runs if r["rss_note"]), "")
    return report


# -- report -----------------------------------------------------------------------------------


def _version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def print_report(report: Result) -> None:
    """The numbers as a table, then the targets."""
    ws, m = report["workspace"], report["results"]
    env = report["environment"]
    print(
        f"workspace  {ws['files']:,} records, {ws['bytes'] / 1e6:.1f} MB "
        f"({'git repository' if ws['git'] else 'no git'}), corpus {report['corpus']}"
    )
    print(
        f"python     {env['python']}, {env['cpus']} CPUs; assay {env['assay']}, "
        f"markdown-it-py {env['markdown-it-py']}, pymarkdownlnt {env['pymarkdownlnt']}"
    )
    print(
        f"load       1-min load average {env['loadavg'][0]:.2f} before, "
        f"{report['loadavg_after'][0]:.2f} after (above 0.5: other work shared the CPUs)"
    )
    print(
        f"rounds     {report['repeat']} of (a) and (b), alternating; (c) once; "
        f"(a') and warm (d) {report['single_runs']} runs. median [min..max]"
    )
    print(
        "cache      assay's caches in a fresh XDG_CACHE_HOME; (a), (b), cold (d): ASSAY_NO_CACHE=1"
    )
    if m.get("rss_note"):
        print(f"note       {m['rss_note']}")
    print()
    header = (
        f"{'tool / command':<44} {'seconds':>22} {'docs/s':>8} {'cpu s':>7} {'peak RSS':>9}  notes"
    )
    print(header)
    print("-" * len(header))

    def row(
        label: str,
        secs: str,
        docs: float | None,
        cpu: float | None,
        rss: float | None,
        note: str = "",
    ) -> None:
        print(
            f"{label:<44} {secs:>22} {(f'{docs:,.0f}' if docs else '-'):>8} "
            f"{(f'{cpu:.1f}' if cpu is not None else '-'):>7} "
            f"{(f'{rss:.0f} MiB' if rss is not None else '-'):>9}  {note}"
        )

    a = m.get("assay")
    if a:
        f = a["findings"]
        row(
            "(a) assay check --jobs 1, no check cache",
            spread(a["wall_s"]),
            a["docs_per_s"],
            a["cpu_s_median"],
            a["maxrss_mib"],
            f"whole process; exit {a['exit']}: {f['errors']} errors, {f['warnings']} warnings,"
            f" {f['infos']} infos in {a['files']:,} files",
        )
    else:
        row("(a) assay check (whole workspace)", "FAILED", None, None, None)
    d = m.get("markdown-it")
    if d:
        row(
            "(b) markdown-it-py parse loop",
            spread(d["parse_s"]),
            d["docs_per_s"],
            None,
            None,
            "in-process parse only; reading, decoding, start-up excluded",
        )
        row(
            "    markdown-it-py, whole process",
            spread(d["wall_s"]),
            d["files"] / d["wall_s_median"],
            d["cpu_s_median"],
            d["maxrss_mib"],
            "read + decode + parse, all files held in memory",
        )
    else:
        row("(b) markdown-it-py parse loop", "FAILED", None, None, None)
    p = m["pymarkdown"]
    if p["ok"]:
        row(
            "(c) pymarkdown scan -r (default rules)",
            f"{p['wall_s']:.2f}",
            p["docs_per_s"],
            p["cpu_s"],
            p["maxrss_mib"],
            f"whole process, 1 run; exit {p['exit']}, {p['findings']:,} findings",
        )
    else:
        row("(c) pymarkdown scan", "not run", None, None, None, p.get("error", ""))
    s, v = m["single"], m["version"]
    c, fill, w = m["single_cold"], m["cache_fill"], m["warm_full"]
    files = ws["files"]
    b = m["both_cores"]
    row(
        "(a2) assay check, both cores, no cache",
        f"{b['wall_s']:.2f}",
        files / b["wall_s"],
        b["cpu_s"],
        b["maxrss_mib"],
        "the default: one process per core for large workspaces",
    )
    row(
        "(a') assay check, check cache empty",
        f"{fill['wall_s']:.2f}",
        files / fill["wall_s"],
        fill["cpu_s"],
        fill["maxrss_mib"],
        "first run with the cache on: checks everything and writes the cache",
    )
    row(
        "(a') assay check, warm cache, no change",
        spread(w["wall_s"]),
        files / w["wall_s_median"],
        None,
        w["maxrss_mib"],
        "nothing changed since the last run",
    )
    row(
        "(d) assay check ONE.md, no check cache",
        f"{1000 * c['wall_s']:.0f} ms",
        None,
        c["cpu_s"],
        c["maxrss_mib"],
        f"exit {c['exit']}; every record read and parsed",
    )
    same = "the same report as without the cache" if s.get("same_as_cold") else "REPORT DIFFERS"
    row(
        "(d) assay check ONE.md, warm, ONE.md edited",
        spread(s["wall_s"], 1000, 0) + " ms",
        None,
        None,
        s["maxrss_mib"],
        f"exit {s['exit']}; {same}; ONE.md = {s['path']}",
    )
    row(
        "    assay --version (start-up floor)",
        spread(v["wall_s"], 1000, 0) + " ms",
        None,
        None,
        v["maxrss_mib"],
    )
    for failure in m["failures"]:
        print(f"FAILED: {failure}")

    print("\ntargets")
    ratio = m["speed_ratio_paired"]
    checks = [
        (
            f"(a) >= {TARGET_DOCS_PER_S:,} documents/s in one process",
            f"{a['docs_per_s']:,.0f} documents/s" if a else "n/a",
            bool(a) and a["docs_per_s"] >= TARGET_DOCS_PER_S,
        ),
        (
            f"(a) >= {TARGET_RATIO}x markdown-it-py's parse speed (paired)",
            f"{ratio:.2f}x" if ratio is not None else "n/a",
            ratio is not None and ratio >= TARGET_RATIO,
        ),
        (
            f"(d) single-file run < {TARGET_SINGLE_MS} ms, warm cache",
            f"{s['wall_ms_median']:,.0f} ms",
            s["ok"] and s["wall_ms_median"] < TARGET_SINGLE_MS,
        ),
        (
            f"(d) single-file run < {TARGET_SINGLE_MS} ms, no cache",
            f"{1000 * c['wall_s']:,.0f} ms",
            bool(c["ok"]) and 1000 * c["wall_s"] < TARGET_SINGLE_MS,
        ),
    ]
    for label, value, met in checks:
        print(f"  {label:<52} {value:>20}  {'met' if met else 'NOT MET'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="records (default 10000)")
    parser.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"corpus seed (default {DEFAULT_SEED})"
    )
    parser.add_argument("--repeat", type=int, default=3, help="rounds of (a) and (b) (default 3)")
    parser.add_argument(
        "--single-runs", type=int, default=3, help="runs of the single-file check (default 3)"
    )
    parser.add_argument(
        "--skip-pymarkdown",
        action="store_true",
        help="do not run pymarkdown (about 4 minutes at 10,000 records)",
    )
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    parser.add_argument(
        "--keep", action="store_true", help="keep the temporary workspace and the tools' output"
    )
    args = parser.parse_args(argv)
    if args.count < 1 or args.repeat < 1 or args.single_runs < 1:
        parser.error("--count, --repeat and --single-runs must be at least 1")

    corpus, origin = ensure_corpus(args.count, args.seed)
    scratch = Path(tempfile.mkdtemp(prefix="assay-check-bench-"))
    try:
        environment = {
            "python": sys.version.split()[0],
            "cpus": os.cpu_count(),
            "assay": _version("assay"),
            "markdown-it-py": _version("markdown-it-py"),
            "pymarkdownlnt": _version("pymarkdownlnt"),
            "time_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "loadavg": os.getloadavg(),
        }
        workspace = scratch / "workspace"
        info = make_workspace(corpus, workspace)
        print(f"workspace {workspace}: {info['files']:,} records", file=sys.stderr)
        results = measure(workspace, info, args, scratch)
        report = {
            "environment": environment,
            "corpus": f"{corpus.name} ({origin})",
            "workspace": info,
            "repeat": args.repeat,
            "single_runs": args.single_runs,
            "results": results,
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
