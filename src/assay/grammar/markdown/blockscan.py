"""The line lexer: CommonMark's block structure, one token per leaf block or container edge.

Markdown's block structure is decided line by line: which open containers (block
quotes, list items) a line continues, whether it starts a new block, and whether it
continues a paragraph lazily.  This module applies those rules (CommonMark 0.31,
plus GFM tables as markdown-it reads them) and emits a flat token stream the
sectioner nests (``sectioner``): ``QUOTE_OPEN``/``QUOTE_CLOSE``, ``LIST_OPEN``/
``ITEM_OPEN``/``ITEM_CLOSE``/``LIST_CLOSE`` around container content, and one token per
leaf (``H1``..``H6``, ``PARA``, ``FENCE``, ``INDENTED``, ``HTML``, ``TABLE``, ``HR``,
``DEF``).  Each leaf token carries a :class:`Leaf` record with the source offsets of
its lines, from which the transformer builds the models.

Tabs follow CommonMark's tab stops of 4, including partly consumed tabs.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from assay.grammar.markdown.block_starts import ATX, ORDERED, BlockStarts
from assay.grammar.markdown.fastlane import read_blocks, split_lines
from assay.grammar.markdown.scanstate import (
    HEADING_TOKENS,
    RUN_TOKENS,
    BlockToken,
    Container,
    Leaf,
    Scan,
    Segment,
)

if TYPE_CHECKING:
    from assay.grammar.locate import Locator

_MAYBE_SPECIAL = frozenset("#`~*+_=<>-0123456789")
#: First characters that need the full line procedure (block starts, indentation,
#: table delimiter rows); any other line outside containers is paragraph text.
_SLOW_FIRST = _MAYBE_SPECIAL | frozenset(" \t|:")
_SLOW_FIRST_OR_END = _SLOW_FIRST | {""}
_CLOSING_FENCE = re.compile(r"(`{3,}|~{3,})[ \t]*$")


def scan(locator: Locator, first_line: int = 0) -> Scan:
    """Lex the locator's text (lines from ``first_line`` on) into block tokens."""
    result = _Scanner(locator).run(first_line)
    result.tokens = _runs(result.tokens)
    return result


def _runs(tokens: list[BlockToken]) -> list[BlockToken]:
    """Merge consecutive whole-block tokens into ``RUN`` tokens (their node: the models).

    The sectioner's work is nesting and sections; handing it one token per run of
    blocks rather than one per block makes that several times cheaper.  A run
    right after a heading outside containers rides on the heading's token: it can
    only be the start of that heading's section.
    """
    merged: list[BlockToken] = []
    run: list[Any] | None = None
    depth = 0  # open containers
    for token in tokens:
        kind = token.type
        if kind in RUN_TOKENS or kind == "RUN":  # the fast lane hands over whole runs
            if run is None:
                last = merged[-1] if merged else None
                if depth == 0 and last is not None and last.type in HEADING_TOKENS:
                    run = last.blocks
                elif kind == "RUN":
                    merged.append(token)
                    run = token.node
                    continue
                else:
                    run = []
                    start, line, end = token.start_pos, token.line, token.end_pos
                    merged.append(BlockToken("RUN", "", start, line, end, run))
            if kind == "RUN":
                run.extend(token.node)
            else:
                run.append(token.node)
            continue
        run = None
        if kind.endswith("_OPEN"):
            depth += 1
        elif kind.endswith("_CLOSE"):
            depth -= 1
        merged.append(token)
    return merged


class _Scanner(BlockStarts):
    """The line procedure: each line through the open containers, then the block starts."""

    # -- the line loop ----------------------------------------------------------------
    def run(self, first_line: int) -> Scan:
        text, starts = self.text, self.starts
        stack = self.stack
        slow_first = _SLOW_FIRST
        lines = split_lines(text)
        n = len(starts)
        index = first_line - 1
        while index + 1 < n:
            index += 1
            if lines is not None and len(stack) == 1 and self.tip is None:
                index = read_blocks(self, lines, index)
            begin = starts[index] if index < n else len(text)
            if lines is not None:
                if index >= len(lines):
                    break  # past the last line (an empty "line" after a final newline)
                line = lines[index]
            else:
                sliced = self.sliced_line(index, begin)
                if sliced is None:
                    break  # the empty "line" after a final newline
                line = sliced
            tip = self.tip
            if len(stack) == 1 and (tip is None or tip.kind == "para"):
                # Fast path for most lines of most documents: outside any container,
                # a line that cannot start a block either continues the paragraph or
                # starts one, and a blank line ends it.  Same result as incorporate().
                if not line.strip(" \t"):
                    if tip is not None:
                        self.close_leaf()
                    continue
                first = line[0]
                if first not in slow_first:
                    if tip is None:
                        tip = Leaf("para", index, begin)
                        self.open_leaf(tip)
                    tip.segments.append(Segment(index, begin, line))
                    tip.end = begin + len(line)
                    continue
                if first == "#" and (m := ATX.match(line)):
                    self.atx_heading(m, index, begin, line)
                    continue
            elif self.placed_fast(tip, line, index, begin):
                continue
            self.incorporate(line, index, begin)
        while len(self.stack) > 1:
            self.close_container()
        self.close_leaf()
        return self.out

    def sliced_line(self, index: int, begin: int) -> str | None:
        """Line ``index`` (at ``begin``) cut from the text without its ending, for a text
        ``splitlines`` would cut elsewhere; None for the empty "line" after a final
        newline."""
        text, starts = self.text, self.starts
        n = len(starts)
        end = starts[index + 1] if index + 1 < n else len(text)
        line = text[begin:end]
        if line.endswith("\n"):
            line = line[:-2] if line.endswith("\r\n") else line[:-1]
        elif line.endswith("\r"):
            line = line[:-1]
        if not line and index == n - 1 and begin == len(text):
            return None
        return line

    def placed_fast(self, tip: Leaf | None, line: str, index: int, begin: int) -> bool:
        """Place a line inside containers or an open block on a fast path when one
        knows where it goes (the next item of a top-level list, a blank line in list
        items, a line of fenced code outside containers); whether one did."""
        stack = self.stack
        if len(stack) == 3 and self.next_item(line, index, begin):
            return True
        if tip is not None and tip.kind == "para" and not line.strip(" \t") and self.in_items():
            # A blank line in a list item ends its paragraph and nothing else.
            self.close_leaf()
            return True
        if len(stack) == 1 and tip is not None and tip.kind == "fence" and "\t" not in line[:4]:
            # Inside a fence outside containers, only a closing fence ends it.
            stripped = line.lstrip(" ")
            if not stripped.startswith(tip.fence[0]) or len(line) - len(stripped) > 3:
                cut = min(tip.level, len(line) - len(stripped))
                tip.segments.append(Segment(index, begin + cut, line[cut:]))
                tip.end = begin + len(line)
                return True
        return False

    def next_item(self, line: str, index: int, begin: int) -> bool:
        """The next item of a top-level list (``- text``, ``2. text``), on a fast path.

        Only for the plain case: the marker at column 0, one space, then text that
        cannot start a block.  Anything else takes the full procedure, which this
        mirrors step by step (close the item, open a sibling, start its paragraph).
        """
        tip = self.tip
        if tip is not None and tip.kind != "para":
            return False
        lst, item = self.stack[1], self.stack[2]
        if lst.kind != "list" or item.kind != "item" or not line:
            return False
        if lst.ordered:
            m = ORDERED.match(line)
            if m is None or m.group(2) != lst.delimiter:
                return False
            marker = m.group(0)
        elif line[0] == lst.bullet:
            marker = line[0]
        else:
            return False
        width = len(marker)
        if line[width : width + 1] != " " or line[width + 1 : width + 2] in _SLOW_FIRST_OR_END:
            return False
        self.close_leaf()
        self.close_container()
        sibling = Container("item", index, begin)
        sibling.ordered, sibling.bullet, sibling.delimiter = lst.ordered, lst.bullet, lst.delimiter
        sibling.marker = marker
        sibling.padding = width + 1
        sibling.end = begin + len(line)
        self.open_container(sibling)
        leaf = Leaf("para", index, begin + width + 1)
        self.open_leaf(leaf)
        leaf.segments.append(Segment(index, begin + width + 1, line[width + 1 :]))
        leaf.end = begin + len(line)
        return True

    def in_items(self) -> bool:
        """True when every open container is a list or a list item that has content.

        A blank line continues such items (CommonMark), so it only ends the paragraph.
        """
        for node in self.stack[1:]:
            if node.kind == "quote" or (node.kind == "item" and not node.has_children):
                return False
        return len(self.stack) > 1 and self.stack[-1].kind == "item"

    def atx_heading(self, m: re.Match[str], index: int, begin: int, line: str) -> None:
        """An ATX heading outside any container, the line starting with its marks."""
        self.close_leaf()
        leaf = Leaf("heading", index, begin)
        marks = m.group(0)
        leaf.level = len(marks.rstrip(" \t"))
        self.open_leaf(leaf)
        leaf.segments.append(Segment(index, begin + len(marks), line[len(marks) :]))
        leaf.extra = "atx"
        leaf.end = begin + len(line)
        self.close_leaf()

    def incorporate(self, line: str, index: int, base: int) -> None:
        """Add one line: continue the open containers it continues, then its open
        leaf, then open the blocks it starts, then place its text (CommonMark's
        "incorporate a line", as commonmark.js splits it)."""
        self.line, self.line_no, self.base = line, index, base
        self.nns_line = -1
        self.offset = self.column = 0
        self.partial = False
        matched, all_matched = self._continue_containers()
        tip = self.tip
        leaf_matched = False
        if all_matched and tip is not None:
            continued = self._continue_leaf(tip)
            if continued is None:
                return  # the line closed a fence
            leaf_matched = continued
        all_closed = all_matched and (tip is None or leaf_matched)
        accepts = leaf_matched and tip is not None and tip.kind in ("fence", "indented", "html")
        if not accepts:
            para_open = leaf_matched and tip is not None and tip.kind == "para"
            lazy_para = not all_closed and tip is not None and tip.kind == "para"
            opened = self._open_starts(matched, all_closed, para_open, lazy_para)
            if opened is None:
                return  # a block that took the line whole
            matched, all_closed = opened
        self._place(index, matched, all_closed, leaf_matched, accepts)

    def _continue_containers(self) -> tuple[int, bool]:
        """The deepest open container the line continues, and whether it continues
        them all (a quote's `>`, a list item's indentation)."""
        line, stack = self.line, self.stack
        matched = 0
        for depth in range(1, len(stack)):
            node = stack[depth]
            self.find_next_nonspace()
            if node.kind == "quote":
                if not (self.indent <= 3 and self.nns < len(line) and line[self.nns] == ">"):
                    return matched, False
                self.advance_next_nonspace()
                self.advance(1, False)
                if self.offset < len(line) and line[self.offset] in " \t":
                    self.advance(1, True)
            elif node.kind == "item":
                if self.blank:
                    if not node.has_children:
                        return matched, False
                    self.advance_next_nonspace()
                elif self.indent >= node.marker_offset + node.padding:
                    self.advance(node.marker_offset + node.padding, True)
                else:
                    return matched, False
            matched = depth
        return matched, True

    def _continue_leaf(self, tip: Leaf) -> bool | None:
        """Whether the line continues the open leaf ``tip``; None when it closed it (a
        closing fence)."""
        line = self.line
        self.find_next_nonspace()
        kind = tip.kind
        if kind == "fence":
            if self.indent <= 3 and self.nns < len(line):
                m = _CLOSING_FENCE.match(line, self.nns)
                if m and m.group(1)[0] == tip.fence[0] and len(m.group(1)) >= len(tip.fence):
                    tip.end = self.line_end()
                    tip.extra = True  # closed
                    self.close_leaf()
                    return None
            skip = tip.level  # the fence's own indentation
            while skip > 0 and self.offset < len(line) and line[self.offset] in " \t":
                self.advance(1, True)
                skip -= 1
            return True
        if kind == "indented":
            if self.indent >= 4:
                self.advance(4, True)
                return True
            if self.blank:
                self.advance_next_nonspace()
                return True
            return False
        if kind == "html":
            return not (self.blank and tip.level >= 6)
        return kind in ("para", "table") and not self.blank

    def _open_starts(
        self, matched: int, all_closed: bool, para_open: bool, lazy_para: bool
    ) -> tuple[int, bool] | None:
        """Open the blocks the line starts, one inside the other; the deepest open
        container then, and whether every unmatched block is closed. None when a block
        took the line whole (a heading, a thematic break, HTML, indented code)."""
        line = self.line
        while True:
            self.find_next_nonspace()
            if self.indent < 4 and (self.nns >= len(line) or line[self.nns] not in _MAYBE_SPECIAL):
                self.advance_next_nonspace()
                return matched, all_closed
            started = self.try_starts(matched, all_closed, para_open, lazy_para)
            if started == 0:
                self.advance_next_nonspace()
                return matched, all_closed
            if started == 2:
                return None
            matched = len(self.stack) - 1
            all_closed = True
            para_open = lazy_para = False
            if started == 3:  # an HTML block or indented code opened: it takes the line
                self.take_line(self.tip)
                return None

    def _place(
        self, index: int, matched: int, all_closed: bool, leaf_matched: bool, accepts: bool
    ) -> None:
        """Put the rest of the line where it goes: a lazy paragraph line, the open
        leaf, or a new paragraph, closing what it did not continue."""
        tip = self.tip
        if not all_closed and not self.blank and tip is not None and tip.kind == "para":
            self.add_line(tip)  # lazy continuation
            tip.extra = (index, matched)  # a table header here would not be inside
            return
        self.close_unmatched(matched)
        if tip is not None and not leaf_matched:
            self.close_leaf()
            tip = None
        if tip is None:
            if not self.blank:
                leaf = Leaf("para", index, self.base + self.offset)
                self.open_leaf(leaf)
                self.add_line(leaf)
        elif accepts:
            self.take_line(tip)
        elif tip.kind == "table" or not self.table_start(tip):
            self.add_line(tip)
