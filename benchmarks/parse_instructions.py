"""Instructions per document, assay next to markdown-it-py, counted by callgrind.

    .venv/bin/python benchmarks/parse_instructions.py [--n 300] [--count 10000] [--seed S]

Wall-clock ratios swing with the load of a shared machine; counts of executed
instructions do not.  Each tool runs ``parse_worker.py`` under
``valgrind --tool=callgrind`` twice: over the corpus's first document alone, and over
its first ``n + 1`` documents.  The difference divided by ``n`` is the tool's cost per
document: interpreter start-up, imports and the warm-up call cancel out.  The documents
are the first ones (in path order) of the same corpus ``parse_throughput.py`` uses.

Needs ``valgrind`` on the PATH (Debian: ``apt-get install valgrind``).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

try:  # imported as benchmarks.parse_instructions
    from .corpus import DEFAULT_SEED
    from .parse_throughput import child_env, ensure_corpus
except ImportError:  # run as a script
    from corpus import DEFAULT_SEED
    from parse_throughput import child_env, ensure_corpus

HERE = Path(__file__).resolve().parent
WORKER = HERE / "parse_worker.py"
SOURCE = HERE.parent / "src"
_COLLECTED = re.compile(r"Collected : (\d+)")


def copy_first(corpus: Path, count: int, target: Path) -> Path:
    """The first ``count`` records of the corpus (in the worker's order), copied."""
    for path in sorted(corpus.rglob("*.md"))[:count]:
        destination = target / path.relative_to(corpus)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, destination)
    return target


def instructions(tool: str, folder: Path) -> int:
    """Instructions callgrind counts for one worker run over ``folder``."""
    argv = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        str(WORKER),
        tool,
        str(folder),
    ]
    # No cache: whatever a tool does once (Lark building the spec grammar's tables,
    # say) must happen in both runs, or the difference would charge it to the documents.
    # A fixed hash seed: string hashing otherwise moves the count by several percent.
    env = {**child_env(SOURCE), "ASSAY_NO_CACHE": "1", "PYTHONHASHSEED": "0"}
    done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{tool}: the run under callgrind failed\n{done.stderr[-2000:]}")
    return int(found.group(1))


def options(argv: list[str] | None, doc: str) -> argparse.Namespace:
    """``--n``, ``--count`` and ``--seed``, shared with ``check_instructions.py``."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=300, help="documents counted (default 300)")
    parser.add_argument(
        "--count",
        type=int,
        default=10_000,
        help="size of the corpus they come from (default 10000)",
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = options(argv, __doc__)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    corpus, how = ensure_corpus(args.count, args.seed)
    print(f"corpus: {corpus} ({how}); counting {args.n} documents")
    per_document: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="assay-instructions-") as scratch:
        one = copy_first(corpus, 1, Path(scratch) / "one")
        many = copy_first(corpus, args.n + 1, Path(scratch) / "many")
        for tool in ("assay", "markdown-it"):
            base, total = instructions(tool, one), instructions(tool, many)
            per_document[tool] = (total - base) / args.n
            print(f"{tool:12s} {per_document[tool] / 1e6:7.2f} M instructions per document")
    ratio = per_document["markdown-it"] / per_document["assay"]
    print(f"markdown-it-py / assay: {ratio:.2f} (assay does {ratio:.2f}x less work per document)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
