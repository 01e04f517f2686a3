"""Diagnostics as text: ``path:line:col: CODE [severity] message (name)`` with a caret excerpt."""

from __future__ import annotations

from assay.spec.diagnostics import Diagnostic

#: How much of a long source line an excerpt shows, around the diagnostic's column.
SHOWN = 120


def source_line(text: str, line: int) -> str | None:
    """Line ``line`` (1-based) of ``text``, without its ending; None past the end."""
    lines = text.splitlines()
    # splitlines() also splits on form feeds and other separators CommonMark ignores;
    # line numbers come from \n, \r\n and \r only.
    if any(ch in text for ch in "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"):
        import re

        lines = re.split(r"\r\n|\r|\n", text)
    if 1 <= line <= len(lines):
        return lines[line - 1]
    if line == len(lines) + 1:
        return ""
    return None


def format_diagnostic(d: Diagnostic, text: str | None = None) -> str:
    """One diagnostic as text; with the source ``text``, an excerpt with a caret line."""
    head = f"{d.path}:{d.span.line}:{d.span.column}: {d.code} [{d.severity}] {d.message} ({d.name})"
    if text is None:
        return head
    line = source_line(text.lstrip("\ufeff"), d.span.line)
    if line is None:
        return head
    width = 1
    if d.span.end_line == d.span.line and d.span.end_column > d.span.column:
        width = d.span.end_column - d.span.column
    gutter = f"{d.span.line:>5} | "
    shown = line.expandtabs(1)  # one column per code point, as columns are counted
    column = d.span.column - 1
    if len(shown) > SHOWN:
        # A long line (a minified table, a generated file) is shown as a window
        # around the column, not whole: the report stays readable.
        start = max(0, min(column - SHOWN // 3, len(shown) - SHOWN))
        end = start + SHOWN
        lead, tail = ("…" if start > 0 else ""), ("…" if end < len(shown) else "")
        width = max(1, min(width, end - column))
        shown = lead + shown[start:end] + tail
        column += len(lead) - start
    marker = " " * column + "^" + "~" * (width - 1)
    return f"{head}\n{gutter}{shown}\n{' ' * (len(gutter) - 2)}| {marker}"
