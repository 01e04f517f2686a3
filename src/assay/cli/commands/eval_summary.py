"""``assay eval summary``: the summary of a store, as text, JSON or a Markdown report.

It launches nothing and writes nothing but its report: the store is opened read-only. ``--output REPORT.md`` with
``--format markdown`` also writes the plot of the per-task differences beside the
report (``summary-differences.svg``, which the report links to), each file whole,
under the umask, through the one writer (``assay.engine.files.writing``). Neither may
be the store read, a link, or a folder (DESIGN §6): refused with exit 2, nothing written.
Exit 0 with or without a verdict (no verdict is an answer, each reason printed); 2 for
a store that cannot be read or a subset that does not fit the benchmark (EVL020 on).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.names import printable
from assay.cli.output import complain, write

PLOT = "summary-differences.svg"


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
        text = render_markdown(found, plot=PLOT if options.output else None)
    else:
        text = render_text(found)
    if not options.output:
        write(text)
        return EXIT_OK
    from assay.engine.files.destination import check_file_destination
    from assay.engine.files.writing import write_file

    out = Path(options.output)
    store = (db, Path(f"{db}-wal"), Path(f"{db}-shm"), Path(f"{db}-journal"))
    # Both asked before either is written: a refused plot leaves no report behind.
    written = [(check_file_destination(out, flag="--output", inputs=store), text)]
    if options.format == "markdown":
        plot = check_file_destination(out.parent / PLOT, flag="--output's plot", inputs=store)
        written.insert(0, (plot, plot_differences(found)))
    try:
        for path, data in written:
            write_file(path, data.encode("utf-8"))
    except OSError as error:
        complain(f"assay eval summary: cannot write {options.output}: {error.strerror}")
        return EXIT_ERROR
    return EXIT_OK
