"""Instructions per document of the whole check, next to markdown-it-py's parse.

    .venv/bin/python benchmarks/check_instructions.py [--n 300] [--count 10000] [--seed S]

``check_throughput.py`` compares seconds, which the machine's load moves by a third
from one run to the next.  This counts executed instructions instead, under
``valgrind --tool=callgrind``: ``assay check --jobs 1`` without the check cache, as
the throughput benchmark's (a) runs it, over a git workspace holding the corpus's
first record, then over one holding its first ``n + 1``; and ``parse_worker.py``'s
markdown-it-py loop over the same two folders.  The difference divided by ``n`` is
each tool's cost per document: start-up, imports, the spec libraries and the first
call cancel out.

The count is the work, not the time: instructions that wait on memory take longer,
and the two tools' instructions need not run at the same speed (see the lab notes
in ``benchmarks/README.md``).  Needs ``valgrind`` (Debian: ``apt-get install
valgrind``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

try:  # imported as benchmarks.check_instructions
    from .parse_instructions import _COLLECTED, WORKER, copy_first, options
    from .parse_throughput import child_env, ensure_corpus
except ImportError:  # run as a script
    from parse_instructions import _COLLECTED, WORKER, copy_first, options
    from parse_throughput import child_env, ensure_corpus

SOURCE = Path(__file__).resolve().parent.parent / "src"


def workspace(corpus: Path, count: int, target: Path) -> Path:
    """The corpus's first ``count`` records in a git repository, every file added."""
    copy_first(corpus, count, target)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")
    for command in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"]):
        subprocess.run(command, cwd=target, env=env, check=True)
    return target


def counted(argv: list[str], cwd: Path, env: dict[str, str]) -> int:
    """Instructions callgrind counts for ``argv`` (run once untimed first)."""
    subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=False)
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        cwd=cwd, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"{argv[1:3]}: the run under callgrind failed\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    args = options(argv, __doc__)
    if shutil.which("valgrind") is None or shutil.which("git") is None:
        print("needs valgrind and git (Debian: apt-get install valgrind git)", file=sys.stderr)
        return 2
    corpus, how = ensure_corpus(args.count, args.seed)
    print(f"corpus: {corpus} ({how}); counting {args.n} documents")
    per_document: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="assay-check-instructions-") as scratch:
        root = Path(scratch)
        env = {**child_env(SOURCE), "XDG_CACHE_HOME": str(root / "cache"),
               "ASSAY_NO_CACHE": "1", "PYTHONHASHSEED": "0"}  # fmt: skip
        one = workspace(corpus, 1, root / "one")
        many = workspace(corpus, args.n + 1, root / "many")
        commands = {
            "assay check": ([sys.executable, "-m", "assay", "check", "--jobs", "1"], None),
            "markdown-it": ([sys.executable, str(WORKER), "markdown-it"], "."),
        }
        for tool, (command, folder) in commands.items():
            counts = [
                counted([*command, *([folder] if folder else [])], where, env)
                for where in (one, many)
            ]
            per_document[tool] = (counts[1] - counts[0]) / args.n
            print(
                f"{tool:12s} {per_document[tool] / 1e6:7.2f} M instructions per document"
                f"  (start-up {counts[0] / 1e9:.2f} G)"
            )
    ratio = per_document["markdown-it"] / per_document["assay check"]
    print(f"markdown-it-py's parse / assay's whole check: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
