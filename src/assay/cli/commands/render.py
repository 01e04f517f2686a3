"""``assay render RUN_DIR [--dest PATH] [--write]``: the review of a verified run.

The review is printed exactly as rendered (standard output holds nothing else), or
with ``--write`` written whole to its destination (never over a file the check
reads: ``api.runs.write_review``); a stale ``review.md`` does not stop its own
renewal, which is what DOC018 asks for. A run that is not verified renders
nothing: its findings go to standard error as ``assay check`` would print them, with
why the run is not verified, and the exit code is 1.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from assay import __version__
from assay.cli.exit_codes import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK
from assay.cli.output import complain, write

if TYPE_CHECKING:
    from assay.api.runs import Verification


def run(options: argparse.Namespace) -> int:
    """Verify, then print or write the review; 1 when unverified, 2 on usage errors."""
    from assay.api.runs import RunNotVerified, render_review, verify_run, write_review
    from assay.api.workspace import ConfigError, load_config
    from assay.errors import UsageError

    run_dir = Path(options.run_dir)
    try:
        # The workspace is found from the current folder, as `assay check` finds it.
        explicit = None if options.config is None else Path(options.config).resolve()
        config = load_config(Path.cwd(), explicit)
        verification = verify_run(run_dir, config=config, cache=not options.no_cache)
        destination = None if options.dest is None else Path(os.path.abspath(options.dest))
        if options.write:
            # Refused (exit 2, nothing touched) over a file the check reads: --dest
            # naming a run's boundary once destroyed the run.
            try:
                target = write_review(verification, destination)
            except OSError as error:
                where = error.filename or options.dest or "review.md"
                complain(f"assay render: cannot write {where}: {error.strerror}")
                return EXIT_ERROR
        else:
            write(render_review(verification, destination))
            return EXIT_OK
    except RunNotVerified as refused:
        _explain(refused.verification)
        complain(f"assay render: {refused}; nothing was rendered")
        for entry in refused.verification.blockers:
            complain(f"  blocker: {entry}")
        return EXIT_FINDINGS
    except (UsageError, ConfigError) as error:
        complain(f"assay render: {error}")
        return EXIT_ERROR
    complain(f"assay render: wrote {os.path.relpath(target)}")
    return EXIT_OK


def _explain(verification: Verification) -> None:
    """The run's findings, on standard error, as the text report prints them."""
    from assay.cli.formats import text
    from assay.cli.source_text import source_reader

    report, root = verification.report, verification.root
    rendered = text.render(report, version=__version__, source=source_reader(root))
    if report.diagnostics:
        complain(rendered.rstrip("\n"))
