"""Spans (1-based lines, code-point columns) as LSP ranges, and back.

The protocol counts a column in UTF-16 code units unless client and server agree on
another encoding; assay counts code points, as SARIF does. A character past U+FFFF
is one code point and two UTF-16 units, so each column is converted on its line.
"""

from __future__ import annotations

import re

from lsprotocol import types

from assay.spec.source import Span

#: CommonMark's line endings, as the reader counts lines.
_ENDINGS = re.compile(r"\r\n|\r|\n")


class Lines:
    """A document's lines, to convert columns on."""

    def __init__(self, text: str, encoding: str = types.PositionEncodingKind.Utf16) -> None:
        self._lines = _ENDINGS.split(text)
        self._utf16 = encoding == types.PositionEncodingKind.Utf16

    def position(self, line: int, column: int) -> types.Position:
        """The LSP position of 1-based ``line`` and code-point ``column``."""
        row = max(line - 1, 0)
        if not self._utf16 or row >= len(self._lines):
            return types.Position(line=row, character=max(column - 1, 0))
        before = self._lines[row][: max(column - 1, 0)]
        return types.Position(line=row, character=_units(before))

    def range(self, span: Span) -> types.Range:
        """The LSP range of ``span``."""
        return types.Range(
            start=self.position(span.line, span.column),
            end=self.position(span.end_line, span.end_column),
        )

    def column(self, position: types.Position) -> int:
        """The 1-based code-point column of an LSP ``position``."""
        if not self._utf16 or position.line >= len(self._lines):
            return position.character + 1
        line, units, column = self._lines[position.line], 0, 0
        while column < len(line) and units < position.character:
            units += 2 if ord(line[column]) > 0xFFFF else 1
            column += 1
        return column + 1

    def word_at(self, position: types.Position) -> str:
        """The run of letters and digits at ``position`` (for a code under the cursor)."""
        if position.line >= len(self._lines):
            return ""
        line = self._lines[position.line]
        at = self.column(position) - 1
        start = end = at
        while start > 0 and line[start - 1].isalnum():
            start -= 1
        while end < len(line) and line[end].isalnum():
            end += 1
        return line[start:end]


def _units(text: str) -> int:
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)
