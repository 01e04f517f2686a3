"""Block starts: which block a line opens, tried in CommonMark's order.

Block quotes, ATX headings, fences, HTML blocks, GFM tables (as markdown-it reads
them), setext underlines, thematic breaks, list items and indented code.  A container
opens only while there is room for it (``MAX_NESTING``).
"""

from __future__ import annotations

import re

from assay.grammar.markdown.block_tree import BlockTree
from assay.grammar.markdown.html_patterns import BLOCK_STARTS
from assay.grammar.markdown.leaves import may_interrupt
from assay.grammar.markdown.refdefs import split_definitions
from assay.grammar.markdown.scanstate import Container, Leaf
from assay.grammar.markdown.tables import table_header

#: Block quotes and list items nest at most this deep; the marker of a deeper one is
#: read as text, and the reader says so (DOC013).  No real document comes near it.
#: Without a limit, a generated or hostile file costs time quadratic in its depth
#: (each line is matched against every open container, as CommonMark says) and every
#: reader of the blocks would recurse as deep as the file: past Python's limit, one
#: such file would stop the whole workspace's check.
MAX_NESTING = 100
ATX = re.compile(r"#{1,6}(?:[ \t]+|$)")
_FENCE = re.compile(r"`{3,}(?!.*`)|~{3,}")
_SETEXT = re.compile(r"(?:=+|-+)[ \t]*$")
_BREAK = re.compile(r"(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$|(?:-[ \t]*){3,}$")
_BULLET = re.compile(r"[*+-]")
ORDERED = re.compile(r"(\d{1,9})([.)])")


class BlockStarts(BlockTree):
    """The block tree, with the rules that open a block on the current line."""

    def table_start(self, para: Leaf) -> bool:
        """Turn a paragraph's last line into a table header when this line is a delimiter row."""
        if self.indent >= 4:
            return False
        header = para.segments[-1]
        if header.line != self.line_no - 1 or header.indent >= 4:
            return False  # an indented header line is paragraph text (markdown-it: code-indented)
        if not table_header(header.text, self.line[self.nns :]):
            return False
        lazy = para.extra if isinstance(para.extra, tuple) else None
        if lazy is not None and lazy[0] == header.line:
            # The header line continued the paragraph lazily, so the table would stand
            # outside the containers (as markdown-it reads it): only at the top level,
            # and only if the delimiter row is not indented code there.
            # (A list the line "matched" holds nothing of it: only its items count.)
            outside = all(node.kind == "list" for node in self.stack[1 : lazy[1] + 1])
            row = self.line.expandtabs(4)
            if not outside or len(row) - len(row.lstrip(" ")) >= 4:
                return False
        para.segments.pop()
        if para.segments:
            para.end = para.segments[-1].start + len(para.segments[-1].text)
            self.close_leaf()
        else:
            self.tip = None
        if lazy is not None and lazy[0] == header.line:
            # markdown-it ends the containers a lazy header line did not continue:
            # the table starts where that line stood, and the row ends them.
            self.close_unmatched(0)
        table = Leaf("table", header.line, header.start)
        self.open_leaf(table)
        table.segments.append(header)
        table.end = header.start + len(header.text)
        self.advance_next_nonspace()
        self.add_line(table)
        return True

    def try_starts(self, matched: int, all_closed: bool, para_open: bool, lazy: bool) -> int:
        """Try each block start in CommonMark's order; 0 none, 1 container, 2 leaf, 3 a
        leaf that takes the line (HTML, indented code)."""
        if self.indent >= 4:  # only indented code starts here (and no list item)
            if not self.blank and self.tip_kind() != "para":
                self.indented_code(matched)
                return 3
            return 0
        started = self.marked_start(matched, para_open, lazy)
        if started:
            return started
        return 1 if self.list_item(matched, para_open) else 0

    def marked_start(self, matched: int, para_open: bool, lazy: bool) -> int:
        """The starts a character at the cursor marks, up to 3 columns in, in
        CommonMark's order before list items: block quote, ATX heading, fence, HTML,
        a paragraph's underline (table or setext), thematic break."""
        line, nns = self.line, self.nns
        ch = line[nns] if nns < len(line) else ""
        if ch == ">" and self.room(matched):
            self.block_quote(matched)
            return 1
        if ch == "#" and (m := ATX.match(line, nns)):
            self.atx_heading_start(m, matched)
            return 2
        if ch in "`~" and (m := _FENCE.match(line, nns)):
            self.fence_start(m, matched)
            return 2
        if ch == "<" and self.html_start(matched, para_open or lazy):
            return 3  # the line itself is added by the caller
        if para_open and ch in "=-" and self.underline(matched, ch):
            return 2
        if ch in "*-_" and _BREAK.match(line, nns):
            self.thematic_break(matched)
            return 2
        return 0

    def block_quote(self, matched: int) -> None:
        """Open a block quote at the cursor's ``>``, past it and one space after it."""
        line, here = self.line, self.base + self.nns
        self.advance_next_nonspace()
        self.advance(1, False)
        if self.offset < len(line) and line[self.offset] in " \t":
            self.advance(1, True)
        self.close_unmatched(matched)
        self.open_container(Container("quote", self.line_no, here))

    def atx_heading_start(self, m: re.Match[str], matched: int) -> None:
        """An ATX heading at the cursor, its marks ``m``: the line's one leaf."""
        self.close_unmatched(matched)
        leaf = Leaf("heading", self.line_no, self.base + self.nns)
        leaf.level = len(m.group(0).strip(" \t"))
        self.advance_next_nonspace()
        self.advance(len(m.group(0)), False)
        self.open_leaf(leaf)
        leaf.segments.append(self.rest())
        leaf.extra = "atx"
        leaf.end = self.line_end()
        self.close_leaf()

    def fence_start(self, m: re.Match[str], matched: int) -> None:
        """Open fenced code at the cursor, its fence ``m``; the rest is its info string."""
        self.close_unmatched(matched)
        leaf = Leaf("fence", self.line_no, self.base + self.nns)
        leaf.fence = m.group(0)
        leaf.level = self.indent
        leaf.extra = False
        self.advance_next_nonspace()
        self.advance(len(leaf.fence), False)
        self.open_leaf(leaf)
        leaf.info = self.line[self.offset :]
        leaf.end = self.line_end()

    def html_start(self, matched: int, interrupting: bool) -> bool:
        """Open an HTML block at the cursor's ``<`` when one starts there; whether it did.
        Kind 7 (any tag) cannot interrupt a paragraph (open, or continued lazily) or a table."""
        line, nns = self.line, self.nns
        for kind, pattern in enumerate(BLOCK_STARTS, start=1):
            if pattern.match(line, nns):
                if kind == 7 and (interrupting or self.tip_kind() == "table"):
                    return False
                self.close_unmatched(matched)
                leaf = Leaf("html", self.line_no, self.base + self.offset)
                leaf.level = kind
                self.open_leaf(leaf)
                return True
        return False

    def underline(self, matched: int, ch: str) -> bool:
        """An open paragraph's underline: a table's delimiter row, or a setext heading's
        ``=`` or ``-`` line; whether the line was one (a paragraph of only definitions
        is closed by a setext line that then goes on to the next starts)."""
        para = self.tip
        if ch == "-" and para is not None and self.table_start(para):
            # markdown-it tries its table rule before setext headings and
            # thematic breaks: "|a" over "---" is a one-column table.
            return True
        if not _SETEXT.match(self.line, self.nns):
            return False
        assert para is not None
        self.close_unmatched(matched)
        self.emit_definitions(split_definitions(para))
        if para.segments:
            para.kind = "heading"
            para.level = 1 if ch == "=" else 2
            para.extra = "setext"
            para.end = self.line_end()
            self.close_leaf()
            return True
        self.tip = None  # the paragraph held only definitions
        return False

    def thematic_break(self, matched: int) -> None:
        """A thematic break at the cursor: the line's one leaf."""
        self.close_unmatched(matched)
        leaf = Leaf("hr", self.line_no, self.base + self.nns)
        self.open_leaf(leaf)
        leaf.end = self.line_end()
        self.close_leaf()

    def indented_code(self, matched: int) -> None:
        """Open indented code four columns past the cursor's start."""
        self.advance(4, True)
        self.close_unmatched(matched)
        leaf = Leaf("indented", self.line_no, self.base + self.offset)
        self.open_leaf(leaf)

    def tip_kind(self) -> str:
        """The kind of the open leaf block, or ``""`` when none is open."""
        return self.tip.kind if self.tip is not None else ""

    def room(self, matched: int) -> bool:
        """Whether a block quote or list item may open inside ``stack[matched]``:
        False (and the place noted, the first time) past ``MAX_NESTING``."""
        nesting = 0
        for node in self.stack[1 : matched + 1]:
            if node.kind != "list":
                nesting += 1
        if nesting < MAX_NESTING:
            return True
        if self.out.too_deep is None:
            self.out.too_deep = self.base + self.nns
        return False

    def list_item(self, matched: int, para_open: bool) -> bool:
        """Open a list item at the cursor when the line starts one here; whether it did."""
        if self.indent >= 4:
            return False
        marker = self.list_marker(para_open)
        if marker is None or not self.room(matched):
            return False
        m, ordered = marker
        marker_offset = self.indent
        start = self.base + self.nns
        width = len(m.group(0))
        self.advance_next_nonspace()
        self.advance(width, True)
        padding = width + self.content_spaces()
        self.close_unmatched(matched)
        self.open_item(m, ordered, start, marker_offset, padding)
        return True

    def list_marker(self, para_open: bool) -> tuple[re.Match[str], bool] | None:
        """The list marker at the cursor, and whether it is ordered; None when there is
        none, or when it may not interrupt the open paragraph (a number other than 1,
        an empty item)."""
        line, nns = self.line, self.nns
        m = _BULLET.match(line, nns)
        ordered = False
        if m is None:
            m = ORDERED.match(line, nns)
            if m is None or (para_open and not may_interrupt(m.group(1))):
                return None
            ordered = True
        after = nns + len(m.group(0))
        if after < len(line) and line[after] not in " \t":
            return None
        if para_open and not line[after:].strip(" \t"):
            return None
        return m, ordered

    def content_spaces(self) -> int:
        """The spaces between a list marker and its item's content (the cursor just past
        the marker), the cursor moved to the content.  One when the item starts blank
        or with indented code (five columns or more): then only one space is taken."""
        line = self.line
        spaces_column, spaces_offset = self.column, self.offset
        while True:
            self.advance(1, True)
            if not (
                self.column - spaces_column < 5
                and self.offset < len(line)
                and line[self.offset] in " \t"
            ):
                break
        blank_item = self.offset >= len(line)
        spaces = self.column - spaces_column
        if spaces >= 5 or spaces < 1 or blank_item:
            self.column, self.offset, self.partial = spaces_column, spaces_offset, False
            if self.offset < len(line) and line[self.offset] in " \t":
                self.advance(1, True)
            return 1
        return spaces

    def open_item(
        self, m: re.Match[str], ordered: bool, start: int, marker_offset: int, padding: int
    ) -> None:
        """Open the item of marker ``m``, inside a new list unless the open one has the
        same kind of marker."""
        item = Container("item", self.line_no, start)
        item.ordered = ordered
        item.marker = m.group(0)
        item.bullet = "" if ordered else m.group(0)
        item.delimiter = m.group(2) if ordered else ""
        item.marker_offset = marker_offset
        item.padding = padding
        item.end = self.line_end()
        parent = self.stack[-1]
        if not (
            parent.kind == "list"
            and parent.ordered == ordered
            and parent.bullet == item.bullet
            and parent.delimiter == item.delimiter
        ):
            if parent.kind == "list":
                self.close_container()
            lst = Container("list", self.line_no, start)
            lst.ordered, lst.bullet, lst.delimiter = ordered, item.bullet, item.delimiter
            lst.marker = m.group(1) if ordered else m.group(0)
            self.open_container(lst)
        self.open_container(item)
