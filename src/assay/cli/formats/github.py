"""``--format github``: workflow commands that GitHub Actions shows as annotations.

GitHub shows at most 10 annotations of each kind per step, so errors come first and the
full list goes to the step summary (:func:`summary_markdown`), which the CLI appends to
``$GITHUB_STEP_SUMMARY`` when that is set.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assay.api import RunResult
from assay.cli.formats.text import related_location, summary_line
from assay.cli.names import printable
from assay.spec.diagnostics import Diagnostic, Severity, sorted_diagnostics

COMMANDS: dict[Severity, str] = {"error": "error", "warning": "warning", "info": "notice"}
_TICKS = re.compile(r"`+")
_RANK: dict[Severity, int] = {"error": 0, "warning": 1, "info": 2}


def render(
    result: RunResult,
    *,
    version: str,
    source: Callable[[str], str | None],
    color: bool = False,
) -> str:
    """One workflow command per finding, errors first, then the summary line."""
    del version, source, color  # annotations carry positions only; the log is never coloured
    ordered = sorted(sorted_diagnostics(result.diagnostics), key=lambda d: _RANK[d.severity])
    lines = [command(d) for d in ordered]
    lines.append(summary_line(result))
    return "\n".join(lines) + "\n"


def command(d: Diagnostic) -> str:
    """``::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message``."""
    properties = {
        "file": printable(d.path),
        "line": str(d.span.line),
        "col": str(d.span.column),
        "endLine": str(d.span.end_line),
        "endColumn": str(d.span.end_column),
        "title": f"{d.code} ({d.name})",
    }
    joined = ",".join(f"{key}={escape_property(value)}" for key, value in properties.items())
    # Annotations have no related locations, so they go into the message, one per line.
    message = printable(d.message, keep="\n\t") + "".join(
        f"\nrelated: {related_location(r)}: {printable(r.message, keep=chr(10))}" for r in d.related
    )
    return f"::{COMMANDS[d.severity]} {joined}::{escape_data(message)}"


def escape_data(value: str) -> str:
    """Escape a command's message: ``%`` first, so the other escapes stay intact."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    """Escape a property value: as data, plus the ``:`` and ``,`` that delimit properties."""
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def summary_markdown(result: RunResult) -> str:
    """The step summary: the counts on one line, then a table of every finding."""
    head = f"**assay**: {summary_line(result)}\n"
    if not result.diagnostics:
        return head
    rows = ["| code | severity | location | message |", "| --- | --- | --- | --- |"]
    for d in sorted_diagnostics(result.diagnostics):
        location = _code_span(f"{printable(d.path)}:{d.span.line}:{d.span.column}")
        message = _cell(printable(d.message, keep="\n"))
        rows.append(f"| `{d.code}` | {d.severity} | {location} | {message} |")
    return head + "\n" + "\n".join(rows) + "\n"


def _cell(text: str) -> str:
    # Messages are Markdown (code in backticks); a row cannot span lines, hence <br>;
    # `|` would end the cell, even inside a code span.
    text = _escape_html(text).replace("|", "\\|")
    return text.replace("\r\n", "<br>").replace("\r", "<br>").replace("\n", "<br>")


def _escape_html(text: str) -> str:
    """Escape HTML outside code spans, so a quoted ``<!-- … -->`` stays visible.

    Inside a code span entities are not decoded, so escaping there would show ``&lt;``.
    """
    out = []
    pos = 0
    while (opening := _TICKS.search(text, pos)) is not None:
        closing = next(
            (m for m in _TICKS.finditer(text, opening.end()) if m.group() == opening.group()),
            None,
        )
        if closing is None:  # an unmatched backtick run is literal text
            out.append(_html(text[pos : opening.end()]))
            pos = opening.end()
            continue
        out.append(_html(text[pos : opening.start()]))
        out.append(text[opening.start() : closing.end()])
        pos = closing.end()
    out.append(_html(text[pos:]))
    return "".join(out)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _code_span(text: str) -> str:
    # A fence longer than any backtick run inside, padded when the text touches it.
    fence = "`" * (_longest_backtick_run(text) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    escaped = text.replace("|", "\\|")
    return f"{fence}{pad}{escaped}{pad}{fence}"


def _longest_backtick_run(text: str) -> int:
    best = run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        best = max(best, run)
    return best
