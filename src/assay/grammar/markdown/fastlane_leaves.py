"""The fast lane's leaf blocks: ATX headings, paragraphs (and the tables they turn into),
indented code, HTML comments and fenced code, each read whole when the lane is sure of
it, or left open for the line procedure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from assay.grammar.markdown.fastlane_base import (
    ATX,
    CLOSING_FENCE,
    DELIMITER_FIRST,
    FENCE,
    ITEM,
    ITEM_FIRST,
    MAY_INTERRUPT,
    ROW_UNSURE,
    close_block,
)
from assay.grammar.markdown.inlines import may_hold_links
from assay.grammar.markdown.leaves import atx_heading, fenced_code, may_interrupt, paragraph
from assay.grammar.markdown.scanstate import Leaf, Segment
from assay.grammar.markdown.tables import table_header
from assay.spec.document import Paragraph

if TYPE_CHECKING:
    from assay.grammar.markdown.block_tree import BlockTree


def read_heading(scanner: BlockTree, line: str, index: int, marks: str) -> None:
    """An ATX heading at the left margin; ``marks`` its ``#`` marks and the spaces after."""
    begin = scanner.starts[index]
    level = len(marks.rstrip(" \t"))
    segment = Segment(index, begin + len(marks), line[len(marks) :])
    end = begin + len(line)
    span = scanner.locator.span_on(begin, end, index, index)
    model = atx_heading(level, segment, span, scanner.out.collected)
    close_block(scanner, f"H{level}", begin, end, index, model)


def read_paragraph(scanner: BlockTree, lines: list[str], index: int) -> int:
    """A paragraph starting at ``index``; left open when the line after it may end it."""
    starts = scanner.starts
    n = len(lines)
    j = index + 1
    interrupts = MAY_INTERRUPT.match
    while j < n and (following := lines[j]) and not interrupts(following):
        j += 1
    begin = starts[index]
    end = starts[j - 1] + len(lines[j - 1])
    if (j >= n or _ends_paragraph(lines[j - 1], lines[j])) and lines[index][0] != "[":
        # A whole paragraph, which no later line can change: its model now.  Only text
        # that may hold a link goes on to the inline pass (as the lines it came from).
        text = "\n".join(lines[index:j])
        if may_hold_links(text):
            inline = [Segment(k, starts[k], lines[k]) for k in range(index, j)]
            scanner.out.collected.inline.append(inline)
        span = scanner.locator.span_on(begin, end, index, j - 1)
        close_block(scanner, "PARA", begin, end, index, Paragraph(text.rstrip(" \t"), span))
        return j
    segments = [Segment(k, starts[k], lines[k]) for k in range(index, j)]
    if lines[index][0] == "[":
        # It may start with link definitions: the procedure's own closing splits them off.
        leaf = Leaf("para", index, begin)
        leaf.segments = segments
        leaf.end = end
        scanner.open_leaf(leaf)
        if j >= n or not lines[j].strip(" \t"):
            scanner.close_leaf()
        return j
    if j < n and lines[j][:1] in DELIMITER_FIRST and table_header(lines[j - 1], lines[j]):
        return _table(scanner, lines, segments, j)
    leaf = Leaf("para", index, begin)
    leaf.segments = segments
    leaf.end = end
    scanner.open_leaf(leaf)
    return j


def _ends_paragraph(last: str, line: str) -> bool:
    """Whether ``line`` surely ends the paragraph whose last line is ``last``, so that
    it can change nothing of it: a blank line, or a line at the left margin that
    starts a block which interrupts a paragraph (an ATX heading, a fence, a block
    quote, a list item that may interrupt one) and is no table's delimiter row.

    The next line goes on to the lane, or to the procedure with nothing open; the
    procedure would close the paragraph on that line the same way.
    """
    if not line.strip(" \t"):
        return True
    first = line[0]
    if first == "#":
        return ATX.match(line) is not None
    if first in "`~":
        return FENCE.match(line) is not None
    if first == ">":
        return True
    if first not in ITEM_FIRST or (m := ITEM.match(line)) is None:
        return False
    if not may_interrupt(m.group(2)):
        return False
    return first not in DELIMITER_FIRST or not table_header(last, line)


def _table(scanner: BlockTree, lines: list[str], segments: list[Segment], j: int) -> int:
    """A table whose delimiter row is line ``j``: the paragraph's last line is its header.

    Rows follow up to a blank line; a row the lane is not sure of leaves the table
    open for the procedure.
    """
    header = segments.pop()
    if segments:  # the lines above the header stay a paragraph
        begin, last = segments[0].start, segments[-1]
        end = last.start + len(last.text)
        span = scanner.locator.span_on(begin, end, segments[0].line, last.line)
        model = paragraph(segments, span, scanner.out.collected)
        close_block(scanner, "PARA", begin, end, segments[0].line, model)
    starts = scanner.starts
    n = len(lines)
    table = Leaf("table", header.line, header.start)
    rows = table.segments = [header, Segment(j, starts[j], lines[j])]
    k = j + 1
    while k < n and (row := lines[k]) and row[0] not in ROW_UNSURE:
        rows.append(Segment(k, starts[k], row))
        k += 1
    table.end = starts[k - 1] + len(lines[k - 1])
    scanner.open_leaf(table)
    if k >= n or not lines[k].strip(" \t"):
        scanner.close_leaf()
    return k


def read_indented(scanner: BlockTree, lines: list[str], index: int) -> int:
    """Indented code (four spaces in), up to a line indented less; a tab anywhere in a
    line's indentation leaves the block open for the procedure."""
    starts = scanner.starts
    n = len(lines)
    code = Leaf("indented", index, starts[index] + 4)
    segments = code.segments
    k = index
    while k < n:
        line = lines[k]
        if line.startswith("    "):
            segments.append(Segment(k, starts[k] + 4, line[4:]))
        elif "\t" in line[:4]:
            break
        elif not line.strip(" "):  # blank: nothing of it is code
            segments.append(Segment(k, starts[k] + len(line), ""))
        else:
            break
        k += 1
    code.end = starts[k - 1] + len(lines[k - 1])
    scanner.open_leaf(code)
    if k >= n or "\t" not in lines[k][:4]:
        scanner.close_leaf()  # the procedure drops the blank lines at its end
    return k


def read_comment(scanner: BlockTree, lines: list[str], index: int) -> int:
    """An HTML block that starts with ``<!--``, up to the line that ends the comment."""
    n = len(lines)
    for k in range(index, n):
        if "-->" in lines[k]:
            starts = scanner.starts
            block = Leaf("html", index, starts[index])
            block.level = 2  # CommonMark's second kind of HTML block: a comment
            block.segments = [Segment(i, starts[i], lines[i]) for i in range(index, k + 1)]
            block.end = starts[k] + len(lines[k])
            scanner.open_leaf(block)
            scanner.close_leaf()
            return k + 1
    return -1


def read_fence(scanner: BlockTree, lines: list[str], index: int, fence: str) -> int:
    """A fenced code block at the left margin; -1 when it never closes."""
    n = len(lines)
    mark, width = fence[0], len(fence)
    for k in range(index + 1, n):
        candidate = lines[k]
        if candidate.lstrip(" ")[:1] != mark:
            continue
        m = CLOSING_FENCE.match(candidate)
        if m is None or m.group(1)[0] != mark or len(m.group(1)) < width:
            continue
        starts = scanner.starts
        begin, end = starts[index], starts[k] + len(candidate)
        body = lines[index + 1 : k]
        content = "\n".join(body) + "\n" if body else ""
        span = scanner.locator.span_on(begin, end, index, k)
        model = fenced_code(fence, lines[index][width:], content, span)
        close_block(scanner, "FENCE", begin, end, index, model)
        return k + 1
    return -1
