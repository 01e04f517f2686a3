"""``assay assemble`` on generated workspaces of 125 to 1,000 declarations: linear?

    .venv/bin/python benchmarks/assemble.py [--declarations 1000] [--files 10000]
        [--repeat 3] [--seed 20261130] [--json FILE] [--keep]

Issue 14's "Speed and memory" paragraph: assembling a task's context must grow with the
declarations, not faster. For each D of 125, 250, 500 and 1,000 (capped at
``--declarations``; files scaled alike, N = ``--files`` * D / ``--declarations``, so the
full ``--files`` at the largest D) a git workspace is generated (``git init``, ``git add
-A``; the bytes depend only on the seed and the sizes, no clock):

- N text files of 2 to 6 KiB under ``guides/gNN/`` (CRLF in 10 %, multi-byte UTF-8 in
  15 %; file ``i`` has the same bytes in every workspace);
- D declarations in four ``context/*.assay`` files (``assay.toml``: ``specs``), each
  with 2 to 6 sources (the first ``primary``, then ``check``, ``provenance`` or
  ``optional``; whole files or line ranges; every ``sha256`` computed while writing)
  and ``when language [lang-K]``, sometimes ``and repository [...]`` or ``and
  task_kind [...]``, so that the task ``language=lang-0 repository=svc-a
  task_kind=feature`` selects exactly one declaration in ten. The budget holds the
  selected declarations' mandatory bytes and half their optional bytes, so some
  optional units are omitted (CTX002), as in real use.

Measured for each D, in the same run: ``assay assemble --where … --budget … --out DIR``
as a whole process (``check_throughput.timed``: wall, CPU, peak RSS) with the spec cache
off (``ASSAY_NO_CACHE=1``: the specs parsed) and warm; ``assay.assemble(...)`` in this
process, CPU time (``time.process_time``), with ``cache=False`` and warm. Printed: the
time per declaration and per-declaration(largest D) / per-declaration(smallest D), about
1 when linear. On the largest workspace also ``assay select`` and ``assay pin`` (every
pin verified), and a cProfile of one in-process ``assay.assemble(cache=False)``: the
functions with the most own time.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import json
import os
import pstats
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

try:  # imported as benchmarks.assemble
    from .check_throughput import assay_env, assay_exe, git_env, spread, timed
    from .corpus import DEFAULT_SEED
except ImportError:  # run as a script
    from check_throughput import assay_env, assay_exe, git_env, spread, timed
    from corpus import DEFAULT_SEED

SIZES = (125, 250, 500, 1000)
LANGUAGES = tuple(f"lang-{k}" for k in range(10))
TASK = {"language": "lang-0", "repository": "svc-a", "task_kind": "feature"}
SPEC_FILES = 4
ROLES = ("check", "provenance", "optional", "optional")
WORDS = (
    "ledger",
    "settlement",
    "outbox",
    "retry",
    "tenant",
    "partition",
    "invariant",
    "rounding",
    "currency",
    "event",
    "consumer",
    "producer",
    "schema",
    "migration",
    "index",
    "cache",
    "budget",
    "review",
    "pin",
    "digest",
    "range",
    "source",
    "bundle",
    "manifest",
    "task",
    "context",
    "selection",
    "declaration",
    "version",
)
UNICODE = (
    "Décision prise après revue — « toujours » idempotent.",
    "Решение: повторять отправку, пока брокер не подтвердит.",
    "決定: 再試行は指数バックオフで行う。",
    "Ο έλεγχος γίνεται πριν από κάθε συγχώνευση · ✅ 🚀",  # noqa: RUF001
)

Result = dict[str, Any]


# -- the workspace ----------------------------------------------------------------------------


def file_bytes(seed: int, index: int) -> bytes:
    """File ``index``: 2 to 6 KiB of lines, the same bytes whatever the workspace."""
    rng = random.Random(f"assemble-file-{seed}-{index}")
    target = rng.randint(2048, 6144)
    crlf, unicode = rng.random() < 0.10, rng.random() < 0.15
    lines, size = [f"# Guide {index:05d}"], 0
    while size < target:
        if unicode and rng.random() < 0.2:
            line = rng.choice(UNICODE)
        else:
            line = " ".join(rng.choices(WORDS, k=rng.randint(4, 14))).capitalize() + "."
        lines.append(line)
        size += len(line.encode("utf-8")) + 1 + crlf
    newline = "\r\n" if crlf else "\n"
    return (newline.join(lines) + newline).encode("utf-8")


def file_path(index: int) -> str:
    return f"guides/g{index // 500:02d}/guide-{index:05d}.md"


def declaration(rng: random.Random, i: int, files: list[tuple[str, bytes, str]]) -> Result:
    """Declaration ``i``: its spec text and, when selected, its units' sizes."""
    when = [f"language [{LANGUAGES[i % len(LANGUAGES)]}]"]
    if i % 3 == 1:
        when.append("repository [svc-a, svc-b]")
    if i % 7 == 2:
        when.append("task_kind [feature, bugfix]")
    lines = [
        f'declaration "context-{i:05d}" version {1 + i % 3} {{',
        "    when " + " and ".join(when),
    ]
    mandatory = optional = 0
    for k in range(rng.randint(2, 6)):
        path, raw, sha = rng.choice(files)
        role = "primary" if k == 0 else rng.choice(ROLES)
        count = raw.count(b"\n")
        if rng.random() < 0.5:
            first = rng.randint(1, max(1, count - 5))
            last = min(count, first + rng.randint(4, 30))
            span = f" lines {first}..{last}"
            size = len(b"".join(raw.splitlines(keepends=True)[first - 1 : last]))
        else:
            span, size = "", len(raw)
        lines.append(f'    {role:<10} "{path}"{span} sha256 "{sha}"')
        if role == "optional":
            optional += size
        else:
            mandatory += size
    if i % 4 == 0:
        lines.append(f'    cue "topic-{i % 17}" covers [{WORDS[i % 20]}, {WORDS[(i + 5) % 20]}]')
    lines.append("}\n")
    selected = i % len(LANGUAGES) == 0
    return {
        "text": "\n".join(lines),
        "mandatory": mandatory if selected else 0,
        "optional": optional if selected else 0,
        "sources": k + 1,
        "selected": selected,
    }


def make_workspace(target: Path, declarations: int, files: int, seed: int) -> Result:
    """The generated workspace: ``files`` files, ``declarations`` declarations, git."""
    start = time.perf_counter()
    written = []
    for index in range(files):
        raw, path = file_bytes(seed, index), file_path(index)
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_bytes(raw)
        written.append((path, raw, hashlib.sha256(raw).hexdigest()))
    rng = random.Random(f"assemble-declarations-{seed}-{declarations}-{files}")
    made = [declaration(rng, i, written) for i in range(declarations)]
    (target / "context").mkdir()
    for part in range(SPEC_FILES):
        text = "\n".join(d["text"] for d in made[part::SPEC_FILES])
        (target / "context" / f"part-{part}.assay").write_text(
            f"# Generated by benchmarks/assemble.py: part {part + 1} of {SPEC_FILES}.\n\n" + text,
            encoding="utf-8",
        )
    (target / "assay.toml").write_text('specs = ["context/*.assay"]\n', encoding="utf-8")
    env = git_env()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=target, env=env, check=True)
    subprocess.run(["git", "add", "-A"], cwd=target, env=env, check=True)
    mandatory = sum(d["mandatory"] for d in made)
    optional = sum(d["optional"] for d in made)
    return {
        "path": str(target),
        "declarations": declarations,
        "files": files,
        "bytes": sum(len(raw) for _, raw, _ in written),
        "sources": sum(d["sources"] for d in made),
        "selected": sum(d["selected"] for d in made),
        # Unmerged sums: merging ranges of one file only shrinks the mandatory part.
        "budget": mandatory + optional // 2,
        "mandatory_unmerged": mandatory,
        "optional_unmerged": optional,
        "setup_s": time.perf_counter() - start,
    }


# -- measuring --------------------------------------------------------------------------------


def where() -> list[str]:
    return [item for key, value in TASK.items() for item in ("--where", f"{key}={value}")]


def run_cli(argv: list[str], ws: Path, out: Path, env: dict[str, str]) -> Result:
    result = timed([*assay_exe(), *argv], ws, out, env)
    if result["exit"] not in (0, 1) or (argv[0] != "pin" and result["exit"] != 0):
        raise SystemExit(f"{' '.join(argv)} failed ({result['exit']}): {result['stderr_tail']}")
    return result


def cli_assemble(ws: Path, info: Result, scratch: Path, env: dict[str, str], k: str) -> Result:
    argv = [
        "assemble",
        *where(),
        "--budget",
        str(info["budget"]),
        "--out",
        str(scratch / f"bundle-{info['declarations']}-{k}"),
    ]
    return run_cli(argv, ws, scratch / f"assemble-{k}.out", env)


def in_process(ws: Path, budget: int, cache: bool) -> tuple[float, Any]:
    import assay

    start = time.process_time()
    bundle = assay.assemble(ws, where=TASK, budget=budget, cache=cache)
    return time.process_time() - start, bundle


def measure_size(ws: Path, info: Result, repeat: int, scratch: Path) -> Result:
    cache = scratch / "cache"
    cold, warm = assay_env(cache, use_cache=False), assay_env(cache, use_cache=True)
    cli_assemble(ws, info, scratch, warm, "warm-up")  # untimed: bytecode, the spec cache
    rows: dict[str, list[Result]] = {"cli_cold": [], "cli_warm": []}
    for k in range(repeat):
        for name, env in (("cli_cold", cold), ("cli_warm", warm)):
            rows[name].append(cli_assemble(ws, info, scratch, env, f"{name}-{k}"))
    _, bundle = in_process(ws, info["budget"], cache=True)  # fills the cache
    if not bundle.ok or bundle.manifest is None:
        raise SystemExit(
            f"D={info['declarations']}: the bundle is not ok: "
            f"{[d.code for d in bundle.diagnostics][:5]}"
        )
    api_cold = [in_process(ws, info["budget"], cache=False)[0] for _ in range(repeat)]
    api_warm = [in_process(ws, info["budget"], cache=True)[0] for _ in range(repeat)]
    d = info["declarations"]
    report: Result = {
        "included": len(bundle.manifest.included),
        "omitted": len(bundle.manifest.omitted),
        "used": bundle.manifest.used,
        "bundle_bytes": len(bundle.text),
        "api_cold_cpu_s": api_cold,
        "api_warm_cpu_s": api_warm,
        "api_cold_per_decl_ms": 1000 * min(api_cold) / d,
        "api_warm_per_decl_ms": 1000 * min(api_warm) / d,
    }
    for name, runs in rows.items():
        report[name] = {
            "wall_s": [r["wall_s"] for r in runs],
            "cpu_s": [r["cpu_s"] for r in runs],
            "maxrss_mib": max(r["maxrss_mib"] for r in runs),
            "per_decl_ms": 1000 * statistics.median(r["wall_s"] for r in runs) / d,
        }
    return report


def measure_largest(ws: Path, info: Result, repeat: int, scratch: Path) -> Result:
    """``assay select`` and ``assay pin`` (warm spec cache), and a profile."""
    warm = assay_env(scratch / "cache", use_cache=True)
    select = [
        run_cli(["select", *where()], ws, scratch / "select.out", warm) for _ in range(repeat)
    ]
    pin = [run_cli(["pin"], ws, scratch / "pin.out", warm) for _ in range(repeat)]
    pin_summary = (scratch / "pin.out").read_text(encoding="utf-8").strip().splitlines()[-1:]
    profiles = {
        name: _profile(ws, info["budget"], cache)
        for name, cache in (("cold", False), ("warm", True))
    }
    return {
        "select": _brief(select),
        "pin": {**_brief(pin), "summary": pin_summary},
        "profiles": profiles,
    }


def _profile(ws: Path, budget: int, cache: bool) -> Result:
    """One ``assay.assemble`` under cProfile: the functions and the packages with the most
    own time (``lark``, ``assay.<package>``, the rest by file)."""
    import assay

    profile = cProfile.Profile()
    profile.runcall(assay.assemble, ws, where=TASK, budget=budget, cache=cache)
    text = io.StringIO()
    stats = pstats.Stats(profile, stream=text)
    stats.sort_stats("tottime").print_stats(15)
    rows = [
        (f"{Path(f).name}:{line}({name})", _package(f), own, cum)
        for (f, line, name), (_, _, own, cum, _) in stats.stats.items()
    ]  # type: ignore[attr-defined]
    rows.sort(key=lambda row: -row[2])
    packages: dict[str, float] = {}
    for _, package, own, _ in rows:
        packages[package] = packages.get(package, 0.0) + own
    return {
        "total_s": sum(row[2] for row in rows),
        "top": [
            {"function": f, "tottime_s": own, "cumtime_s": cum} for f, _, own, cum in rows[:12]
        ],
        "packages": dict(sorted(packages.items(), key=lambda kv: -kv[1])[:10]),
        "text": text.getvalue(),
    }


def _package(filename: str) -> str:
    parts = Path(filename).parts
    if "lark" in parts:
        return "lark"
    if "assay" in parts:
        index = len(parts) - 1 - parts[::-1].index("assay")
        return ".".join(parts[index : index + 3]).removesuffix(".py")
    return "builtins" if filename == "~" else Path(filename).name


def _brief(runs: list[Result]) -> Result:
    return {
        "wall_s": [r["wall_s"] for r in runs],
        "cpu_s": [r["cpu_s"] for r in runs],
        "maxrss_mib": max(r["maxrss_mib"] for r in runs),
        "exit": runs[0]["exit"],
    }


# -- report -----------------------------------------------------------------------------------


def print_report(report: Result) -> None:
    env = report["environment"]
    print(
        f"python {env['python']}, {env['cpus']} CPUs; load average {env['loadavg'][0]:.2f} "
        f"before, {report['loadavg_after'][0]:.2f} after; task {TASK}"
    )
    print()
    header = (
        f"{'D':>5} {'files':>6} {'sel':>4} {'incl':>5} {'omit':>5} "
        f"{'CLI no cache s':>20} {'CLI warm s':>20} {'RSS':>8} "
        f"{'API cold s':>11} {'API warm s':>11}"
    )
    print(header)
    print("-" * len(header))
    for row in report["sizes"]:
        w, m = row["workspace"], row["measured"]
        print(
            f"{w['declarations']:>5,} {w['files']:>6,} {w['selected']:>4} {m['included']:>5} "
            f"{m['omitted']:>5} {spread(m['cli_cold']['wall_s']):>20} "
            f"{spread(m['cli_warm']['wall_s']):>20} "
            f"{m['cli_cold']['maxrss_mib']:>4.0f} MiB "
            f"{min(m['api_cold_cpu_s']):>11.3f} {min(m['api_warm_cpu_s']):>11.3f}"
        )
    print()
    print(
        f"{'ms per declaration':<28} "
        + " ".join(f"{'D=' + str(r['workspace']['declarations']):>8}" for r in report["sizes"])
        + f" {'ratio':>7}"
    )
    for key, label in (
        ("cli_cold", "CLI wall, no spec cache"),
        ("cli_warm", "CLI wall, warm"),
        ("api_cold", "API CPU, cache=False"),
        ("api_warm", "API CPU, warm"),
    ):
        values = [_per_decl(r["measured"], key) for r in report["sizes"]]
        print(
            f"{label:<28} "
            + " ".join(f"{v:>8.2f}" for v in values)
            + f" {report['growth'][key]:>6.2f}x"
        )
    print("ratio: per declaration at the largest D / at the smallest (1 is linear)")
    print(
        "slope, ms per added declaration from the smallest D to the largest: "
        + ", ".join(f"{k} {v:.2f}" for k, v in report["slope_ms"].items())
    )
    big = report["largest"]
    print()
    for name in ("select", "pin"):
        b = big[name]
        print(
            f"assay {name:<7} {spread(b['wall_s']):>20} s wall, CPU {min(b['cpu_s']):.2f} s, "
            f"peak {b['maxrss_mib']:.0f} MiB, exit {b['exit']}"
        )
    print(f"assay pin said: {' '.join(big['pin']['summary'])}")
    for name, profile in big["profiles"].items():
        print(
            f"\ncProfile of one assay.assemble at the largest D, {name} "
            f"({profile['total_s']:.2f} s profiled); own time by package: "
            + ", ".join(f"{k} {v:.2f}" for k, v in list(profile["packages"].items())[:5])
        )
        for entry in profile["top"][:6]:
            print(
                f"  {entry['tottime_s']:>7.3f} s own {entry['cumtime_s']:>7.3f} s cum  "
                f"{entry['function']}"
            )


def _per_decl(measured: Result, key: str) -> float:
    return float(
        measured[f"{key}_per_decl_ms"] if key.startswith("api") else measured[key]["per_decl_ms"]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--declarations", type=int, default=1000, help="the largest D (1000)")
    parser.add_argument("--files", type=int, default=10_000, help="files at the largest D")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement (3)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="generator seed")
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    parser.add_argument("--keep", action="store_true", help="keep the temporary workspaces")
    args = parser.parse_args(argv)
    if args.declarations < 10 or args.files < 10 or args.repeat < 1:
        parser.error("--declarations and --files must be at least 10, --repeat at least 1")
    scratch = Path(tempfile.mkdtemp(prefix="assay-assemble-bench-"))
    os.environ["XDG_CACHE_HOME"] = str(scratch / "cache-in-process")
    try:
        environment = {
            "python": sys.version.split()[0],
            "cpus": os.cpu_count(),
            "time_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "loadavg": os.getloadavg(),
        }
        sizes = sorted({min(d, args.declarations) for d in SIZES} | {args.declarations})
        rows = []
        for d in sizes:
            ws = scratch / f"ws-{d}"
            info = make_workspace(ws, d, max(1, args.files * d // args.declarations), args.seed)
            print(
                f"D={d}: {info['files']:,} files, {info['sources']:,} sources, "
                f"{info['setup_s']:.1f} s to generate",
                file=sys.stderr,
            )
            rows.append(
                {"workspace": info, "measured": measure_size(ws, info, args.repeat, scratch)}
            )
            if d != sizes[-1] and not args.keep:
                shutil.rmtree(ws)
        first, last = rows[0]["measured"], rows[-1]["measured"]
        report = {
            "environment": environment,
            "repeat": args.repeat,
            "task": TASK,
            "sizes": rows,
            "growth": {
                k: _per_decl(last, k) / _per_decl(first, k)
                for k in ("cli_cold", "cli_warm", "api_cold", "api_warm")
            },
            # The fixed part (start-up, the git index) cancelled out: the marginal cost.
            "slope_ms": {
                k: (_per_decl(last, k) * sizes[-1] - _per_decl(first, k) * sizes[0])
                / max(1, sizes[-1] - sizes[0])
                for k in ("cli_cold", "cli_warm", "api_cold", "api_warm")
            },
            "largest": measure_largest(
                scratch / f"ws-{sizes[-1]}", rows[-1]["workspace"], args.repeat, scratch
            ),
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
