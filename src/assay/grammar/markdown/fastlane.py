"""The fast lane: whole top-level blocks whose reading is plain from their text.

Most lines of most records stand outside any container: headings, paragraphs, fenced
code, lists of one-line items.  CommonMark's line procedure (``blockscan``) spends
most of its time on those, reaching an answer the text shows at a glance.  Where
nothing is open (no container, no leaf block), the lexer first offers the lines here:
the fast lane reads as many whole blocks as it is sure of and makes the same tokens
and models the procedure would.  It stops at the first line it is not sure of, and
may leave a paragraph open for the procedure to go on with (the next line may turn it
into a heading or a table).  The procedure hands back as soon as nothing is open.

Being sure is cheap because the tests make it so: every document the tests parse,
hypothesis-generated ones included, is read both with and without this lane, and the
two readings must be equal.

This module offers the lines and reads block quotes; the leaf blocks are read in
``fastlane_leaves``, lists in ``fastlane_lists``, with what they share in
``fastlane_base``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assay.grammar.markdown.fastlane_base import (
    ATX,
    FENCE,
    ITEM,
    LAZY_UNSURE,
    MAY_INTERRUPT,
    ODD_BREAKS,
    STARTS_BLOCK,
    close_block,
)
from assay.grammar.markdown.fastlane_leaves import (
    read_comment,
    read_fence,
    read_heading,
    read_indented,
    read_paragraph,
)
from assay.grammar.markdown.fastlane_lists import read_list
from assay.grammar.markdown.leaves import paragraph
from assay.grammar.markdown.scanstate import BlockToken, Segment

if TYPE_CHECKING:
    from assay.grammar.markdown.block_tree import BlockTree


def split_lines(text: str) -> list[str] | None:
    """The text's lines without their endings, or None when ``splitlines`` would cut
    it where CommonMark does not (the fast lane then stays closed)."""
    if ODD_BREAKS.search(text):
        return None
    return text.splitlines()


def read_blocks(scanner: BlockTree, lines: list[str], index: int) -> int:
    """Read whole blocks from line ``index`` on; the first line left to the procedure."""
    n = len(lines)
    while index < n:
        line = lines[index]
        if not line:
            index += 1
            continue
        first = line[0]
        if first == "#":
            if not (marks := ATX.match(line)):
                return read_paragraph(scanner, lines, index)
            read_heading(scanner, line, index, marks.group(0))
            index += 1
            continue
        if first in _MARKED_FIRST:
            found = _read_marked(scanner, lines, index, line, first)
            if found is not None:
                if found < 0:
                    return index
                index = found
                continue
        if first == "[":
            index = read_paragraph(scanner, lines, index)
            if scanner.tip is not None:
                return index
            continue
        if STARTS_BLOCK.match(line):
            if not line.strip(" \t"):
                index += 1  # a blank line
                continue
            if line.startswith("    "):
                index = read_indented(scanner, lines, index)
                if scanner.tip is not None:
                    return index
                continue
            return index
        index = read_paragraph(scanner, lines, index)
        if scanner.tip is not None:
            return index
    return index


#: First characters of the blocks ``_read_marked`` reads.
_MARKED_FIRST = frozenset("`~*+-0123456789<>")


def _read_marked(
    scanner: BlockTree, lines: list[str], index: int, line: str, first: str
) -> int | None:
    """Fenced code, a list, an HTML comment or a block quote starting at line
    ``index``: the line after it, -1 when the lane is unsure of it, None when the line
    starts none of them."""
    if first in "`~" and (m := FENCE.match(line)):
        return read_fence(scanner, lines, index, m.group(0))
    if first in "*+-0123456789" and (m := ITEM.match(line)):
        return read_list(scanner, lines, index, m)
    if first == "<" and line.startswith("<!--"):
        return read_comment(scanner, lines, index)
    if first == ">":
        return _quote(scanner, lines, index)
    return None


def _quote(scanner: BlockTree, lines: list[str], index: int) -> int:
    """A block quote holding one paragraph, up to a blank line; -1 when unsure."""
    n = len(lines)
    starts = scanner.starts
    segments: list[Segment] = []
    k = index
    while k < n and (line := lines[k]):
        if line[0] == ">":
            cut = 2 if line[1:2] == " " else 1
            text = line[cut:]
            if not text or (STARTS_BLOCK if k == index else MAY_INTERRUPT).match(text):
                return -1  # more than one plain paragraph, or not sure what
            segments.append(Segment(k, starts[k] + cut, text))
        elif line[0] in LAZY_UNSURE or MAY_INTERRUPT.match(line):
            break
        else:  # lazy continuation of the quote's paragraph
            segments.append(Segment(k, starts[k], line))
        k += 1
    if k < n and lines[k].strip(" \t"):
        return -1  # something follows without a blank line between
    begin, first, last = starts[index], segments[0], segments[-1]
    end = last.start + len(last.text)
    span = scanner.locator.span_on
    model = paragraph(segments, span(first.start, end, index, last.line), scanner.out.collected)
    # The tokens the procedure makes: the quote's edges around its paragraph.
    scanner.out.tokens.append(BlockToken("QUOTE_OPEN", "", begin, index + 1, begin, None))
    close_block(scanner, "PARA", first.start, end, index, model)
    quote = span(begin, end, index, last.line)
    scanner.out.tokens.append(BlockToken("QUOTE_CLOSE", "", end, index + 1, end, quote))
    return k
