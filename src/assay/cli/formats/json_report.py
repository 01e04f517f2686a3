"""``--format json``: the versioned report of DESIGN §4, as ``assay schema report`` fixes it."""

from __future__ import annotations

import json
from collections.abc import Callable

from assay.cli.names import escape_json
from assay.engine.runner.result import RunResult
from assay.spec.convert import to_json_value
from assay.spec.diagnostics import sorted_diagnostics
from assay.spec.report import REPORT_VERSION, Entry, Report, Summary, Tool


def report(result: RunResult, *, version: str) -> Report:
    """The report model of a run; suppressed findings are counted, not listed."""
    diagnostics = sorted_diagnostics(result.diagnostics)
    return Report(
        version=REPORT_VERSION,
        tool=Tool("assay", version),
        diagnostics=tuple(Entry.from_diagnostic(d) for d in diagnostics),
        summary=Summary.count(len(result.files), diagnostics, len(result.suppressed)),
    )


def render(
    result: RunResult,
    *,
    version: str,
    source: Callable[[str], str | None],
    color: bool = False,
) -> str:
    """The report as indented JSON; non-ASCII kept as is (the output is UTF-8), but a
    name's undecodable byte is the escape ``\\udcXX`` (see ``names``)."""
    del source, color  # the report carries positions, not excerpts, and is never coloured
    value = to_json_value(report(result, version=version))
    return escape_json(json.dumps(value, indent=2, ensure_ascii=False)) + "\n"
