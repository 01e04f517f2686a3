"""How long `assay publish` takes, and how big its site is, against a plain MkDocs build.

    .venv/bin/python benchmarks/publish.py 1000 10000

For each count, a git workspace of that many generated decision records (every tenth
superseding the one before it) is published with ``assay.site.publish``, first with
the check cache cold, then again with it warm (as a second publish finds it); then the same
record files are built by plain MkDocs (``mkdocs`` theme, a one-entry ``nav``: the
per-page floor of MkDocs) in the same run. Prints both times, both site sizes and the
ratio, in wall time and in CPU time (steadier when others share the machine). A
benchmark, not a test: the figures go to docs/guide/publishing.md.
"""

from __future__ import annotations

import io
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RECORD = """\
# {n}. Decide thing {n}

Date: {date}

## Status

{status}

## Context

Thing {n} needs a decision; the <b>team</b> wrote it down. See [the first](0001-decide-thing-1.md).

## Decision

We will do thing {n} with `List<T>` in code.

## Consequences

Thing {n} is done.
"""


def workspace(root: Path, count: int) -> None:
    adr = root / "docs" / "adr"
    adr.mkdir(parents=True)
    (root / "assay.toml").write_text("", encoding="utf-8")
    for n in range(1, count + 1):
        status = "Accepted"
        if n % 10 == 0 and n > 1:
            status = f"Accepted\n\nSupersedes [ADR {n - 1}]({n - 1:04d}-decide-thing-{n - 1}.md)"
        elif n % 10 == 9:
            status = f"Superseded by [ADR {n + 1}]({n + 1:04d}-decide-thing-{n + 1}.md)"
            if n + 1 > count:
                status = "Accepted"
        date = f"{2000 + n // 365 % 25}-{n % 12 + 1:02d}-{n % 28 + 1:02d}"
        text = RECORD.format(n=n, date=date, status=status)
        (adr / f"{n:04d}-decide-thing-{n}.md").write_text(text, encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)


def cpu() -> float:
    """CPU seconds of this process and its finished children (the check's workers):
    steadier than wall time on a machine others share."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def plain_build(root: Path, out: Path) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    docs = root.parent / "plain-docs"
    shutil.copytree(root / "docs" / "adr", docs)
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    settings = {
        "site_name": "plain",
        "docs_dir": str(docs),
        "site_dir": str(out),
        "theme": {"name": "mkdocs"},
        "nav": [{"Home": "index.md"}],
    }
    config = load_config(io.StringIO(json.dumps(settings)), config_file_path=str(root / "x.yml"))
    build(config)


def main(counts: list[int]) -> None:
    import logging

    from assay.engine.workspace.config import load_config
    from assay.site.publish import publish

    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    for count in counts:
        with tempfile.TemporaryDirectory(prefix="assay-bench-publish-") as work:
            root = Path(work) / "ws"
            workspace(root, count)
            start, start_cpu = time.perf_counter(), cpu()
            done = publish(load_config(root), Path(work) / "site")  # a cold check cache
            assay_time, assay_cpu = time.perf_counter() - start, cpu() - start_cpu
            assert done.built and not done.excluded, done.excluded[:3]
            start, start_cpu = time.perf_counter(), cpu()
            publish(load_config(root), Path(work) / "site")  # warm: the check from its cache
            warm_time, warm_cpu = time.perf_counter() - start, cpu() - start_cpu
            start, start_cpu = time.perf_counter(), cpu()
            plain_build(root, Path(work) / "plain-site")
            plain_time, plain_cpu = time.perf_counter() - start, cpu() - start_cpu
            assay_size, plain_size = size(Path(work) / "site"), size(Path(work) / "plain-site")
            print(
                f"{count} records: assay publish {assay_time:.1f} s ({assay_cpu:.1f} s CPU), "
                f"{assay_size / 1e6:.1f} MB; plain mkdocs build {plain_time:.1f} s "
                f"({plain_cpu:.1f} s CPU), {plain_size / 1e6:.1f} MB; time ratio "
                f"{assay_time / plain_time:.2f} (CPU {assay_cpu / plain_cpu:.2f}), size ratio "
                f"{assay_size / plain_size:.2f}; again, the check cache warm: "
                f"{warm_time:.1f} s ({warm_cpu:.1f} s CPU), time ratio "
                f"{warm_time / plain_time:.2f} (CPU {warm_cpu / plain_cpu:.2f})",
                flush=True,
            )


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000])
