"""The line lexer: CommonMark's block structure, one token per leaf block or container edge.

Markdown's block structure is decided line by line: which open containers (block
quotes, list items) a line continues, whether it starts a new block, and whether it
continues a paragraph lazily.  This module applies those rules (CommonMark 0.31,
plus GFM tables as markdown-it reads them) and emits a flat token stream for the Lark
block grammar (``blocks.lark``): ``QUOTE_OPEN``/``QUOTE_CLOSE``, ``LIST_OPEN``/
``ITEM_OPEN``/``ITEM_CLOSE``/``LIST_CLOSE`` around container content, and one token per
leaf (``H1``..``H6``, ``PARA``, ``FENCE``, ``INDENTED``, ``HTML``, ``TABLE``, ``HR``,
``DEF``).  Each leaf token carries a :class:`Leaf` record with the source offsets of
its lines, from which the transformer builds the models.

Tabs follow CommonMark's tab stops of 4, including partly consumed tabs.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from assay.grammar.fastlane import read_blocks, split_lines
from assay.grammar.html_patterns import BLOCK_ENDS, BLOCK_STARTS
from assay.grammar.leaves import list_model, to_model
from assay.grammar.refdefs import split_definitions
from assay.grammar.scanstate import (
    HEADING_TOKENS,
    LEAF_TOKENS,
    RUN_TOKENS,
    BlockToken,
    Container,
    Leaf,
    Scan,
    Segment,
)
from assay.grammar.tables import table_header
from assay.spec.document import ListItem

if TYPE_CHECKING:
    from assay.grammar.locate import Locator

#: Whether whole top-level blocks may take the fast lane (``fastlane``); the tests turn
#: it off to hold the two ways of reading to the same result.
FAST_LANE = True
#: Block quotes and list items nest at most this deep; the marker of a deeper one is
#: read as text, and the reader says so (DOC013).  No real document comes near it.
#: Without a limit, a generated or hostile file costs time quadratic in its depth
#: (each line is matched against every open container, as CommonMark says) and every
#: reader of the blocks would recurse as deep as the file: past Python's limit, one
#: such file would stop the whole workspace's check.
MAX_NESTING = 100
_MAYBE_SPECIAL = frozenset("#`~*+_=<>-0123456789")
#: First characters that need the full line procedure (block starts, indentation,
#: table delimiter rows); any other line outside containers is paragraph text.
_SLOW_FIRST = _MAYBE_SPECIAL | frozenset(" \t|:")
_SLOW_FIRST_OR_END = _SLOW_FIRST | {""}
_ATX = re.compile(r"#{1,6}(?:[ \t]+|$)")
_FENCE = re.compile(r"`{3,}(?!.*`)|~{3,}")
_CLOSING_FENCE = re.compile(r"(`{3,}|~{3,})[ \t]*$")
_SETEXT = re.compile(r"(?:=+|-+)[ \t]*$")
_BREAK = re.compile(r"(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$|(?:-[ \t]*){3,}$")
_NONSPACE = re.compile(r"[^ \t]")
_BULLET = re.compile(r"[*+-]")
_ORDERED = re.compile(r"(\d{1,9})([.)])")


def scan(locator: Locator, first_line: int = 0) -> Scan:
    """Lex the locator's text (lines from ``first_line`` on) into block tokens."""
    result = _Scanner(locator).run(first_line)
    result.tokens = _runs(result.tokens)
    return result


def _runs(tokens: list[BlockToken]) -> list[BlockToken]:
    """Merge consecutive whole-block tokens into ``RUN`` tokens (their node: the models).

    The grammar's work is nesting and sections; handing it one token per run of
    blocks rather than one per block makes parsing several times cheaper.  A run
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


class _Scanner:
    def __init__(self, locator: Locator) -> None:
        self.locator = locator
        self.text = locator.text
        self.starts = locator.line_starts
        self.out = Scan()
        self.stack: list[Container] = [Container("document", 0, 0)]
        self.tip: Leaf | None = None
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

    # -- cursor ---------------------------------------------------------------------
    def find_next_nonspace(self) -> None:
        line, i, col = self.line, self.offset, self.column
        n = len(line)
        if self.nns_line == self.line_no and i <= self.nns:
            # Called once per open container on a line, and the cursor only moves
            # forward: the next non-space is still the one found before.  Without
            # this, a deeply indented line would be scanned once per container.
            j = self.nns
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
        self.offset = self.nns
        self.column = self.nns_column
        self.partial = False

    def advance(self, count: int, columns: bool) -> None:
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

    # -- block tree -----------------------------------------------------------------
    def emit(self, kind: str, node: Leaf | Container, start: int, end: int, line: int) -> None:
        model: object
        if isinstance(node, Leaf):
            value, model = "", to_model(node, self.locator, self.out.collected)
        elif kind.endswith("_OPEN"):
            value, model = node.marker, None
        else:
            value, model = node.marker, self.locator.span(node.start, node.end)
        self.out.tokens.append(BlockToken(kind, value, start, line + 1, end, model))

    def emit_definitions(self, definitions: list[Leaf]) -> None:
        for leaf in definitions:
            self.emit("DEF", leaf, leaf.start, leaf.end, leaf.line)
            self.out.definitions.append((leaf.extra[1], self.out.tokens[-1].node))  # type: ignore[index]

    def line_end(self) -> int:
        return self.base + len(self.line)

    def close_leaf(self) -> None:
        leaf = self.tip
        if leaf is None:
            return
        self.tip = None
        # The leaf's last line may not have gone through add_line (a closing fence, an
        # ATX heading, a setext underline): its container must still reach it.
        container = self.stack[-1]
        container.end = max(container.end, leaf.end)
        finish_leaf(self, leaf)

    def close_container(self) -> None:
        self.close_leaf()
        node = self.stack.pop()
        if (node.kind == "item" and self.simple_item(node)) or (
            node.kind == "list" and self.simple_list(node)
        ):
            pass
        else:
            kind = {"quote": "QUOTE_CLOSE", "list": "LIST_CLOSE", "item": "ITEM_CLOSE"}[node.kind]
            self.emit(kind, node, node.end, node.end, node.line)
        parent = self.stack[-1]
        parent.end = max(parent.end, node.end)

    def simple_item(self, node: Container) -> bool:
        """Emit a list item that holds at most one leaf block as one ``ITEM`` token.

        Most list items are one paragraph; three tokens for each would make the parser
        the slowest stage.  The grammar reads ``ITEM`` wherever an item may stand.
        """
        tokens = self.out.tokens
        if tokens[-1].type == "ITEM_OPEN":
            blocks: tuple[Any, ...] = ()
            del tokens[-1]
        elif tokens[-1].type in LEAF_TOKENS and len(tokens) > 1 and tokens[-2].type == "ITEM_OPEN":
            blocks = (tokens[-1].node,)
            del tokens[-2:]
        else:
            return False
        span = self.locator.span(node.start, node.end)
        item = ListItem(node.marker, blocks, span)
        tokens.append(BlockToken("ITEM", node.marker, node.start, node.line + 1, node.end, item))
        return True

    def simple_list(self, node: Container) -> bool:
        """Emit a list whose items are all ``ITEM`` tokens as one ``LIST`` token."""
        tokens = self.out.tokens
        items = tokens[node.first_token + 1 :]
        if not items or any(t.type != "ITEM" for t in items):
            return False
        model = list_model(
            node.marker, [t.node for t in items], self.locator.span(node.start, node.end)
        )
        del tokens[node.first_token :]
        tokens.append(BlockToken("LIST", node.marker, node.start, node.line + 1, node.end, model))
        return True

    def open_container(self, node: Container) -> None:
        self.close_leaf()
        parent = self.stack[-1]
        if node.kind == "item":
            while parent.kind != "list":
                self.close_container()
                parent = self.stack[-1]
        else:
            while parent.kind == "list":
                self.close_container()
                parent = self.stack[-1]
        parent.has_children = True
        node.first_token = len(self.out.tokens)
        self.stack.append(node)
        kind = {"quote": "QUOTE_OPEN", "list": "LIST_OPEN", "item": "ITEM_OPEN"}[node.kind]
        self.emit(kind, node, node.start, node.start, node.line)

    def open_leaf(self, leaf: Leaf) -> None:
        self.close_leaf()
        while self.stack[-1].kind == "list":
            self.close_container()
        self.stack[-1].has_children = True
        self.tip = leaf

    def close_unmatched(self, matched: int) -> None:
        """Close containers deeper than ``matched`` (an index into the stack)."""
        while len(self.stack) - 1 > matched:
            self.close_container()

    # -- the line loop ----------------------------------------------------------------
    def run(self, first_line: int) -> Scan:
        text, starts = self.text, self.starts
        stack = self.stack
        slow_first = _SLOW_FIRST
        lines = split_lines(text)
        lane = FAST_LANE and lines is not None
        n = len(starts)
        index = first_line - 1
        while index + 1 < n:
            index += 1
            if lane and len(stack) == 1 and self.tip is None:
                index = read_blocks(self, lines, index)  # type: ignore[arg-type]
            begin = starts[index] if index < n else len(text)
            if lines is not None:
                if index >= len(lines):
                    break  # past the last line (an empty "line" after a final newline)
                line = lines[index]
            else:
                end = starts[index + 1] if index + 1 < n else len(text)
                line = text[begin:end]
                if line.endswith("\n"):
                    line = line[:-2] if line.endswith("\r\n") else line[:-1]
                elif line.endswith("\r"):
                    line = line[:-1]
                if not line and index == n - 1 and begin == len(text):
                    break  # the empty "line" after a final newline
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
                if first == "#" and (m := _ATX.match(line)):
                    self.atx_heading(m, index, begin, line)
                    continue
            elif len(stack) == 3 and self.next_item(line, index, begin):
                continue
            elif (
                tip is not None and tip.kind == "para" and not line.strip(" \t") and self.in_items()
            ):
                # A blank line in a list item ends its paragraph and nothing else.
                self.close_leaf()
                continue
            elif (
                len(stack) == 1 and tip is not None and tip.kind == "fence" and "\t" not in line[:4]
            ):
                # Inside a fence outside containers, only a closing fence ends it.
                stripped = line.lstrip(" ")
                if not stripped.startswith(tip.fence[0]) or len(line) - len(stripped) > 3:
                    cut = min(tip.level, len(line) - len(stripped))
                    tip.segments.append(Segment(index, begin + cut, line[cut:]))
                    tip.end = begin + len(line)
                    continue
            self.incorporate(line, index, begin)
        while len(self.stack) > 1:
            self.close_container()
        self.close_leaf()
        return self.out

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
            m = _ORDERED.match(line)
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
        self.line, self.line_no, self.base = line, index, base
        self.nns_line = -1
        self.offset = self.column = 0
        self.partial = False
        stack = self.stack
        matched = 0  # deepest container index this line continues
        all_matched = True
        for depth in range(1, len(stack)):
            node = stack[depth]
            self.find_next_nonspace()
            if node.kind == "quote":
                if self.indent <= 3 and self.nns < len(line) and line[self.nns] == ">":
                    self.advance_next_nonspace()
                    self.advance(1, False)
                    if self.offset < len(line) and line[self.offset] in " \t":
                        self.advance(1, True)
                else:
                    all_matched = False
            elif node.kind == "item":
                if self.blank:
                    if not node.has_children:
                        all_matched = False
                    else:
                        self.advance_next_nonspace()
                elif self.indent >= node.marker_offset + node.padding:
                    self.advance(node.marker_offset + node.padding, True)
                else:
                    all_matched = False
            if not all_matched:
                break
            matched = depth
        tip = self.tip
        leaf_matched = False
        if all_matched and tip is not None:
            self.find_next_nonspace()
            kind = tip.kind
            if kind == "fence":
                if self.indent <= 3 and self.nns < len(line):
                    m = _CLOSING_FENCE.match(line, self.nns)
                    if m and m.group(1)[0] == tip.fence[0] and len(m.group(1)) >= len(tip.fence):
                        tip.end = self.line_end()
                        tip.extra = True  # closed
                        self.close_leaf()
                        return
                skip = tip.level  # the fence's own indentation
                while skip > 0 and self.offset < len(line) and line[self.offset] in " \t":
                    self.advance(1, True)
                    skip -= 1
                leaf_matched = True
            elif kind == "indented":
                if self.indent >= 4:
                    self.advance(4, True)
                    leaf_matched = True
                elif self.blank:
                    self.advance_next_nonspace()
                    leaf_matched = True
            elif kind == "html":
                leaf_matched = not (self.blank and tip.level >= 6)
            elif kind in ("para", "table"):
                leaf_matched = not self.blank
        all_closed = all_matched and (tip is None or leaf_matched)
        para_open = leaf_matched and tip is not None and tip.kind == "para"
        accepts = leaf_matched and tip is not None and tip.kind in ("fence", "indented", "html")
        lazy_para = not all_closed and tip is not None and tip.kind == "para"

        if not accepts:
            while True:
                self.find_next_nonspace()
                if self.indent < 4 and (
                    self.nns >= len(line) or line[self.nns] not in _MAYBE_SPECIAL
                ):
                    self.advance_next_nonspace()
                    break
                started = self.try_starts(matched, all_closed, para_open, lazy_para)
                if started == 0:
                    self.advance_next_nonspace()
                    break
                if started == 2:
                    return
                matched = len(self.stack) - 1
                all_closed = True
                para_open = lazy_para = False
                if started == 3:  # an HTML block or indented code opened: it takes the line
                    self.take_line(self.tip)
                    return
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

    def take_line(self, leaf: Leaf | None) -> None:
        """Add the line to a block that takes lines verbatim; close HTML at its end marker."""
        assert leaf is not None
        self.add_line(leaf)
        if (
            leaf.kind == "html"
            and leaf.level <= 5
            and BLOCK_ENDS[leaf.level].search(self.line, self.offset)
        ):
            self.close_leaf()

    def add_line(self, leaf: Leaf) -> None:
        segment = self.rest()
        if leaf.kind in ("para", "table"):
            stripped = segment.text.lstrip(" \t")
            cut = len(segment.text) - len(stripped)
            real = max(0, cut - segment.virtual)
            segment = Segment(segment.line, segment.start + real, stripped, 0, self.indent)
        leaf.segments.append(segment)
        leaf.end = self.line_end()
        self.stack[-1].end = max(self.stack[-1].end, leaf.end)

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

    # -- block starts -------------------------------------------------------------------
    def try_starts(self, matched: int, all_closed: bool, para_open: bool, lazy: bool) -> int:
        """Try each block start in CommonMark's order; 0 none, 1 container, 2 leaf."""
        line, nns = self.line, self.nns
        ch = line[nns] if nns < len(line) else ""
        indented = self.indent >= 4
        here = self.base + nns
        if not indented:
            if ch == ">" and self.room(matched):
                self.advance_next_nonspace()
                self.advance(1, False)
                if self.offset < len(line) and line[self.offset] in " \t":
                    self.advance(1, True)
                self.close_unmatched(matched)
                self.open_container(Container("quote", self.line_no, here))
                return 1
            if ch == "#" and (m := _ATX.match(line, nns)):
                self.close_unmatched(matched)
                leaf = Leaf("heading", self.line_no, here)
                leaf.level = len(m.group(0).strip(" \t"))
                self.advance_next_nonspace()
                self.advance(len(m.group(0)), False)
                self.open_leaf(leaf)
                leaf.segments.append(self.rest())
                leaf.extra = "atx"
                leaf.end = self.line_end()
                self.close_leaf()
                return 2
            if ch in "`~" and (m := _FENCE.match(line, nns)):
                self.close_unmatched(matched)
                leaf = Leaf("fence", self.line_no, here)
                leaf.fence = m.group(0)
                leaf.level = self.indent
                leaf.extra = False
                self.advance_next_nonspace()
                self.advance(len(leaf.fence), False)
                self.open_leaf(leaf)
                leaf.info = line[self.offset :]
                leaf.end = self.line_end()
                return 2
            if ch == "<":
                for kind, pattern in enumerate(BLOCK_STARTS, start=1):
                    if pattern.match(line, nns):
                        if kind == 7 and (para_open or lazy or self.tip_kind() == "table"):
                            break
                        self.close_unmatched(matched)
                        leaf = Leaf("html", self.line_no, self.base + self.offset)
                        leaf.level = kind
                        self.open_leaf(leaf)
                        return 3  # the line itself is added by the caller
                # not an HTML block start: fall through
            para = self.tip
            if para_open and ch == "-" and para is not None and self.table_start(para):
                # markdown-it tries its table rule before setext headings and
                # thematic breaks: "|a" over "---" is a one-column table.
                return 2
            if para_open and ch in "=-" and _SETEXT.match(line, nns):
                para = self.tip
                assert para is not None
                self.close_unmatched(matched)
                self.emit_definitions(split_definitions(para))
                if para.segments:
                    para.kind = "heading"
                    para.level = 1 if ch == "=" else 2
                    para.extra = "setext"
                    para.end = self.line_end()
                    self.close_leaf()
                    return 2
                self.tip = None  # the paragraph held only definitions
            if ch in "*-_" and _BREAK.match(line, nns):
                self.close_unmatched(matched)
                leaf = Leaf("hr", self.line_no, here)
                self.open_leaf(leaf)
                leaf.end = self.line_end()
                self.close_leaf()
                return 2
        if not indented or self.stack[matched].kind == "list":
            started = self.list_item(matched, para_open)
            if started:
                return 1
        if indented and not self.blank and self.tip_kind() != "para":
            self.advance(4, True)
            self.close_unmatched(matched)
            leaf = Leaf("indented", self.line_no, self.base + self.offset)
            self.open_leaf(leaf)
            return 3
        return 0

    def tip_kind(self) -> str:
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
        if self.indent >= 4:
            return False
        line, nns = self.line, self.nns
        marker_offset = self.indent
        m = _BULLET.match(line, nns)
        ordered = False
        if m is None:
            m = _ORDERED.match(line, nns)
            if m is None or (para_open and m.group(1) != "1"):
                return False
            ordered = True
        width = len(m.group(0))
        after = nns + width
        if after < len(line) and line[after] not in " \t":
            return False
        if para_open and not line[after:].strip(" \t"):
            return False
        if not self.room(matched):
            return False
        start = self.base + nns
        self.advance_next_nonspace()
        self.advance(width, True)
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
            padding = width + 1
            self.column, self.offset, self.partial = spaces_column, spaces_offset, False
            if self.offset < len(line) and line[self.offset] in " \t":
                self.advance(1, True)
        else:
            padding = width + spaces
        self.close_unmatched(matched)
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
        return True


def finish_leaf(scanner: _Scanner, leaf: Leaf) -> None:
    """Emit a leaf that has just closed, after its last-moment decisions."""
    kind = leaf.kind
    if kind == "para":
        scanner.emit_definitions(split_definitions(leaf))
        if leaf.segments:
            scanner.emit("PARA", leaf, leaf.start, leaf.end, leaf.line)
    elif kind == "heading":
        scanner.emit(f"H{leaf.level}", leaf, leaf.start, leaf.end, leaf.line)
    elif kind == "indented":
        while leaf.segments and not leaf.segments[-1].text.strip(" \t"):
            leaf.segments.pop()
        if leaf.segments:
            last = leaf.segments[-1]
            leaf.end = last.start + len(last.text) - last.virtual
        scanner.emit("INDENTED", leaf, leaf.start, leaf.end, leaf.line)
    else:
        token = {"fence": "FENCE", "html": "HTML", "table": "TABLE", "hr": "HR"}[kind]
        scanner.emit(token, leaf, leaf.start, leaf.end, leaf.line)
