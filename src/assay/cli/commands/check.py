"""``assay check [PATH…]``: check the workspace and report in one of four formats.

PATHs limit what is *reported*, never what is loaded: pre-commit passes the changed
file names, and a record's findings can depend on records that did not change.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from assay import __version__
from assay.api.workspace import Config, ConfigError, load_config
from assay.cli.exit_codes import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, stopped
from assay.cli.output import complain, write, write_whole
from assay.cli.source_text import source_reader
from assay.errors import UsageError

if TYPE_CHECKING:
    from assay.api import Report
    from assay.spec.diagnostics import Diagnostic

_RANK = {"info": 0, "warning": 1, "error": 2}


def run(options: argparse.Namespace) -> int:
    """Check, render, write; return the exit code DESIGN §4 fixes."""
    if options.show_suppressed and options.format != "text":
        print(
            "assay check: --show-suppressed is for the text report (the JSON summary counts "
            "suppressed findings; SARIF lists them)",
            file=sys.stderr,
        )
        return EXIT_ERROR
    try:
        config = load_config(Path.cwd(), options.config or None)
    except ConfigError as error:
        complain(f"assay check: {error}")
        return EXIT_ERROR

    from assay.api import check

    try:
        result = check(
            Path.cwd(),
            options.paths,
            config,
            select=_selectors(options.select),
            ignore=_selectors(options.ignore),
            cache=not options.no_cache,
            jobs=options.jobs,
        )
    except (UsageError, ConfigError) as error:
        complain(f"assay check: {error}")
        return EXIT_ERROR
    _tell(result, config, scoped=bool(options.paths), verbose=options.verbose)

    rendered = _render(result, options, config)
    if options.output:
        if not _write_report(result, options.output, config, rendered):
            return EXIT_ERROR
    elif rendered.strip() or options.format != "text":
        write(rendered)
    if options.format == "github" and os.environ.get("GITHUB_STEP_SUMMARY"):
        _append_step_summary(result)
    return exit_code(result.diagnostics, options.fail_on or config.fail_on)


def _render(result: Report, options: argparse.Namespace, config: Config) -> str:
    """The report in the chosen format: in color when asked, or when ``auto`` and the
    report goes to a terminal that ``NO_COLOR`` leaves alone; the text report lists
    suppressed findings under ``--show-suppressed``."""
    from assay.cli.formats import FORMATTERS

    source = source_reader(config.root)  # contained: a link's target is never quoted
    color = options.color == "always" or (
        options.color == "auto"
        and options.output is None
        and sys.stdout is not None
        and sys.stdout.isatty()
        and "NO_COLOR" not in os.environ
    )
    if options.show_suppressed and options.format == "text":
        from assay.cli.formats import text

        return text.render(
            result, version=__version__, source=source, color=color, show_suppressed=True
        )
    return FORMATTERS[options.format](result, version=__version__, source=source, color=color)


def _write_report(result: Report, output: str, config: Config, rendered: str) -> bool:
    """Write the report to ``--output`` whole; whether it could be (if not, said why)."""
    try:
        from assay.api.files import report_destination

        write_whole(report_destination(output, config, result), rendered)
    except UsageError as error:  # --output names a record, a spec, the config…
        complain(f"assay check: {error}")
        return False
    except OSError as error:
        complain(f"assay check: cannot write {output}: {error.strerror}")
        return False
    return True


def _append_step_summary(result: Report) -> None:
    """Append the Markdown summary to GitHub's step summary; a failure is only said."""
    from assay.cli.formats.github import summary_markdown

    target = os.environ["GITHUB_STEP_SUMMARY"]
    try:
        with open(target, "a", encoding="utf-8") as summary:
            summary.write(summary_markdown(result))
    except OSError as error:  # the annotations are out; the summary is a bonus
        complain(f"assay check: cannot append to {target}: {error.strerror}")


def _tell(result: Report, config: Config, *, scoped: bool, verbose: bool) -> None:
    """What discovery has to say (on standard error: the report stays the report).

    PATHs that are no document are named only when ``verbose``: pre-commit passes
    every changed text file, source code included, and a note on every such commit
    is noise (issue 25)."""
    from assay.cli import discovery_notes

    lines = discovery_notes.note_lines(result.notes)
    stopped = any(d.severity == "error" and d.code.startswith("SPC") for d in result.diagnostics)
    if not scoped and not result.files and not stopped:
        lines.append("note: " + discovery_notes.nothing_found(config))
    if result.unmatched_paths and verbose:
        lines.append("note: " + discovery_notes.unmatched(result.unmatched_paths))
    for line in lines:
        print(f"assay check: {line}", file=sys.stderr)


def exit_code(diagnostics: tuple[Diagnostic, ...], fail_on: str) -> int:
    """2 when a spec or the input could not be read; else 1 at or above ``fail_on``."""
    if stopped(diagnostics):
        return EXIT_ERROR
    if fail_on == "never":
        return EXIT_OK
    floor = _RANK[fail_on]
    return EXIT_FINDINGS if any(_RANK[d.severity] >= floor for d in diagnostics) else EXIT_OK


def _selectors(values: list[str] | None) -> list[str] | None:
    """`--select A,B --select C` -> [A, B, C]; None when not given."""
    if values is None:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]
