"""Diagnostics as text: ``path:line:col: CODE [severity] message (name)`` with a caret excerpt."""

from __future__ import annotations

from assay.cli.names import printable
from assay.spec.diagnostics import Diagnostic

#: How much of a long source line an excerpt shows, around the diagnostic's column.
SHOWN = 120


class SourceLines:
    """A file's text split into lines once, for every excerpt and fingerprint of a report.

    A report quotes a line for each finding; splitting the whole file again for each
    (2,000 broken links in a file of 100,000) made the report quadratic in the file.
    The BOM is left out, as columns on line 1 do not count it.
    """

    __slots__ = ("lines",)

    def __init__(self, text: str) -> None:
        self.lines = _split(text.lstrip("\ufeff"))

    def line(self, number: int) -> str | None:
        """Line ``number`` (1-based), without its ending; None past the end."""
        lines = self.lines
        if 1 <= number <= len(lines):
            return lines[number - 1]
        if number == len(lines) + 1:
            return ""
        return None


def _split(text: str) -> list[str]:
    lines = text.splitlines()
    # splitlines() also splits on form feeds and other separators CommonMark ignores;
    # line numbers come from \n, \r\n and \r only.
    if any(ch in text for ch in "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"):
        import re

        lines = re.split(r"\r\n|\r|\n", text)
    return lines


def format_diagnostic(d: Diagnostic, text: str | SourceLines | None = None) -> str:
    """One diagnostic as text; with the source ``text``, an excerpt with a caret line.

    Nothing of the document reaches the terminal raw: its control characters, bidi
    controls and undecodable bytes are shown escaped (``\\x1b``, ``\\u202e``; see
    ``cli.names``), and the caret is placed under the escaped text, so it still
    points at the column the finding names.  A tab is shown as one space, as columns
    count it as one code point.
    """
    message = printable(d.message, keep="\n\t")
    head = f"{printable(d.path)}:{d.span.line}:{d.span.column}: {d.code} [{d.severity}] "
    head += f"{message} ({d.name})"
    if text is None:
        return head
    lines = text if isinstance(text, SourceLines) else SourceLines(text)
    line = lines.line(d.span.line)
    if line is None:
        return head
    width = 1
    if d.span.end_line == d.span.line and d.span.end_column > d.span.column:
        width = d.span.end_column - d.span.column
    gutter = f"{d.span.line:>5} | "
    shown = line.expandtabs(1)  # one column per code point, as columns are counted
    column = d.span.column - 1
    lead = tail = ""
    if len(shown) > SHOWN:
        # A long line (a minified table, a generated file) is shown as a window
        # around the column, not whole: the report stays readable.
        start = max(0, min(column - SHOWN // 3, len(shown) - SHOWN))
        end = start + SHOWN
        lead, tail = ("…" if start > 0 else ""), ("…" if end < len(shown) else "")
        width = max(1, min(width, end - column))
        shown = shown[start:end]
        column -= start
    # Escaped piece by piece, so the caret's place and length are those of the escapes.
    before = printable(shown[:column])
    under = printable(shown[column : column + width])
    after = printable(shown[column + width :])
    marker = " " * (len(lead) + len(before)) + "^" + "~" * (max(1, len(under)) - 1)
    excerpt = lead + before + under + after + tail
    return f"{head}\n{gutter}{excerpt}\n{' ' * (len(gutter) - 2)}| {marker}"
