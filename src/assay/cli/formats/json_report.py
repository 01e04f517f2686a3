"""``--format json``: the versioned report of DESIGN §4, as ``assay schema report`` fixes it."""

from __future__ import annotations

from collections.abc import Callable

from assay.api import RunResult
from assay.cli.formats.json_text import STEP, string, value
from assay.spec.convert import to_json_value
from assay.spec.diagnostics import Diagnostic, sorted_diagnostics
from assay.spec.report import REPORT_VERSION, Entry, Report, Summary, Tool

#: Where an entry sits: ``{"diagnostics": [ here``.
ENTRY_LEVEL = "\n" + STEP * 2

_EMPTY = '"diagnostics": []'


def report(result: RunResult, *, version: str) -> Report:
    """The report model of a run; suppressed findings are counted, not listed."""
    diagnostics = sorted_diagnostics(result.diagnostics)
    return Report(
        version=REPORT_VERSION,
        tool=Tool("assay", version),
        diagnostics=tuple(Entry.from_diagnostic(d) for d in diagnostics),
        summary=Summary.count(result.counted_files, diagnostics, len(result.suppressed)),
    )


def render(
    result: RunResult,
    *,
    version: str,
    source: Callable[[str], str | None],
    color: bool = False,
) -> str:
    """The report as indented JSON; non-ASCII kept as is (the output is UTF-8), but a
    name's undecodable byte is the escape ``\\udcXX`` (see ``names``).

    The text ``json.dumps(indent=2)`` writes of ``report``'s model, but each entry is
    written straight from its diagnostic (``entry_text``): a large report is tens of
    thousands of them, and models, then dicts, then the pure-Python encoder for each
    was most of its cost."""
    del source, color  # the report carries positions, not excerpts, and is never coloured
    diagnostics = sorted_diagnostics(result.diagnostics)
    frame = Report(
        version=REPORT_VERSION,
        tool=Tool("assay", version),
        diagnostics=(),
        summary=Summary.count(result.counted_files, diagnostics, len(result.suppressed)),
    )
    text = value(to_json_value(frame))
    if not diagnostics:
        return text + "\n"
    # Inside a string every `"` is escaped, so `"diagnostics": []` is the key's own.
    at = text.index(_EMPTY) + len(_EMPTY) - 1
    entries = f",{ENTRY_LEVEL}".join(entry_text(d) for d in diagnostics)
    closing = ENTRY_LEVEL.removesuffix(STEP)
    return "".join((text[:at], ENTRY_LEVEL, entries, closing, text[at:], "\n"))


def entry_text(d: Diagnostic, newline: str = ENTRY_LEVEL) -> str:
    """``Entry.from_diagnostic(d)`` as the report writes it, at the level of ``newline``."""
    a = newline + STEP
    span = d.span
    text = (
        f'{{{a}"code": {string(d.code)},{a}"name": {string(d.name)},'
        f'{a}"severity": {string(d.severity)},{a}"message": {string(d.message)},'
        f'{a}"path": {string(d.path)},{a}"line": {span.line},{a}"column": {span.column},'
        f'{a}"end_line": {span.end_line},{a}"end_column": {span.end_column},{a}"related": '
    )
    if not d.related:
        return f"{text}[]{newline}}}"
    b = a + STEP
    c = b + STEP
    related = f",{b}".join(
        f'{{{c}"message": {string(r.message)},{c}"path": {string(r.path)},'
        + (
            f'{c}"line": {r.span.line},{c}"column": {r.span.column}'
            if r.span is not None
            else f'{c}"line": null,{c}"column": null'
        )
        + f"{b}}}"
        for r in d.related
    )
    return f"{text}[{b}{related}{a}]{newline}}}"
