"""The doctree's body elements as the model's blocks, and its sections as sections.

docutils gives each element the line it starts on, with a few exceptions handled
here (a section title's node names its underline; a comment's and a ``code``
directive's node the line after them).  An element ends where the next one starts,
blank lines left out; a text element (a paragraph, a title) ends at its text's end.
Elements the model has no kind for are read as the nearest one: an admonition,
topic or sidebar as a quote, a definition list as its terms (paragraphs) each with
its definition (a quote), a line block as a paragraph, a doctest block as code.
"""

from __future__ import annotations

import re

from docutils import nodes

from assay.grammar.normalize import heading_text
from assay.grammar.rst.inlines import Pending, placed_text, text_links
from assay.grammar.rst.places import Lines, Placed
from assay.spec.document import (
    Block,
    BlockQuote,
    CodeBlock,
    Comment,
    Heading,
    LinkDefinition,
    ListBlock,
    ListItem,
    Paragraph,
    Section,
    Table,
    TableCell,
    TableRow,
    ThematicBreak,
)
from assay.spec.source import Span

#: An overline or underline: one punctuation character repeated.
_ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1+[ \t]*$")
#: Nodes that hold no block of the model and mark no boundary.
_SKIPPED = (nodes.system_message, nodes.substitution_definition, nodes.problematic)
#: Containers read as a block quote of their children.
_QUOTED = (nodes.block_quote, nodes.Admonition, nodes.topic, nodes.sidebar, nodes.container)


class Walk:
    """One document's doctree being read: what it found besides blocks is kept here."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        self.links: list[Pending] = []
        self.comments: list[Comment] = []
        self.definitions: list[LinkDefinition] = []
        #: The head field list, read as front matter rather than as blocks.
        self.head: nodes.Node | None = None

    # -- sections ---------------------------------------------------------------

    def section(self, node: nodes.section, level: int, last: int) -> Section:
        """``node`` (at depth ``level``) as a section ending by line ``last``."""
        title = node.children[0]
        assert isinstance(title, nodes.title)
        heading = self.heading(title, level)
        body = [c for c in node.children[1:] if not isinstance(c, nodes.section)]
        subs = [c for c in node.children[1:] if isinstance(c, nodes.section)]
        sub_starts = [self.section_start(s) for s in subs]
        body_last = sub_starts[0] - 1 if sub_starts else last
        blocks = self.blocks(body, heading.span.end_line, body_last)
        children = tuple(
            self.section(s, level + 1, nxt - 1)
            for s, nxt in zip(subs, [*sub_starts[1:], last + 1], strict=False)
        )
        start = self.section_start(node)
        end_index = self.lines.last_filled(start, last)
        begin = self.lines.line_start(start)
        span = self.lines.span(begin, max(begin, self.lines.line_end(end_index)))
        return Section(heading, tuple(blocks), children, span)

    def section_start(self, node: nodes.section) -> int:
        """The 0-based line a section starts on: its overline, or its title."""
        title_index = self.title_line(node.children[0])
        above = title_index - 1
        if above >= 0 and _ADORNMENT.match(self.lines.raw(above)):
            under = self.lines.raw(title_index + 1) if title_index + 1 < self.lines.count else ""
            if under[:1] == self.lines.raw(above)[:1]:
                return above
        return title_index

    def title_line(self, title: nodes.Node) -> int:
        """The 0-based line of a title's text (docutils names its underline)."""
        line = getattr(title, "line", None) or 2
        return max(0, min(line - 2, self.lines.count - 1))

    def heading(self, title: nodes.title, level: int) -> Heading:
        """A section's title as a heading (``setext``: rst titles are underlined)."""
        index = self.title_line(title)
        placed = Placed(self.lines, index, title.rawsource)
        self.links.extend(text_links(title, placed))
        raw = title.rawsource
        return Heading(level, "setext", raw, heading_text(raw), placed.whole())

    # -- blocks -----------------------------------------------------------------

    def blocks(self, children: list[nodes.Node], floor: int, last: int) -> list[Block]:
        """The blocks of ``children``, which stand after line ``floor`` (0-based; the
        title's or the container's first) and end by line ``last``."""
        placed: list[tuple[nodes.Element, int]] = []
        for child in children:
            if isinstance(child, nodes.system_message):
                start = _echo_start(child, floor, self.lines.count)
                if start is not None:  # a refused block, echoed: it ends the one before
                    placed.append((child, start))
                    floor = start
                continue
            if isinstance(child, _SKIPPED) or not isinstance(child, nodes.Element):
                continue
            start = self.start(child, floor)
            placed.append((child, start))
            floor = start
        found: list[Block] = []
        for (child, start), following in zip(placed, [*placed[1:], None], strict=False):
            end = following[1] - 1 if following is not None else last
            end = self.lines.last_filled(start, max(start, end))
            found.extend(self.block(child, start, end))
        return found

    def start(self, node: nodes.Element, floor: int) -> int:
        """The 0-based line ``node`` starts on, not before ``floor``."""
        line = node.line
        if line is None:
            first = next((n.line for n in node.findall(nodes.Element) if n.line), None)
            line = first or floor + 1
        index = max(floor, min(line - 1, self.lines.count - 1))
        if isinstance(node, nodes.comment) or "code" in node.get("classes", ()):
            # The node names the line after it: the start is its `..` line.
            back = index
            while back > floor and not self.lines.raw(back).lstrip().startswith(".."):
                back -= 1
            if self.lines.raw(back).lstrip().startswith(".."):
                return back
        return index

    def region(self, start: int, end: int) -> Span:
        """From the first character of line ``start`` to the last of line ``end``."""
        begin = self.lines.line_start(start)
        return self.lines.span(begin, max(begin, self.lines.line_end(end)))

    def block(self, node: nodes.Element, start: int, end: int) -> list[Block]:
        """The blocks ``node`` is (none, one, or a few) on lines ``start``..``end``."""
        if node is self.head or isinstance(node, nodes.system_message):
            return []
        if isinstance(node, (nodes.paragraph, nodes.rubric)):
            return [self.paragraph(node, start)]
        if isinstance(node, nodes.line_block):
            return [Paragraph(node.astext(), self.texts(node, start, end))]
        if isinstance(node, (nodes.literal_block, nodes.doctest_block, nodes.math_block)):
            return [self.code_block(node, start, end)]
        if isinstance(node, (nodes.bullet_list, nodes.enumerated_list)):
            return [self.list_block(node, start, end)]
        if isinstance(node, _QUOTED):
            return [self.quote(node, start, end)]
        if isinstance(node, nodes.definition_list):
            return self.definitions_of(node, start, end)
        if isinstance(node, nodes.field_list):
            return self.fields(node, start)
        if isinstance(node, nodes.table):
            return [self.table(node, start, end)]
        if isinstance(node, nodes.transition):
            return [ThematicBreak(self.region(start, start))]
        if isinstance(node, (nodes.image, nodes.figure)):
            self.images(node, start)
            return []
        if isinstance(node, nodes.comment):
            self.comment(node, start)
            return []
        if isinstance(node, nodes.target):
            self.target(node, start)
            return []
        # Anything else (a pending transform, a raw node refused): its text is prose.
        return [Paragraph(node.astext(), self.region(start, end))] if node.astext() else []

    def code_block(self, node: nodes.Element, start: int, end: int) -> CodeBlock:
        """A literal, doctest or math block; its classes but ``code`` as its info."""
        classes: list[str] = list(node.get("classes", ()))
        info = " ".join(c for c in classes if c != "code")
        if isinstance(node, nodes.literal_block) and node.line:
            # The content's last line: a refused directive after it is no part of it.
            first = node.line - (2 if "code" in classes else 1)
            end = self.lines.last_filled(
                start, max(start, min(end, first + node.astext().count("\n")))
            )
        return CodeBlock("", info, node.astext(), self.region(start, end))

    def quote(self, node: nodes.Element, start: int, end: int) -> BlockQuote:
        """A block quote or an admonition-like container: its titles as paragraphs
        first, then its blocks."""
        inner = [c for c in node.children if not isinstance(c, nodes.title)]
        titles = [c for c in node.children if isinstance(c, nodes.title)]
        heads = [self.paragraph(t, self.start(t, start)) for t in titles]
        body = self.blocks(inner, start, end)
        return BlockQuote((*heads, *body), self.region(start, end))

    def fields(self, node: nodes.Element, start: int) -> list[Block]:
        """A field list away from the record's head: one paragraph per field."""
        fields = [f for f in node.children if isinstance(f, nodes.field)]
        return [self.field_paragraph(f, self.start(f, start)) for f in fields]

    def paragraph(self, node: nodes.TextElement, start: int) -> Paragraph:
        """A text element (a paragraph, a term, a title) as a paragraph, links kept."""
        placed = Placed(self.lines, start, node.rawsource)
        self.links.extend(text_links(node, placed))
        return Paragraph(node.astext(), placed.whole())

    def texts(self, node: nodes.Element, start: int, end: int) -> Span:
        """The region of a node of text elements (a line block), their links kept."""
        for part in node.findall(nodes.line):
            if part.line:
                self.links.extend(
                    text_links(part, Placed(self.lines, part.line - 1, part.rawsource))
                )
        return self.region(start, end)

    def field_paragraph(self, field: nodes.Element, start: int) -> Paragraph:
        """A field away from the record's head: its line, as ``Name: value`` text."""
        name, body = field.children[0], field.children[1]
        for paragraph in body.findall(nodes.paragraph):
            if paragraph.line:
                line = paragraph.line - 1
                self.links.extend(
                    text_links(paragraph, Placed(self.lines, line, paragraph.rawsource))
                )
        text = f"{name.astext()}: {body.astext()}"
        end = self.lines.last_filled(start, start + body.astext().count("\n"))
        return Paragraph(text, self.region(start, min(end, self.lines.count - 1)))

    def list_block(self, node: nodes.Element, start: int, end: int) -> ListBlock:
        """A bullet or enumerated list; each item's marker as its line writes it."""
        ordered = isinstance(node, nodes.enumerated_list)
        items: list[ListItem] = []
        children = [c for c in node.children if isinstance(c, nodes.list_item)]
        starts = [self.start(c, start) for c in children]
        for item, first, nxt in zip(children, starts, [*starts[1:], end + 1], strict=False):
            last = self.lines.last_filled(first, max(first, nxt - 1))
            raw = self.lines.raw(first).lstrip()
            marker = raw.split(None, 1)[0] if raw else ""
            blocks = self.blocks(list(item.children), first, last)
            items.append(ListItem(marker, tuple(blocks), self.region(first, last)))
        number = node.get("start", 1) if ordered else None
        return ListBlock(ordered, number if isinstance(number, int) else 1 if ordered else None,
                         tuple(items), self.region(start, end))  # fmt: skip

    def definitions_of(self, node: nodes.Element, start: int, end: int) -> list[Block]:
        """A definition list as its terms, each followed by its definition as a quote."""
        found: list[Block] = []
        for item in node.children:
            if not isinstance(item, nodes.definition_list_item):
                continue
            first = self.start(item, start)
            for part in item.children:
                if isinstance(part, nodes.term):
                    found.append(self.paragraph(part, self.start(part, first)))
                elif isinstance(part, nodes.definition):
                    at = self.start(part, first)
                    last = self.lines.last_filled(at, end)
                    inner = self.blocks(list(part.children), at, last)
                    found.append(BlockQuote(tuple(inner), self.region(at, last)))
        return found

    def table(self, node: nodes.table, start: int, end: int) -> Table:
        """A grid or simple table; its header rows first, each cell at its text."""
        rows: list[TableRow] = []
        for head in node.findall(nodes.thead):
            rows.extend(self.row(r, start, header=True) for r in head.children)
        for body in node.findall(nodes.tbody):
            rows.extend(self.row(r, start, header=False) for r in body.children)
        return Table(tuple(rows), self.region(start, end))

    def row(self, row: nodes.Node, start: int, *, header: bool) -> TableRow:
        """One table row (spanned at its first cell)."""
        cells: list[TableCell] = []
        for entry in row.children if isinstance(row, nodes.Element) else ():
            paragraph = next(iter(entry.findall(nodes.paragraph)), None)
            if paragraph is not None and paragraph.line:
                span = self.paragraph(paragraph, paragraph.line - 1).span
            else:
                span = self.region(start, start)
            cells.append(TableCell(entry.astext().strip(), span))
        first = cells[0].span if cells else self.region(start, start)
        return TableRow(tuple(cells), header, first)

    # -- what is not a block ----------------------------------------------------

    def images(self, node: nodes.Element, start: int) -> None:
        """An image or figure: a link (an image) to its URI, at the URI on its line."""
        for image in node.findall(nodes.image):
            uri = str(image.get("uri", ""))
            raw = self.lines.raw(start)
            at = raw.find(uri) if uri else -1
            begin = self.lines.starts[start] + (at if at >= 0 else len(raw) - len(raw.lstrip()))
            span = self.lines.span(begin, begin + (len(uri) if at >= 0 else 0))
            alt = str(image.get("alt", ""))
            self.links.append(Pending("inline", alt, uri, None, span, image=True))

    def comment(self, node: nodes.comment, start: int) -> None:
        """A ``..`` comment, from its ``..`` to the end of its text."""
        text = node.astext()
        placed = Placed(self.lines, start, text)
        begin = self.lines.line_start(start)
        end = placed.source(len(placed_text(placed)))
        self.comments.append(Comment(text, self.lines.span(begin, max(begin, end))))

    def target(self, node: nodes.target, start: int) -> None:
        """A ``.. _name: url`` line as a link definition."""
        uri = node.get("refuri")
        raw = self.lines.raw(start)
        begin = self.lines.line_start(start)
        span = self.lines.span(begin, self.lines.line_end(start))
        if uri is None or node.get("anonymous") or not raw.lstrip().startswith(".."):
            return  # a place inside the document, or `__ url`: no label to define
        names: list[str] = list(node.get("names", ()))
        for name in names:
            self.definitions.append(LinkDefinition(str(name), str(uri), None, span))


def _echo_start(message: nodes.system_message, floor: int, count: int) -> int | None:
    """The 0-based line a block docutils refused starts on, when its message echoes
    the block (a disabled or unknown directive, a malformed table): the message node's
    line is the one after the echo (its ``line`` attribute, the line the message is
    about, may be inside it)."""
    echo = next((c for c in message.children if isinstance(c, nodes.literal_block)), None)
    line = message.line
    if echo is None or not isinstance(line, int):
        return None
    start = line - 1 - len(echo.astext().rstrip("\n").split("\n"))
    return max(floor, min(start, count - 1))
