"""The session-file problems, PRT001 to PRT009, as located diagnostics.

Their rules are in ``assay.spec.rules.sessions``; this module only
builds the values, so every reader words and places them the same way. A problem is at
the line it was found on; its column is where in that line, in code points, or 1 when
the whole entry is at fault.
"""

from __future__ import annotations

from assay.engine.traces.reading.stream import Line
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.rule import Rule
from assay.spec.source import Span


def problem(rule: Rule, message: str, path: str, line: Line, column: int = 1) -> Diagnostic:
    """The diagnostic ``code`` at ``column`` of ``line``: the whole line when the column
    is 1 and the line was kept, else the point where the problem starts."""
    if column == 1 and line.data is not None:
        width = len(line.data.decode("utf-8", "replace").rstrip("\r"))
        span = Span(line.offset, line.offset + line.length, line.number, 1, line.number, width + 1)
    else:
        span = Span.point(line.offset + _bytes_before(line, column), line.number, column)
    return rule.diagnostic(message, path, span)


def _bytes_before(line: Line, column: int) -> int:
    """How many bytes of ``line`` precede the code point at ``column``."""
    if line.data is None:
        return 0
    text = line.data.decode("utf-8", "replace")
    return len(text[: column - 1].encode("utf-8", "surrogatepass"))
