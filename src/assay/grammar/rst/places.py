"""Where the text of a doctree node stands in the source: lines and columns.

docutils gives a node the line it starts on (the underline's, for a section title)
and keeps its text with the block's indentation removed, tabs expanded (every eight
columns) and trailing spaces dropped.  A line of a node's text is therefore the end
of its source line as docutils saw it, and its column is where that end starts,
mapped back through the tabs; so an element found in a node's text lands on the
exact column of the source.  When a line does not end so (a node docutils built
from other text), the element is placed at the line's first character instead.
"""

from __future__ import annotations

from bisect import bisect_right

from assay.grammar.locate import Locator
from assay.spec.source import Span


class Lines:
    """The source's lines, as docutils read them and as they are stored."""

    __slots__ = ("_expanded", "locator", "starts", "text")

    def __init__(self, locator: Locator) -> None:
        self.locator = locator
        self.text = locator.text
        self.starts = locator.line_starts
        self._expanded: dict[int, tuple[str, list[int] | None]] = {}

    @property
    def count(self) -> int:
        """How many lines the text has (a last line without an ending included)."""
        starts = self.starts
        return len(starts) - (1 if self.text.endswith(("\n", "\r")) or not self.text else 0)

    def raw(self, index: int) -> str:
        """Line ``index`` (0-based) as stored, without its ending (empty past the end)."""
        if not 0 <= index < len(self.starts):
            return ""
        start = self.starts[index]
        end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.text)
        while end > start and self.text[end - 1] in "\r\n":
            end -= 1
        return self.text[start:end]

    def blank(self, index: int) -> bool:
        """True when line ``index`` holds nothing but white space."""
        return not self.raw(index).strip()

    def expanded(self, index: int) -> tuple[str, list[int] | None]:
        """Line ``index`` as docutils read it (tabs expanded, ``\\v``/``\\f`` as spaces,
        trailing space dropped), and for a line with a tab the character of the
        stored line at each column (None: the columns are the characters)."""
        known = self._expanded.get(index)
        if known is not None:
            return known
        raw = self.raw(index)
        if "\t" not in raw:
            found: tuple[str, list[int] | None] = (
                raw.replace("\v", " ").replace("\f", " ").rstrip(),
                None,
            )
        else:
            columns: list[int] = []
            pieces: list[str] = []
            for at, char in enumerate(raw):
                width = 8 - len(columns) % 8 if char == "\t" else 1
                columns.extend([at] * width)
                pieces.append(" " * width if char in "\t\v\f" else char)
            columns.append(len(raw))
            found = ("".join(pieces).rstrip(), columns)
        if len(self._expanded) > 4096:
            self._expanded.clear()  # memory stays bounded on a huge file
        self._expanded[index] = found
        return found

    def clamp(self, index: int) -> int:
        """``index`` moved onto a line of the text (docutils may name one past it)."""
        return max(0, min(index, len(self.starts) - 1))

    def offset(self, index: int, column: int) -> int:
        """The text offset of ``column`` (0-based, as docutils counts) on line ``index``."""
        index = self.clamp(index)
        _line, columns = self.expanded(index)
        raw_length = len(self.raw(index))
        char = columns[min(column, len(columns) - 1)] if columns is not None else column
        return self.starts[index] + max(0, min(char, raw_length))

    def indent(self, index: int, piece: str) -> int | None:
        """The column (0-based, expanded) at which ``piece`` (a line of a node's
        text) starts on line ``index``, or None when the line does not end with it."""
        line, _columns = self.expanded(index)
        piece = piece.rstrip()
        if not line.endswith(piece):
            return None
        return len(line) - len(piece)

    def line_start(self, index: int) -> int:
        """The offset of line ``index``'s first character that is not white space."""
        index = self.clamp(index)
        raw = self.raw(index)
        return self.starts[index] + len(raw) - len(raw.lstrip())

    def line_end(self, index: int) -> int:
        """The offset of the end of line ``index``'s last character that is not white
        space (its start, for a blank line)."""
        index = self.clamp(index)
        raw = self.raw(index)
        return self.starts[index] + len(raw.rstrip())

    def span(self, start: int, end: int) -> Span:
        """The span of ``text[start:end]``."""
        return self.locator.span(start, max(start, end))

    def last_filled(self, first: int, last: int) -> int:
        """The last line from ``last`` back to ``first`` that is not blank (``first``
        when all are)."""
        while last > first and self.blank(last):
            last -= 1
        return last


class Placed:
    """A node's text laid on its source lines: offsets in the text become offsets in
    the source."""

    __slots__ = ("first", "lines", "pieces", "starts")

    def __init__(self, lines: Lines, first: int, text: str) -> None:
        self.lines = lines
        self.first = first  # the 0-based source line of the text's first line
        self.pieces = text.split("\n")
        self.starts = [0]
        for piece in self.pieces[:-1]:
            self.starts.append(self.starts[-1] + len(piece) + 1)

    @property
    def last(self) -> int:
        """The 0-based source line of the text's last line (within the source)."""
        return min(self.first + len(self.pieces) - 1, self.lines.count - 1)

    def source(self, offset: int) -> int:
        """The source offset of ``offset`` in the node's text."""
        k = bisect_right(self.starts, offset) - 1
        index = self.first + k
        if index >= self.lines.count:
            return len(self.lines.text)
        column = self.lines.indent(index, self.pieces[k])
        if column is None:
            return self.lines.line_start(index)
        return self.lines.offset(index, column + offset - self.starts[k])

    def span(self, start: int, end: int) -> Span:
        """The source span of ``text[start:end]`` of the node."""
        begin = self.source(start)
        return self.lines.span(begin, max(begin, self.source(end)))

    def whole(self) -> Span:
        """The source span of the node's whole text."""
        return self.span(0, len(self.pieces[-1]) + self.starts[-1])
