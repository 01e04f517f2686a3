"""What a tool answers: JSON text as the matching command prints it, and reports.

A tool's answer is the JSON text its command prints with ``--format json`` (through
the command's own renderer, so the shapes cannot drift); the server sends that text
and the value it holds. Findings are a report in the shape of ``assay check --format
json`` (``assay schema report``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from assay import __version__
from assay.cli.names import escape_json

if TYPE_CHECKING:
    from assay.api import Report
    from assay.spec.diagnostics import Diagnostic


def json_text(value: object) -> str:
    """``value`` as the commands print JSON: indented, UTF-8, a name's undecodable
    byte as the escape ``\\udcXX``."""
    return escape_json(json.dumps(value, indent=2, ensure_ascii=False)) + "\n"


def report_of(diagnostics: Sequence[Diagnostic], files: Sequence[str] = ()) -> Report:
    """A report of ``diagnostics`` alone, as the formatters take it."""
    from assay.api import Report

    return Report(diagnostics=tuple(diagnostics), suppressed=(), files=tuple(files), rules=())


def report_json(report: Report) -> str:
    """``report`` as ``assay check --format json`` prints it."""
    from assay.cli.formats import json_report

    return json_report.render(report, version=__version__, source=lambda _path: None)


def report_text(diagnostics: Sequence[Diagnostic], root: Path) -> str:
    """``diagnostics`` as ``assay check`` prints them, excerpts read as it reads them."""
    from assay.cli.formats import text
    from assay.cli.source_text import source_reader

    report = report_of(diagnostics)
    return text.render(report, version=__version__, source=source_reader(root)).rstrip("\n")
