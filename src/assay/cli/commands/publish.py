"""``assay publish [--out DIR] [--strict] [--config FILE]``: a MkDocs site of what verified.

Prints each published page and each exclusion with its reason. Exit 0 when the site
was built (exclusions listed), 1 under ``--strict`` when anything was excluded (the
previous site left as it was), 2 for a config or spec error or a failed build.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from assay.cli.exit_codes import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK
from assay.cli.names import printable
from assay.cli.output import complain, write


def run(options: argparse.Namespace) -> int:
    """Gate, write, build, swap; report what was published and what was not."""
    from assay.engine.workspace.config import ConfigError, load_config
    from assay.errors import AssayError
    from assay.site.publish import publish
    from assay.site.tree import review_path

    try:
        config = load_config(Path.cwd(), Path(options.config) if options.config else None)
        out = Path(os.path.abspath(options.out)) if options.out else config.root / "site"
        done = publish(config, out, strict=options.strict, cache=not options.no_cache)
    except (ConfigError, AssayError) as error:
        complain(f"assay publish: {error}")
        return EXIT_ERROR
    refused = {e.path for e in done.excluded}
    lines = [f"published {printable(p)}" for p in done.publication.records if p not in refused]
    lines += [
        f"published {review_path(run)} (review of {printable(run.folder or '.')})"
        for run in done.publication.runs
    ]
    lines += [f"excluded {printable(e.path)}: {printable(e.reason)}" for e in done.excluded]
    lines += [
        f"note {printable(n.path)}:{n.line}:{n.column}: {printable(n.message)}" for n in done.notes
    ]
    if done.built:
        lines.append(f"site built in {printable(_shown(Path(out)))}")
    else:
        lines.append(f"nothing published (--strict): {len(done.excluded)} excluded")
    write("\n".join(lines) + "\n")
    return EXIT_OK if done.built else EXIT_FINDINGS


def _shown(path: Path) -> str:
    """``path`` relative to the current folder when it lies below it, else absolute."""
    absolute = path.resolve()
    try:
        return absolute.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(absolute)
