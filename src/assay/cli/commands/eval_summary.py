"""``assay eval summary``: the summary of a store, as text, JSON or a Markdown report.

It launches nothing and writes nothing but its report: the store is opened read-only.
``--output REPORT.md`` with ``--format markdown`` also writes the plot of the per-task
differences beside the report, named after it (``REPORT.differences.svg``, which the
report links to; two reports in one folder have two plots), each file whole, under
the umask, through the one writer (``assay.api.evaluation_report.write_summary``).
Neither may be an input (DESIGN §6): the store read (or its ``-wal``/``-shm``/
``-journal`` files), any other evidence store, a policy file, the workspace's config
or a spec; nor a link or a folder: refused with exit 2, nothing written. Exit 0 with
or without a verdict (no verdict is an answer, each reason printed); 2 for a store
that cannot be read, a ``--benchmark`` it does not hold (EVL001, listing those it
holds) or a subset that does not fit the benchmark (EVL020 on).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.names import printable
from assay.cli.output import complain, write


def summary(options: argparse.Namespace) -> int:
    """Summarize ``options.db``; raises ``EvidenceError`` for a store it cannot open."""
    from assay.api.evaluation import summarize_store
    from assay.api.evaluation_report import render_summary, write_summary

    db = Path(options.db)
    if not db.is_file():
        complain(f"assay eval summary: no store at {options.db} (run `assay eval prepare` first)")
        return EXIT_ERROR
    found = summarize_store(db, benchmark=options.benchmark, subset=options.tasks)
    if found.errors:
        for reason in found.errors:
            complain(printable(f"assay eval summary: {reason.code} {reason.message}"))
        return EXIT_ERROR
    if not options.output:
        write(render_summary(found, options.format))
        return EXIT_OK
    try:
        # Refused (DestinationRefused, exit 2, nothing written) over any input.
        write_summary(found, options.output, store=db, form=options.format)
    except OSError as error:
        complain(f"assay eval summary: cannot write {options.output}: {error.strerror}")
        return EXIT_ERROR
    return EXIT_OK
