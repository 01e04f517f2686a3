"""Generate a seeded corpus of realistic Markdown decision records for benchmarks.

    python benchmarks/corpus.py OUT_DIR N [--seed S]

Writes N records of 2 to 4 KiB (median about 3 KB) under OUT_DIR, spread over
``docs/adr``, ``docs/decisions``, ``doc/adr`` and ``docs/architecture/decisions`` (and
sub-folders of them once a folder holds about 250 records), then prints what the tree
contains. The output depends only on N and the seed: no clock, no environment, so two
runs give byte-identical trees. The variations follow ``ADR-FORMATS.md``; see
``benchmarks/README.md`` for the list and the proportions.

From Python::

    from corpus import generate            # with benchmarks/ on sys.path
    paths = generate(Path("out"), 1000)    # or generate(out, n, seed=...)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

try:  # imported as benchmarks.corpus
    from .adrgen import stats as corpus_stats
    from .adrgen.document import render_record
    from .adrgen.plan import Corpus, plan_corpus
except ImportError:  # run as a script, or imported with benchmarks/ on sys.path
    from adrgen import stats as corpus_stats
    from adrgen.document import render_record
    from adrgen.plan import Corpus, plan_corpus

DEFAULT_SEED = 20261130

#: Changes whenever the same (N, seed) would give different bytes, so that cached
#: corpora (``benchmarks/.corpus/``) are regenerated instead of silently reused.
GENERATOR_VERSION = 1


def generate(out_dir: Path, n: int, seed: int = DEFAULT_SEED) -> list[Path]:
    """Write ``n`` records under ``out_dir`` and return their paths, in writing order."""
    return _write(Path(out_dir), plan_corpus(n, seed))


def _write(out_dir: Path, corpus: Corpus) -> list[Path]:
    """Render and write every planned record."""
    paths = []
    for record in corpus.records:
        path = out_dir / record.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(render_record(record, corpus))
        paths.append(path)
    return paths


def plan_report(corpus: Corpus) -> str:
    """How the planned records divide over styles, name schemes and statuses."""
    records = corpus.records
    lines = []
    for title, counts in (
        ("style", Counter(r.style for r in records)),
        ("file names", Counter(r.series.scheme for r in records)),
        ("status", Counter(r.status for r in records)),
    ):
        parts = [
            f"{name} {100 * count / len(records):.1f} %" for name, count in counts.most_common()
        ]
        lines.append(f"{title:<12}  " + ", ".join(parts))
    relations = sum(len(r.supersedes) + len(r.amends) for r in records)
    flagged = Counter(flag for r in records for flag in r.flags)
    lines.append(f"{'relations':<12}  {relations:,} (supersedes or amends)")
    lines.append(f"{'flags':<12}  " + ", ".join(f"{k} {v:,}" for k, v in sorted(flagged.items())))
    return "\n".join(lines)


def self_check(n: int, seed: int) -> list[str]:
    """Generate twice into fresh folders; the relative paths whose bytes differ."""
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        a, b = generate(Path(first), n, seed), generate(Path(second), n, seed)
        names_a = [p.relative_to(first).as_posix() for p in a]
        names_b = [p.relative_to(second).as_posix() for p in b]
        if names_a != names_b:
            return sorted(set(names_a) ^ set(names_b)) or ["(file order differs)"]
        return [
            name
            for name, x, y in zip(names_a, a, b, strict=True)
            if x.read_bytes() != y.read_bytes()
        ]


def main(argv: list[str] | None = None) -> int:
    """Command line: generate, then print the corpus statistics."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir", type=Path, help="folder to write into (created if needed)")
    parser.add_argument("n", type=int, help="number of records")
    parser.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})"
    )
    parser.add_argument(
        "--self-check",
        action="store_true",
        help="first generate twice into temporary folders and compare bytes",
    )
    args = parser.parse_args(argv)
    if args.n < 1:
        parser.error("N must be at least 1")
    if args.self_check:
        differ = self_check(args.n, args.seed)
        if differ:
            print(
                f"self-check FAILED: {len(differ)} files differ, e.g. {differ[0]}", file=sys.stderr
            )
            return 1
        print(f"self-check: two runs of {args.n:,} records are byte-identical")
    stray = [p for p in args.out_dir.rglob("*.md")] if args.out_dir.is_dir() else []
    corpus = plan_corpus(args.n, args.seed)
    paths = _write(args.out_dir, corpus)
    if len(stray) > len(set(stray) & set(paths)):
        print(
            f"note: {args.out_dir} already held other .md files; they were left in place",
            file=sys.stderr,
        )
    print(f"wrote {len(paths):,} records to {args.out_dir} (seed {args.seed})\n")
    print(corpus_stats.report(corpus_stats.scan(args.out_dir, paths)))
    print()
    print(plan_report(corpus))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
