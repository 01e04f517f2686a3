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
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assay.grammar.inlines import may_hold_links
from assay.grammar.leaves import atx_heading, fenced_code, list_model, paragraph
from assay.grammar.scanstate import RUN_TOKENS, BlockToken, Leaf, Segment
from assay.grammar.tables import table_header
from assay.spec.document import CodeBlock, ListBlock, ListItem, Paragraph

if TYPE_CHECKING:
    from assay.grammar.blockscan import _Scanner

#: Line breaks ``str.splitlines`` knows and CommonMark does not.
_ODD_BREAKS = re.compile("[\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
#: A line that may start a block where nothing is open (or in a list item's first
#: line): indentation, quotes, headings, fences, HTML, list items, thematic breaks.
#: ``[`` too: a paragraph starting with one may hold link definitions.
_STARTS_BLOCK = re.compile(
    r"[ \t>\[<]|#{1,6}(?:[ \t]|$)|`{3}|~{3}|[*+-](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)"
    r"|(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$|(?:-[ \t]*){3,}$"
)
#: A line that may end an open paragraph or change what it is (a setext underline or
#: a table's delimiter row after it), or that continues it with indentation.
_MAY_INTERRUPT = re.compile(r"[ \t>#`~<=|:+-]|\*(?:[ \t]|$|\*[ \t]*\*)|_[ \t]*_[ \t]*_|\d{1,9}[.)]")
#: First characters of a line that may start a table's delimiter row.
_DELIMITER_FIRST = frozenset("|:-")
#: First characters of a line after a table that may start a block instead of a row.
_ROW_UNSURE = frozenset("#`~*+_=<>-0123456789 \t:")
#: The start of an item's text that may be more than a paragraph (``[`` only when the
#: line may hold a link definition).
_ITEM_UNSURE = re.compile(
    r"[ \t>]|\[(?=.*\]:)|<|#{1,6}(?:[ \t]|$)|`{3}|~{3}|[*+-](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)"
    r"|(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$|(?:-[ \t]*){3,}$"
)
#: First characters of a line at the left margin that may not continue an item lazily.
_LAZY_UNSURE = frozenset("#`~*+_=<>-0123456789 \t:|[")
_ATX = re.compile(r"#{1,6}(?:[ \t]+|$)")
_FENCE = re.compile(r"`{3,}(?!.*`)|~{3,}")
_CLOSING_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})[ \t]*$")
#: A list item whose marker is followed by one space and then text.
_ITEM = re.compile(r"(?:([*+-])|(\d{1,9})([.)])) (?=[^ \t])")
_ANY_ITEM = re.compile(r"[*+-](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)")


def split_lines(text: str) -> list[str] | None:
    """The text's lines without their endings, or None when ``splitlines`` would cut
    it where CommonMark does not (the fast lane then stays closed)."""
    if _ODD_BREAKS.search(text):
        return None
    return text.splitlines()


def read_blocks(scanner: _Scanner, lines: list[str], index: int) -> int:
    """Read whole blocks from line ``index`` on; the first line left to the procedure."""
    n = len(lines)
    while index < n:
        line = lines[index]
        if not line:
            index += 1
            continue
        first = line[0]
        if first == "#":
            if not _ATX.match(line):
                return _paragraph(scanner, lines, index)
            _heading(scanner, line, index)
            index += 1
            continue
        if first in "`~" and (m := _FENCE.match(line)):
            found = _fence(scanner, lines, index, m.group(0))
            if found < 0:
                return index
            index = found
            continue
        if first in "*+-0123456789" and (m := _ITEM.match(line)):
            found = _list(scanner, lines, index, m)
            if found < 0:
                return index
            index = found
            continue
        if first == "<" and line.startswith("<!--"):
            found = _comment(scanner, lines, index)
            if found < 0:
                return index
            index = found
            continue
        if first == ">":
            found = _quote(scanner, lines, index)
            if found < 0:
                return index
            index = found
            continue
        if first == "[":
            index = _paragraph(scanner, lines, index)
            if scanner.tip is not None:
                return index
            continue
        if _STARTS_BLOCK.match(line):
            if not line.strip(" \t"):
                index += 1  # a blank line
                continue
            if line.startswith("    "):
                index = _indented(scanner, lines, index)
                if scanner.tip is not None:
                    return index
                continue
            return index
        index = _paragraph(scanner, lines, index)
        if scanner.tip is not None:
            return index
    return index


def _close(scanner: _Scanner, kind: str, start: int, end: int, line: int, model: object) -> None:
    """Hand on a finished block, as the procedure's ``emit`` does; consecutive blocks
    that are never sections go as one ``RUN`` token, as ``blockscan._runs`` would
    merge them.  (The procedure also widens the document's own container; nothing
    reads that.)
    """
    tokens = scanner.out.tokens
    if kind in RUN_TOKENS:
        if tokens and tokens[-1].type == "RUN":
            tokens[-1].node.append(model)
            return
        tokens.append(BlockToken("RUN", "", start, line + 1, end, [model]))
        return
    tokens.append(BlockToken(kind, "", start, line + 1, end, model))


def _heading(scanner: _Scanner, line: str, index: int) -> None:
    marks = _ATX.match(line).group(0)  # type: ignore[union-attr]
    begin = scanner.starts[index]
    level = len(marks.rstrip(" \t"))
    segment = Segment(index, begin + len(marks), line[len(marks) :])
    end = begin + len(line)
    span = scanner.locator.span_on(begin, end, index, index)
    model = atx_heading(level, segment, span, scanner.out.collected)
    _close(scanner, f"H{level}", begin, end, index, model)


def _paragraph(scanner: _Scanner, lines: list[str], index: int) -> int:
    """A paragraph starting at ``index``; left open when the line after it may end it."""
    starts = scanner.starts
    n = len(lines)
    j = index + 1
    interrupts = _MAY_INTERRUPT.match
    while j < n and (following := lines[j]) and not interrupts(following):
        j += 1
    begin = starts[index]
    end = starts[j - 1] + len(lines[j - 1])
    if (j >= n or not lines[j].strip(" \t")) and lines[index][0] != "[":
        # A whole paragraph, which no later line can change: its model now.  Only text
        # that may hold a link goes on to the inline pass (as the lines it came from).
        text = "\n".join(lines[index:j])
        if may_hold_links(text):
            inline = [Segment(k, starts[k], lines[k]) for k in range(index, j)]
            scanner.out.collected.inline.append(inline)
        span = scanner.locator.span_on(begin, end, index, j - 1)
        _close(scanner, "PARA", begin, end, index, Paragraph(text.rstrip(" \t"), span))
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
    if j < n and lines[j][:1] in _DELIMITER_FIRST and table_header(lines[j - 1], lines[j]):
        return _table(scanner, lines, segments, j)
    leaf = Leaf("para", index, begin)
    leaf.segments = segments
    leaf.end = end
    scanner.open_leaf(leaf)
    return j


def _table(scanner: _Scanner, lines: list[str], segments: list[Segment], j: int) -> int:
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
        _close(scanner, "PARA", begin, end, segments[0].line, model)
    starts = scanner.starts
    n = len(lines)
    table = Leaf("table", header.line, header.start)
    rows = table.segments = [header, Segment(j, starts[j], lines[j])]
    k = j + 1
    while k < n and (row := lines[k]) and row[0] not in _ROW_UNSURE:
        rows.append(Segment(k, starts[k], row))
        k += 1
    table.end = starts[k - 1] + len(lines[k - 1])
    scanner.open_leaf(table)
    if k >= n or not lines[k].strip(" \t"):
        scanner.close_leaf()
    return k


def _indented(scanner: _Scanner, lines: list[str], index: int) -> int:
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


def _quote(scanner: _Scanner, lines: list[str], index: int) -> int:
    """A block quote holding one paragraph, up to a blank line; -1 when unsure."""
    n = len(lines)
    starts = scanner.starts
    segments: list[Segment] = []
    k = index
    while k < n and (line := lines[k]):
        if line[0] == ">":
            cut = 2 if line[1:2] == " " else 1
            text = line[cut:]
            if not text or (_STARTS_BLOCK if k == index else _MAY_INTERRUPT).match(text):
                return -1  # more than one plain paragraph, or not sure what
            segments.append(Segment(k, starts[k] + cut, text))
        elif line[0] in _LAZY_UNSURE or _MAY_INTERRUPT.match(line):
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
    _close(scanner, "PARA", first.start, end, index, model)
    quote = span(begin, end, index, last.line)
    scanner.out.tokens.append(BlockToken("QUOTE_CLOSE", "", end, index + 1, end, quote))
    return k


def _comment(scanner: _Scanner, lines: list[str], index: int) -> int:
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


def _fence(scanner: _Scanner, lines: list[str], index: int, fence: str) -> int:
    """A fenced code block at the left margin; -1 when it never closes."""
    n = len(lines)
    mark, width = fence[0], len(fence)
    for k in range(index + 1, n):
        candidate = lines[k]
        if candidate.lstrip(" ")[:1] != mark:
            continue
        m = _CLOSING_FENCE.match(candidate)
        if m is None or m.group(1)[0] != mark or len(m.group(1)) < width:
            continue
        starts = scanner.starts
        begin, end = starts[index], starts[k] + len(candidate)
        body = lines[index + 1 : k]
        content = "\n".join(body) + "\n" if body else ""
        span = scanner.locator.span_on(begin, end, index, k)
        model = fenced_code(fence, lines[index][width:], content, span)
        _close(scanner, "FENCE", begin, end, index, model)
        return k + 1
    return -1


def _list(scanner: _Scanner, lines: list[str], index: int, m: re.Match[str]) -> int:
    """A list at the left margin; -1 when the lane is unsure of any of it.

    After the last item (and any blank lines) comes the end of the text, or a line at
    the left margin that is not an item of this list: that line ends the list.
    """
    read = _read_list(scanner, lines, index, m, 0)
    if read is None:
        return -1
    model, texts, j, end = read
    scanner.out.collected.inline.extend(texts)
    _close(scanner, "LIST", scanner.starts[index], end, index, model)
    return j


#: What ``_read_list`` gives: the list, its items' lines for the inline pass, the
#: next line to read and the character offset where the list ends.
ReadList = tuple[ListBlock, list[list[Segment]], int, int]


def _read_list(
    scanner: _Scanner, lines: list[str], index: int, m: re.Match[str], indent: int
) -> ReadList | None:
    """A list whose markers stand ``indent`` spaces in (0, or an item's text column).

    Each item holds a paragraph, which may go on in lines indented to its text or in
    lines at the left margin (lazy continuation); in a list at the margin, a list one
    level deeper may follow it.  Blank lines may stand between the items of a list at
    the margin; a deeper list ends at the first line that is not one of its items.
    """
    bullet, number, delimiter = m.groups()
    starts = scanner.starts
    span = scanner.locator.span_on
    n = len(lines)
    items: list[ListItem] = []
    texts: list[list[Segment]] = []
    j = index
    pad = " " * indent
    while True:
        line = lines[j]
        width = m.end()  # the column of the item's text
        if _ITEM_UNSURE.match(line, width):
            return None
        begin, first_line = starts[j], j
        first_text = line[width:]
        segments = [Segment(j, begin + width, first_text)]
        j += 1
        while j < n and (following := lines[j]):
            if following[0] != " ":  # at the left margin: lazy continuation, or not ours
                if following[0] in _LAZY_UNSURE:
                    break
                segments.append(Segment(j, starts[j], following))
                j += 1
                continue
            text = following.lstrip(" ")
            lead = len(following) - len(text)
            if lead < width or not text or _MAY_INTERRUPT.match(text):
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
        start = begin + indent
        items.append(ListItem(m.group(0)[:-1], blocks, span(start, end, first_line, end_line)))
        list_end, list_end_line = end, end_line
        if indent:  # a deeper list: its items follow one another
            following_item = _ITEM.match(lines[j], indent) if j < n else None
            if (
                following_item is not None
                and lines[j].startswith(pad)
                and following_item.groups()[::2] == (bullet, delimiter)
            ):
                m = following_item
                continue
            break
        blank = False
        while j < n and not lines[j].strip(" \t"):
            blank = True
            j += 1
        if j >= n:
            break
        line = lines[j]
        following_item = _ITEM.match(line)
        if following_item is not None and following_item.groups()[::2] == (bullet, delimiter):
            m = following_item
            continue
        if not blank or line[0] in " \t":
            return None  # a nested block, or more of the item
        if _ANY_ITEM.match(line) and (line[0] == bullet or (delimiter and line[0].isdigit())):
            return None  # an item of this list that the lane does not read
        break
    first = starts[index] + indent
    model = list_model(number or bullet, items, span(first, list_end, index, list_end_line))
    return model, texts, j, list_end


def _item_fence(
    scanner: _Scanner, lines: list[str], index: int, column: int
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
    m = _FENCE.match(line, column)
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
        closing = _CLOSING_FENCE.match(candidate, column)
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
    m = _ITEM.match(line, column)
    if m is None or m.group(2) not in (None, "1"):
        return None  # only "1." or "1)" starts an ordered list inside a paragraph
    return m
