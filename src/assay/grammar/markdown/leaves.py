"""Leaf blocks as the lexer found them, turned into document models."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assay.grammar.markdown.escapes import unescape
from assay.grammar.markdown.inlines import may_hold_links
from assay.grammar.markdown.scanstate import Collected, Leaf, Segment
from assay.grammar.normalize import heading_text
from assay.spec.document import (
    Block,
    CodeBlock,
    Heading,
    HtmlBlock,
    LinkDefinition,
    ListBlock,
    ListItem,
    Paragraph,
    Table,
    TableCell,
    TableRow,
    ThematicBreak,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from assay.grammar.locate import Locator
    from assay.spec.source import Span

_CLOSING_ONLY = re.compile(r"^[ \t]*#+[ \t]*$")
# Starts only where a run of spaces starts: tried inside a run, the pattern ran to the
# run's end from each space (quadratic); a match inside a run also starts at its head.
_CLOSING = re.compile(r"(?<![ \t])[ \t]+#+[ \t]*$")
_CELL_SPLIT = re.compile(r"(?<!\\)\|")


def may_interrupt(number: str | None) -> bool:
    """Whether a list item may interrupt a paragraph: a bullet (no ``number``) may, an
    ordered item only when its list starts at 1 (``1.``, ``01.``, ``001)``)."""
    return number is None or int(number) == 1


def list_model(marker: str, items: Sequence[ListItem], span: Span) -> ListBlock:
    """A list from its first marker (``-``, or the start number of an ordered list)."""
    ordered = marker.isdigit()
    return ListBlock(ordered, int(marker) if ordered else None, tuple(items), span)


def paragraph(segments: list[Segment], span: Span, collected: Collected) -> Paragraph:
    """A paragraph of these lines (leading indentation already stripped)."""
    text = segments[0].text if len(segments) == 1 else "\n".join([s.text for s in segments])
    if may_hold_links(text):  # the inline pass looks only where a link may be
        collected.inline.append(segments)
    return Paragraph(text.rstrip(" \t"), span)


def atx_heading(level: int, segment: Segment, span: Span, collected: Collected) -> Heading:
    """An ATX heading; ``segment`` is what follows its ``#`` marks."""
    raw = segment.text
    if "#" in raw:  # a closing sequence needs one; most headings have none
        raw = "" if _CLOSING_ONLY.match(raw) else _CLOSING.sub("", raw)
    raw = raw.strip(" \t")
    if may_hold_links(segment.text):
        collected.inline.append([segment])
    return Heading(level, "atx", raw, heading_text(raw), span)


def fenced_code(fence: str, info: str, content: str, span: Span) -> CodeBlock:
    """Fenced code; ``info`` as written after the fence."""
    return CodeBlock(fence, unescape(info.strip(" \t")), content, span)


def to_model(leaf: Leaf, locator: Locator, collected: Collected) -> Block:
    """The model of one closed leaf block; records its text for the inline pass."""
    kind = leaf.kind
    span = locator.span(leaf.start, leaf.end)
    segments = leaf.segments
    if kind == "para":
        return paragraph(segments, span, collected)
    if kind == "heading":
        if leaf.extra == "atx":
            return atx_heading(leaf.level, segments[0], span, collected)
        raw = "\n".join(seg.text for seg in segments).strip(" \t")
        collected.inline.append(segments)
        return Heading(leaf.level, "setext", raw, heading_text(raw), span)
    if kind == "fence":
        content = "".join(seg.text + "\n" for seg in segments)
        return fenced_code(leaf.fence, leaf.info, content, span)
    if kind == "indented":
        content = "".join(seg.text + "\n" for seg in segments)
        return CodeBlock("", "", content, span)
    if kind == "html":
        collected.html.append(segments)
        return HtmlBlock("\n".join(seg.text for seg in segments), span)
    if kind == "table":
        return _table(leaf, locator, collected, span)
    if kind == "hr":
        return ThematicBreak(span)
    if kind == "def":
        parts: tuple[str, str, str, str | None] = leaf.extra  # type: ignore[assignment]
        return LinkDefinition(parts[0], parts[2], parts[3], span)
    raise AssertionError(f"unknown leaf kind {kind!r}")  # pragma: no cover


def _table(leaf: Leaf, locator: Locator, collected: Collected, span: Span) -> Table:
    rows: list[TableRow] = []
    columns = 0
    span_on = locator.span_on
    inline = collected.inline
    for index, seg in enumerate(leaf.segments):
        if index == 1:
            continue  # the delimiter row
        text = seg.text.rstrip(" \t")
        pieces = _CELL_SPLIT.split(text)
        offset = 0
        bounds: list[tuple[int, int]] = []
        for piece in pieces:  # every boundary is one "|"
            bounds.append((offset, offset + len(piece)))
            offset += len(piece) + 1
        if len(pieces) > 1 and not pieces[0].strip():
            del bounds[0]  # before a leading "|"
        if bounds and not text[bounds[-1][0] : bounds[-1][1]].strip() and text.endswith("|"):
            bounds.pop()  # after a trailing "|"
        if index == 0:
            columns = len(bounds)
        else:
            del bounds[columns:]  # GFM: a body row's cells past the header's are ignored
        cells = []
        line, origin = seg.line, seg.start
        for a, b in bounds:
            cell = text[a:b]
            trimmed = cell.strip(" \t")
            begin = origin + a + len(cell) - len(cell.lstrip(" \t"))
            if may_hold_links(trimmed):
                inline.append([Segment(line, begin, trimmed)])
            cells.append(TableCell(trimmed, span_on(begin, begin + len(trimmed), line, line)))
        row_span = span_on(origin, origin + len(text), line, line)
        rows.append(TableRow(tuple(cells), index == 0, row_span))
    return Table(tuple(rows), span)
