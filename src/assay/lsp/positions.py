"""Positions as assay counts them and as the protocol does, both ways, in one place.

assay counts 1-based lines and code-point columns (``assay.spec.source.Span``, as
SARIF does). The protocol counts 0-based lines and columns in the code units of the
position encoding client and server agreed in ``initialize``: bytes for ``utf-8``,
UTF-16 units for ``utf-16`` (the default; two for a character past U+FFFF), code
points for ``utf-32``. pygls makes the agreement (the first of the client's
``general.positionEncodings`` it supports, else ``utf-16``), announces it and applies
the client's edits in it; every position the server sends or reads goes through
``Lines``, in that same encoding (``AssayServer.encoding``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lsprotocol import types

from assay.spec.source import Span

UTF8 = types.PositionEncodingKind.Utf8.value
UTF16 = types.PositionEncodingKind.Utf16.value
UTF32 = types.PositionEncodingKind.Utf32.value

#: A position in assay's terms: 1-based line, 1-based code-point column.
Point = tuple[int, int]

#: The protocol's line endings, which are also CommonMark's, as the reader counts lines.
_ENDINGS = re.compile(r"\r\n|\r|\n")


def _utf8(text: str) -> int:
    # surrogatepass: the JSON a client sends may hold a lone surrogate, which it counts
    # as one UTF-16 unit (three UTF-8 bytes); counting must not raise on it.
    return len(text.encode("utf-8", "surrogatepass"))


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


#: How many code units ``text`` is, per encoding.
_UNITS: dict[str, Callable[[str], int]] = {UTF8: _utf8, UTF16: _utf16, UTF32: len}


def agreed(encoding: object) -> str:
    """The encoding ``encoding`` names (a ``PositionEncodingKind`` or its value);
    ``utf-16``, the protocol's default, for None or a name this module does not know."""
    value = getattr(encoding, "value", encoding)
    return value if isinstance(value, str) and value in _UNITS else UTF16


class Lines:
    """One document's text, to convert its positions on, in one encoding."""

    def __init__(self, text: str, encoding: object = UTF16) -> None:
        self._lines = _ENDINGS.split(text)
        self._units = _UNITS[agreed(encoding)]

    def position(self, line: int, column: int) -> types.Position:
        """The protocol's position of 1-based ``line`` and code-point ``column``; a
        place past the text's end is its end."""
        row = max(line - 1, 0)
        if row >= len(self._lines):
            row = len(self._lines) - 1
            return types.Position(line=row, character=self._units(self._lines[row]))
        before = self._lines[row][: max(column - 1, 0)]
        return types.Position(line=row, character=self._units(before))

    def range(self, span: Span) -> types.Range:
        """The protocol's range of ``span``."""
        return types.Range(
            start=self.position(span.line, span.column),
            end=self.position(span.end_line, span.end_column),
        )

    def point(self, position: types.Position) -> Point | None:
        """``position`` in assay's terms; None past the end of its line or of the text.
        A position inside a character (a client's mistake) is that character's."""
        if position.line >= len(self._lines):
            return None
        line = self._lines[position.line]
        if position.character > self._units(line):
            return None
        return position.line + 1, self._column(line, position.character) + 1

    def _column(self, line: str, units: int) -> int:
        """How many code points of ``line`` end within its first ``units`` units."""
        if self._units is len:  # UTF-32: a unit is a code point
            return units
        count = 0
        for index, char in enumerate(line):
            count += self._units(char)
            if count > units:
                return index
        return len(line)

    def word_at(self, point: Point) -> str:
        """The run of letters and digits at ``point`` (a code under the cursor)."""
        line = self._lines[point[0] - 1]
        start = end = point[1] - 1
        while start > 0 and line[start - 1].isalnum():
            start -= 1
        while end < len(line) and line[end].isalnum():
            end += 1
        return line[start:end]
