"""``python -m tests.soak.fuzz``: fuzz assay's public entry points and report.

    python -m tests.soak.fuzz                       # a short run: 3,000 inputs
    python -m tests.soak.fuzz --inputs 100000 --seed 1 --out /tmp/assay-fuzz
    python -m tests.soak.fuzz --seconds 600         # as many inputs as ten minutes hold
    python -m tests.soak.fuzz --replay /tmp/assay-fuzz/crashes/<case>.case.json

Exit status 1 when a crash was found, else 0 (slow inputs are reported, not failed:
the machine's load decides them as much as assay does).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tests.soak.campaign import (
    HEAVY_KIB,
    IN_PROCESS,
    Report,
    Settings,
    load_case,
    on_alarm,
    run_campaign,
    run_one,
)
from tests.soak.targets import RUNNERS


def format_report(report: Report, settings: Settings) -> str:
    lines = [
        f"assay fuzz: seed {settings.seed}, {report.total} inputs in {report.elapsed:.0f} s "
        f"({report.total / max(report.elapsed, 1e-9):.1f}/s), output in {settings.out}"
        + (" (interrupted)" if report.interrupted else ""),
        "inputs per entry point:",
        *(f"  {target:<15} {report.runs[target]:>8}" for target in RUNNERS if report.runs[target]),
    ]
    lines.append(f"crashes (unique): {len(report.crashes)}")
    for failure in sorted(report.crashes.values(), key=lambda f: f.index):
        lines.append(
            f"  [{failure.target}] {failure.key} x{failure.count} (first at input {failure.index})"
        )
        lines.append(f"      {failure.saved}")
    seconds, size, target, index = report.slowest
    lines.append(f"slow inputs (> 1 s of CPU, <= 1 MB): {len(report.slow)}")
    for slow in report.slow[:20]:
        lines.append(f"  [{slow.target}] {slow.seconds:.2f} s, {slow.size} bytes: {slow.saved}")
    lines.append(f"slowest input: {seconds:.3f} s of CPU, {size} bytes, {target} (input {index})")
    lines.append(
        f"heavy inputs (peak > {HEAVY_KIB // 1024} MiB over the start, <= 1 MB): "
        f"{len(report.heavy)}"
    )
    for heavy in report.heavy[:20]:
        lines.append(f"  [{heavy.target}] {heavy.key}, {heavy.size} bytes: {heavy.saved}")
    rise, size, target, index = report.heaviest
    lines.append(
        f"heaviest input: its peak {rise / 1024:.0f} MiB over the start, {size} bytes, "
        f"{target} (input {index})"
    )
    if report.memory:
        rss = [kib for _i, kib, _peak, _settled in report.memory]
        settled = [kib for _i, _kib, _peak, kib in report.memory]
        lines.append(
            f"memory (RSS, sampled every {settings.sample_every} inputs): "
            f"first {rss[0] / 1024:.0f} MiB, last {rss[-1] / 1024:.0f} MiB, "
            f"peak sample {max(rss) / 1024:.0f} MiB; "
            f"peak RSS (ru_maxrss) {report.memory[-1][2] / 1024:.0f} MiB"
        )
        lines.append(
            f"settled (after a collection and malloc_trim): first {settled[0] / 1024:.0f} MiB, "
            f"last {settled[-1] / 1024:.0f} MiB, largest {max(settled) / 1024:.0f} MiB"
        )
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tests.soak.fuzz",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--inputs", type=int, help="inputs to run (default 3000, or unlimited with --seconds)"
    )
    parser.add_argument("--seconds", type=float, help="stop after this long")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "assay-fuzz")
    parser.add_argument(
        "--subprocess-every",
        type=int,
        default=200,
        help="every Nth input runs `assay` in a real process (0: never)",
    )
    parser.add_argument(
        "--sample-every", type=int, default=250, help="memory sample period, in inputs"
    )
    parser.add_argument(
        "--hang-seconds",
        type=float,
        default=10.0,
        help="an input using this much CPU time (or 4x as much wall time) is a crash",
    )
    parser.add_argument(
        "--target",
        action="append",
        choices=(*IN_PROCESS, "cli-subprocess"),
        help="fuzz only this entry point (repeatable)",
    )
    parser.add_argument(
        "--progress", type=int, default=0, metavar="N", help="a progress line every N inputs"
    )
    parser.add_argument(
        "--replay", type=Path, metavar="CASE", help="run one saved case and print what happens"
    )
    return parser


def _replay(path: Path, scratch: Path, hang_seconds: float) -> int:
    """Run one saved case twice (the first imports what it needs, with a cold cache),
    print the second run's CPU seconds and what happened."""
    case = load_case(path)
    signal.signal(signal.SIGALRM, on_alarm)
    signal.signal(signal.SIGPROF, on_alarm)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache
        run_one(case, scratch, hang_seconds)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache
        began = time.process_time()
        failed = run_one(case, scratch, hang_seconds)
        took = time.process_time() - began
    outcome = "passed" if failed is None else f"{' | '.join(failed[0])}\n{failed[1]}"
    print(f"{took:.2f} s of CPU, {len(case.data)} bytes, {case.target}: {outcome}")
    return 0 if failed is None else 1


def main(argv: Sequence[str] | None = None) -> int:
    options = _parser().parse_args(argv)
    if options.replay is not None:
        return _replay(options.replay, options.out / "replay", options.hang_seconds)
    inputs = options.inputs if options.inputs is not None else (None if options.seconds else 3000)
    settings = Settings(
        seed=options.seed,
        inputs=inputs,
        seconds=options.seconds,
        out=options.out,
        subprocess_every=options.subprocess_every,
        sample_every=options.sample_every,
        hang_seconds=options.hang_seconds,
        targets=tuple(options.target or ()),
        progress_every=options.progress,
    )
    report = run_campaign(settings)
    text = format_report(report, settings)
    print(text)
    (settings.out / "report.txt").write_text(text + "\n")
    memory = "".join("\t".join(map(str, sample)) + "\n" for sample in report.memory)
    header = "input\trss_kib\tmaxrss_kib\tsettled_kib\n"
    (settings.out / "memory.tsv").write_text(header + memory)
    return 1 if report.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
