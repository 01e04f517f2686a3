"""A cold ``assay check`` of a very large workspace: issue 27's million records.

    .venv/bin/python benchmarks/million.py [--count 1000000] [--seed 20261130] [--keep DIR]

Generates (or reuses, from ``benchmarks/.corpus/``) the seeded corpus of ``corpus.py``,
copies it into a fresh git repository with every file added, then runs ``assay check``
once over the whole workspace with no check cache, on every core (assay's default), under
GNU ``time``. Prints each stage's time, the check's wall and CPU time, records per second
and peak RSS, against the target of ten minutes on two cores (DESIGN §8).

This is a soak run, not part of CI: at a million records the corpus is about 4 GB on
disk; here the corpus took 33 minutes to generate (once), the copy and ``git add`` 16
and the check 29.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

try:  # imported as benchmarks.million
    from .check_throughput import assay_env, make_workspace, run_assay
    from .corpus import DEFAULT_SEED
    from .parse_throughput import ensure_corpus
except ImportError:  # run as a script
    from check_throughput import assay_env, make_workspace, run_assay
    from corpus import DEFAULT_SEED
    from parse_throughput import ensure_corpus

TARGET_S = 600


def _stage(name: str, start: float) -> None:
    print(f"{name}: {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000, help="records")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="corpus seed")
    parser.add_argument("--keep", type=Path, help="build the workspace here and keep it")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)

    if args.keep is not None and args.keep.exists():
        parser.error(f"--keep {args.keep}: already exists; name a folder that does not")
    start = time.perf_counter()
    corpus, how = ensure_corpus(args.count, args.seed)
    _stage(f"corpus {how}", start)
    with tempfile.TemporaryDirectory(prefix="assay-million-") as scratch:
        root = args.keep or Path(scratch) / "workspace"
        start = time.perf_counter()
        info = make_workspace(corpus, root)
        _stage(f"workspace of {info['files']:,} files, git add", start)
        env = assay_env(Path(scratch) / "cache", use_cache=False)
        result = run_assay(root, Path(scratch) / "check.out", env)
    wall = result["wall_s"]
    figures = {
        "records": info["files"],
        "bytes": info["bytes"],
        "cores": os.cpu_count(),
        "wall_s": round(wall, 1),
        "cpu_s": round(result["cpu_s"], 1),
        "records_per_s": round(info["files"] / wall),
        "maxrss_mib": round(result["maxrss_mib"], 1),
        "exit": result["exit"],
        "ok": result["ok"],
        "load_average": os.getloadavg(),
    }
    print(json.dumps(figures, indent=2))
    verdict = "met" if result["ok"] and wall <= TARGET_S else "not met"
    print(f"cold check {wall / 60:.1f} min against {TARGET_S / 60:.0f} min: {verdict}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
