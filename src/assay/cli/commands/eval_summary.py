"""``assay eval summary``: the summary of a store, as text, JSON or a Markdown report.

It launches nothing and writes nothing but its report: the store is opened read-only.
``--output REPORT.md`` with ``--format markdown`` also writes the plot of the per-task
differences beside the report, named after it (``REPORT.differences.svg``, which the
report links to; two reports in one folder have two plots), each file whole, under
the umask, through the one writer (``assay.engine.files.writing``). Neither may be an
input (DESIGN §6): the store read (or its ``-wal``/``-shm``/``-journal`` files), any
other evidence store, a policy file, the workspace's config or a spec; nor a link or
a folder: refused with exit 2, nothing written. Exit 0 with or without a verdict (no
verdict is an answer, each reason printed); 2 for a store that cannot be read or a
subset that does not fit the benchmark (EVL020 on).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.names import printable
from assay.cli.output import complain, write

#: What the plot's name adds to the report's stem: ``REPORT.md`` -> ``REPORT.differences.svg``.
PLOT_SUFFIX = ".differences.svg"


def plot_beside(report: Path) -> Path:
    """The plot's path for ``report``: beside it, named after it."""
    return report.with_name(report.stem + PLOT_SUFFIX)


def summary(options: argparse.Namespace) -> int:
    """Summarize ``options.db``; raises ``EvidenceError`` for a store it cannot open."""
    from assay.api.evaluation import summarize_store
    from assay.engine.evidence.summary import (
        plot_differences,
        render_markdown,
        render_text,
        summary_json,
    )

    db = Path(options.db)
    if not db.is_file():
        complain(f"assay eval summary: no store at {options.db} (run `assay eval prepare` first)")
        return EXIT_ERROR
    found = summarize_store(db, benchmark=options.benchmark, subset=options.tasks)
    if found.errors:
        for reason in found.errors:
            complain(printable(f"assay eval summary: {reason.code} {reason.message}"))
        return EXIT_ERROR
    if options.format == "json":
        text = json.dumps(summary_json(found), indent=2, ensure_ascii=False) + "\n"
    elif options.format == "markdown":
        plot_name = plot_beside(Path(options.output)).name if options.output else None
        text = render_markdown(found, plot=plot_name)
    else:
        text = render_text(found)
    if not options.output:
        write(text)
        return EXIT_OK
    from assay.cli.commands.eval_inputs import check_not_input, workspace_inputs
    from assay.engine.files.destination import check_file_destination
    from assay.engine.files.writing import write_file

    out = Path(options.output)
    store = [db, *(Path(f"{db}{suffix}") for suffix in ("-wal", "-shm", "-journal"))]
    inputs = [*store, *workspace_inputs()]
    # All asked before any is written: a refused plot leaves no report behind.
    written = [(check_file_destination(out, flag="--output", inputs=inputs), text, "--output")]
    if options.format == "markdown":
        flag = "--output's plot"
        plot = check_file_destination(plot_beside(out), flag=flag, inputs=inputs)
        written.insert(0, (plot, plot_differences(found), flag))
    for path, _, flag in written:
        check_not_input(path, flag)
    try:
        for path, data, _ in written:
            write_file(path, data.encode("utf-8"))
    except OSError as error:
        complain(f"assay eval summary: cannot write {options.output}: {error.strerror}")
        return EXIT_ERROR
    return EXIT_OK
