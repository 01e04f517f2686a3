"""The line cursor of the block lexer: where on the current line it stands, tabs included.

CommonMark measures indentation in columns with tab stops of 4, and a tab may be
consumed partly (a list item's content starting inside one).  The cursor keeps the
offset and the column apart, as commonmark.js does, and finds the next non-space.
"""

from __future__ import annotations

import re

from assay.grammar.markdown.scanstate import Segment

_NONSPACE = re.compile(r"[^ \t]")


class LineCursor:
    """The current line and a position on it, in characters and in columns."""

    def __init__(self) -> None:
        # per-line cursor state, as in commonmark.js
        self.line = ""
        self.line_no = 0
        self.base = 0
        self.offset = 0
        self.column = 0
        self.partial = False
        self.nns = 0
        self.nns_line = -1  # the line ``nns`` was found on
        self.nns_column = 0
        self.indent = 0
        self.blank = False

    def find_next_nonspace(self) -> None:
        """Find the next character that is not a space or tab (its offset and column)."""
        line, i, col = self.line, self.offset, self.column
        n = len(line)
        if self.nns_line == self.line_no and i <= self.nns:
            # Called once per open container on a line, and the cursor only moves
            # forward: the next non-space is still the one found before, and so is its
            # column.  Without this, a deeply indented line would be scanned once per
            # container (quadratic in a staircase of tabs).  A line starts at column 0
            # and the cursor moves along tab stops, so the column at ``j`` depends on
            # ``j`` alone, unless the cursor already stands there (maybe inside a tab).
            j = self.nns
            col = self.nns_column if j > i else col
        else:
            m = _NONSPACE.search(line, i)
            j = m.start() if m is not None else n
            self.nns_line = self.line_no
            if "\t" in line[i:j]:
                while i < j:
                    col += 4 - col % 4 if line[i] == "\t" else 1
                    i += 1
            else:
                col += j - i
        self.blank = j >= n
        self.nns = j
        self.nns_column = col
        self.indent = col - self.column

    def advance_next_nonspace(self) -> None:
        """Move the cursor to the next non-space character found."""
        self.offset = self.nns
        self.column = self.nns_column
        self.partial = False

    def advance(self, count: int, columns: bool) -> None:
        """Move ``count`` characters, or ``count`` columns when ``columns`` (a tab spans to
        the next stop of four)."""
        line = self.line
        n = len(line)
        while count > 0 and self.offset < n:
            if line[self.offset] == "\t":
                to_tab = 4 - self.column % 4
                if columns:
                    self.partial = to_tab > count
                    step = min(count, to_tab)
                    self.column += step
                    if not self.partial:
                        self.offset += 1
                    count -= step
                else:
                    self.partial = False
                    self.column += to_tab
                    self.offset += 1
                    count -= 1
            else:
                self.partial = False
                self.offset += 1
                self.column += 1
                count -= 1

    def rest(self) -> Segment:
        """The rest of the line from the cursor, with a partly consumed tab as spaces."""
        offset, virtual = self.offset, 0
        if self.partial:
            offset += 1
            virtual = 4 - self.column % 4
        return Segment(
            self.line_no, self.base + offset, " " * virtual + self.line[offset:], virtual
        )

    def line_end(self) -> int:
        """The text offset where the current line ends."""
        return self.base + len(self.line)
