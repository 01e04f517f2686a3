"""``assay publish [--out DIR] [--strict] [--theme NAME] [--config FILE]``: a MkDocs site
of what verified.

Prints each published page and each exclusion with its reason. Exit 0 when the site
was built (exclusions listed), 1 under ``--strict`` when anything was excluded (the
previous site left as it was), 2 for a config or spec error, a theme not installed, a
failed build, or an ``--out`` that is not a place a site may go (only an absent path,
an empty folder or a previous assay site; ``assay.site.destination``), nothing touched.
A progress bar goes to standard error (``assay.cli.progress_bar``).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from assay.cli.exit_codes import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK
from assay.cli.names import printable
from assay.cli.output import complain, write
from assay.cli.progress_bar import ProgressBar, ProgressMode

if TYPE_CHECKING:
    from assay.site.publish import Published


def run(options: argparse.Namespace) -> int:
    """Gate, write, build, swap; report what was published and what was not."""
    from assay.api.workspace import ConfigError, load_config
    from assay.errors import AssayError
    from assay.site.publish import publish

    mode = progress_mode(options)
    bar = ProgressBar(mode)
    try:
        here = _current_folder()
        config = load_config(here, Path(options.config) if options.config else None)
        # As typed: a refusal names the path the way the user wrote it.
        out = Path(options.out) if options.out else config.root / "site"
        done = publish(
            config,
            out,
            strict=options.strict,
            cache=not options.no_cache,
            theme=options.theme,
            progress=None if mode == "never" else bar,
            evaluations=[Path(store) for store in options.evaluation or ()],
        )
    except (ConfigError, AssayError) as error:
        bar.close()
        complain(f"assay publish: {error}")
        return EXIT_ERROR
    bar.close()
    lines = outcome_lines(done)
    if done.built:
        lines.append(f"site built in {printable(_shown(Path(out)))}")
    else:
        lines.append(f"nothing published (--strict): {len(done.excluded)} excluded")
    write("\n".join(lines) + "\n")
    return EXIT_OK if done.built else EXIT_FINDINGS


def progress_mode(options: argparse.Namespace) -> ProgressMode:
    """``--progress`` / ``--no-progress`` (the last one given), else ``auto``."""
    chosen: bool | None = options.progress
    return "auto" if chosen is None else ("always" if chosen else "never")


def outcome_lines(done: Published) -> list[str]:
    """One line per published page, per exclusion with its reason, per finding a
    published page notes, and per link shown as text."""
    from assay.site.tree import review_path

    refused = {e.path for e in done.excluded}
    lines = [f"published {printable(p)}" for p in done.publication.records if p not in refused]
    lines += [
        f"published {review_path(run)} (review of {printable(run.folder or '.')})"
        for run in done.publication.runs
    ]
    lines += [f"excluded {printable(e.path)}: {printable(e.reason)}" for e in done.excluded]
    # What a published record's page shows as its note (relations, status consistency).
    lines += [
        f"noted {printable(d.path)}:{d.span.line}:{d.span.column}: {d.code} {printable(d.message)}"
        for d in done.publication.noted
        if d.path not in refused
    ]
    lines += [f"published {printable(page)}" for page in done.evaluations]
    lines += [
        f"note {printable(n.path)}:{n.line}:{n.column}: {printable(n.message)}" for n in done.notes
    ]
    return lines


def _current_folder() -> Path:
    """The current folder; a usage error (not a traceback) when it no longer exists."""
    from assay.errors import UsageError

    try:
        return Path(os.getcwd())
    except FileNotFoundError:
        raise UsageError("the current folder no longer exists; cd into the workspace") from None


def _shown(path: Path) -> str:
    """``path`` relative to the current folder when it lies below it, else absolute."""
    try:
        absolute = path.resolve()
        return absolute.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(absolute)
    except FileNotFoundError:  # the current folder went away meanwhile: say it whole
        return str(path)
