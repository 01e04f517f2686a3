"""Leaf blocks as the lexer found them, turned into document models."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assay.grammar.escapes import unescape
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

    from assay.grammar.blockscan import Leaf, Segment
    from assay.grammar.locate import Locator
    from assay.spec.source import Span

_CLOSING_ONLY = re.compile(r"^[ \t]*#+[ \t]*$")
_CLOSING = re.compile(r"[ \t]+#+[ \t]*$")
_CELL_SPLIT = re.compile(r"(?<!\\)\|")


class Collected:
    """Text the reader scans after the block pass: inline text and raw HTML."""

    __slots__ = ("html", "inline")

    def __init__(self) -> None:
        #: Lines of paragraphs, headings and table cells, where links may be.
        self.inline: list[list[Segment]] = []
        #: Lines of HTML blocks, where comments (and directives) may be.
        self.html: list[list[Segment]] = []


def list_model(marker: str, items: Sequence[ListItem], span: Span) -> ListBlock:
    """A list from its first marker (``-``, or the start number of an ordered list)."""
    ordered = marker.isdigit()
    return ListBlock(ordered, int(marker) if ordered else None, tuple(items), span)


def to_model(leaf: Leaf, locator: Locator, collected: Collected) -> Block:
    """The model of one closed leaf block; records its text for the inline pass."""
    kind = leaf.kind
    span = locator.span(leaf.start, leaf.end)
    segments = leaf.segments
    if kind == "para":
        collected.inline.append(segments)
        text = "\n".join(seg.text for seg in segments).rstrip(" \t")
        return Paragraph(text, span)
    if kind == "heading":
        if leaf.extra == "atx":
            raw = segments[0].text
            raw = "" if _CLOSING_ONLY.match(raw) else _CLOSING.sub("", raw)
            raw = raw.strip(" \t")
        else:
            raw = "\n".join(seg.text for seg in segments).strip(" \t")
        collected.inline.append(segments)
        return Heading(leaf.level, leaf.extra, raw, heading_text(raw), span)  # type: ignore[arg-type]
    if kind == "fence":
        content = "".join(seg.text + "\n" for seg in segments)
        return CodeBlock(leaf.fence, unescape(leaf.info.strip(" \t")), content, span)
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


def _table(leaf: Leaf, locator: Locator, collected: Collected, span: object) -> Table:
    from assay.grammar.blockscan import Segment

    rows: list[TableRow] = []
    columns = 0
    for index, seg in enumerate(leaf.segments):
        if index == 1:
            continue  # the delimiter row
        text = seg.text.rstrip(" \t")
        bounds: list[tuple[int, int]] = []
        start = 0
        for match in _CELL_SPLIT.finditer(text):
            bounds.append((start, match.start()))
            start = match.end()
        bounds.append((start, len(text)))
        if (
            bounds
            and not text[bounds[0][0] : bounds[0][1]].strip()
            and text.lstrip().startswith("|")
        ):
            bounds.pop(0)
        if bounds and not text[bounds[-1][0] : bounds[-1][1]].strip() and text.endswith("|"):
            bounds.pop()
        if index == 0:
            columns = len(bounds)
        else:
            del bounds[columns:]  # GFM: a body row's cells past the header's are ignored
        cells = []
        for a, b in bounds:
            cell = text[a:b]
            lead = len(cell) - len(cell.lstrip(" \t"))
            trimmed = cell.strip(" \t")
            begin = seg.start + a + lead
            cell_seg = Segment(seg.line, begin, trimmed)
            collected.inline.append([cell_seg])
            cells.append(TableCell(trimmed, locator.span(begin, begin + len(trimmed))))
        row_span = locator.span(seg.start, seg.start + len(text))
        rows.append(TableRow(tuple(cells), index == 0, row_span))
    return Table(tuple(rows), span)  # type: ignore[arg-type]
