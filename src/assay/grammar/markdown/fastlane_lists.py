"""The fast lane's lists: a list at the left margin whose items the lane is sure of
(paragraphs, fenced code, nested lists), read whole with its items' models."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assay.grammar.markdown.fastlane_base import (
    ANY_ITEM,
    CLOSING_FENCE,
    FENCE,
    ITEM,
    ITEM_UNSURE,
    LAZY_UNSURE,
    MAY_INTERRUPT,
    close_block,
)
from assay.grammar.markdown.inlines import may_hold_links
from assay.grammar.markdown.leaves import fenced_code, list_model, may_interrupt
from assay.grammar.markdown.scanstate import Segment
from assay.spec.document import CodeBlock, ListBlock, ListItem, Paragraph

if TYPE_CHECKING:
    from assay.grammar.markdown.block_tree import BlockTree


def read_list(scanner: BlockTree, lines: list[str], index: int, m: re.Match[str]) -> int:
    """A list at the left margin; -1 when the lane is unsure of any of it.

    After the last item (and any blank lines) comes the end of the text, or a line at
    the left margin that is not an item of this list: that line ends the list.
    """
    read = _read_list(scanner, lines, index, m, 0)
    if read is None:
        return -1
    model, texts, j, end = read
    scanner.out.collected.inline.extend(texts)
    close_block(scanner, "LIST", scanner.starts[index], end, index, model)
    return j


#: What ``_read_list`` gives: the list, its items' lines for the inline pass, the
#: next line to read and the character offset where the list ends.
ReadList = tuple[ListBlock, list[list[Segment]], int, int]


def _read_list(
    scanner: BlockTree, lines: list[str], index: int, m: re.Match[str], indent: int
) -> ReadList | None:
    """A list whose markers stand ``indent`` spaces in (0, or an item's text column).

    Blank lines may stand between the items of a list at the margin; a deeper list
    ends at the first line that is not one of its items.
    """
    bullet, number, delimiter = m.groups()
    n = len(lines)
    items: list[ListItem] = []
    texts: list[list[Segment]] = []
    j = index
    while True:
        read = _read_item(scanner, lines, j, m, indent, texts)
        if read is None:
            return None
        item, j, list_end, list_end_line = read
        items.append(item)
        if indent:  # a deeper list: its items follow one another
            following_item = _deeper_next(lines, j, indent, bullet, delimiter)
            if following_item is None:
                break
            m = following_item
            continue
        blank = False
        while j < n and not lines[j].strip(" \t"):
            blank = True
            j += 1
        if j >= n:
            break
        line = lines[j]
        following_item = ITEM.match(line)
        if following_item is not None and following_item.groups()[::2] == (bullet, delimiter):
            m = following_item
            continue
        if not blank or line[0] in " \t":
            return None  # a nested block, or more of the item
        if ANY_ITEM.match(line) and (line[0] == bullet or (delimiter and line[0].isdigit())):
            return None  # an item of this list that the lane does not read
        break
    first = scanner.starts[index] + indent
    span = scanner.locator.span_on(first, list_end, index, list_end_line)
    return list_model(number or bullet, items, span), texts, j, list_end


def _read_item(
    scanner: BlockTree,
    lines: list[str],
    j: int,
    m: re.Match[str],
    indent: int,
    texts: list[list[Segment]],
) -> tuple[ListItem, int, int, int] | None:
    """The item of marker ``m`` on line ``j``: the item, the line after it, and the
    character offset and line where it ends; None when the lane is unsure of it.  The
    lines of its text that may hold links go to ``texts``.

    The item holds a paragraph, which may go on in lines indented to its text or in
    lines at the left margin (lazy continuation); in a list at the margin, a list one
    level deeper or fenced code may follow it.
    """
    starts = scanner.starts
    span = scanner.locator.span_on
    n = len(lines)
    line = lines[j]
    width = m.end()  # the column of the item's text
    if ITEM_UNSURE.match(line, width):
        return None
    begin, first_line = starts[j], j
    first_text = line[width:]
    segments = [Segment(j, begin + width, first_text)]
    j += 1
    while j < n and (following := lines[j]):
        if following[0] != " ":  # at the left margin: lazy continuation, or not ours
            if following[0] in LAZY_UNSURE:
                break
            segments.append(Segment(j, starts[j], following))
            j += 1
            continue
        text = following.lstrip(" ")
        lead = len(following) - len(text)
        if lead < width or not text or MAY_INTERRUPT.match(text):
            break  # a new item, another block, or a line the lane is not sure of
        segments.append(Segment(j, starts[j] + lead, text))
        j += 1
    last = segments[-1]
    end, end_line = last.start + len(last.text), last.line
    text = first_text if len(segments) == 1 else "\n".join([s.text for s in segments])
    if may_hold_links(text):
        texts.append(segments)
    text = text.rstrip(" \t")
    blocks: tuple[Paragraph | ListBlock | CodeBlock, ...] = (
        Paragraph(text, span(begin + width, end, first_line, end_line)),
    )
    after = lines[j] if j < n else "-"
    if indent or (after and after[0] not in " \t"):
        pass  # nothing more in the item: the next line is not blank or indented
    elif deeper := _deeper_item(after, width):
        nested = _read_list(scanner, lines, j, deeper, width)
        if nested is None:
            return None
        inner, inner_texts, j, end = nested
        texts.extend(inner_texts)
        blocks = (blocks[0], inner)
        end_line = inner.span.end_line - 1
    elif (code := _item_fence(scanner, lines, j, width)) is not None:
        fenced, j, end = code
        blocks = (blocks[0], fenced)
        end_line = j - 1
    item = ListItem(m.group(0)[:-1], blocks, span(begin + indent, end, first_line, end_line))
    return item, j, end, end_line


def _deeper_next(
    lines: list[str], j: int, indent: int, bullet: str, delimiter: str
) -> re.Match[str] | None:
    """The marker of the next item of a deeper list (``indent`` spaces in) on line
    ``j``; None when that line is no item of it, and the list ends there."""
    following_item = ITEM.match(lines[j], indent) if j < len(lines) else None
    if (
        following_item is not None
        and lines[j].startswith(" " * indent)
        and following_item.groups()[::2] == (bullet, delimiter)
    ):
        return following_item
    return None


def _item_fence(
    scanner: BlockTree, lines: list[str], index: int, column: int
) -> tuple[CodeBlock, int, int] | None:
    """Fenced code that an item holds after its paragraph, its fence at the item's
    text ``column``: the block, the line after it and where it ends; else None."""
    n = len(lines)
    k = index
    while k < n and not lines[k].strip(" \t"):
        k += 1
    if k >= n:
        return None
    line = lines[k]
    m = FENCE.match(line, column)
    if m is None or line[:column].strip(" "):
        return None
    fence = m.group(0)
    mark, width = fence[0], len(fence)
    body: list[str] = []
    for close in range(k + 1, n):
        candidate = lines[close]
        text = candidate.lstrip(" ")
        if not text.strip(" \t"):
            body.append("")  # a blank line: the item keeps nothing of its spaces
            continue
        if len(candidate) - len(text) < column or text[0] == "\t":
            return None  # the item (and the fence with it) may end here
        closing = CLOSING_FENCE.match(candidate, column)
        if closing is not None and closing.group(1)[0] == mark and len(closing.group(1)) >= width:
            starts = scanner.starts
            begin, end = starts[k] + column, starts[close] + len(candidate)
            content = "\n".join(body) + "\n" if body else ""
            span = scanner.locator.span_on(begin, end, k, close)
            return fenced_code(fence, line[m.end() :], content, span), close + 1, end
        body.append(candidate[column:])
    return None


def _deeper_item(line: str, column: int) -> re.Match[str] | None:
    """An item starting exactly at ``column`` that would interrupt a paragraph there."""
    if len(line) <= column or line[column] == " " or line[:column].strip(" "):
        return None
    m = ITEM.match(line, column)
    if m is None or not may_interrupt(m.group(2)):
        return None
    return m
