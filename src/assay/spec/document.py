"""The document model: how assay reads a Markdown or plain-text document.

Reading is faithful, not interpretive: this model says what is in the file (front
matter, headings, paragraphs, lists, code, links, comments, bytes).  What a field or
a section *means* is decided later, by the document's type.
"""

from __future__ import annotations

from typing import Any, Literal, Union

from attrs import frozen

from assay.spec.model import Model
from assay.spec.source import Span

LineEnding = Literal["lf", "crlf", "cr", "none"]


@frozen
class ByteFacts(Model):
    """Facts about the bytes of the file, which publication must preserve."""

    size: int
    #: ``sha256`` of the raw bytes, as hex.
    sha256: str
    bom: bool
    #: ``lf``, ``crlf`` or ``cr`` when every line ends alike, ``mixed`` otherwise,
    #: ``none`` for a file without any line ending.
    newline: Literal["lf", "crlf", "cr", "mixed", "none"]
    #: The ending of each line, in order (``none`` for a last line without one).
    line_endings: tuple[LineEnding, ...]
    final_newline: bool


@frozen
class FrontMatterEntry(Model):
    """One top-level key of YAML front matter."""

    key: str
    #: The value as JSON (dates become ISO strings).
    value: Any
    #: From the key to the end of the value.
    span: Span


@frozen
class FrontMatter(Model):
    """YAML front matter between ``---`` lines at the start of the file."""

    span: Span
    entries: tuple[FrontMatterEntry, ...]

    def get(self, key: str) -> FrontMatterEntry | None:
        """The entry for ``key`` (case-insensitive), if any."""
        folded = key.casefold()
        return next((e for e in self.entries if e.key.casefold() == folded), None)


@frozen
class Heading(Model):
    """An ATX (``## Text``) or setext (``Text`` over ``===``) heading."""

    level: int
    style: Literal["atx", "setext"]
    #: The heading's text as written, without the ``#`` marks.
    raw: str
    #: ``raw`` with a numeric prefix, emphasis markup, a trailing colon and a trailing
    #: HTML comment removed: what section names are matched against.
    text: str
    span: Span


@frozen
class Paragraph(Model):
    """A paragraph; ``text`` joins its lines with ``\\n``, leading indentation removed."""

    text: str
    span: Span


@frozen
class CodeBlock(Model):
    """Fenced (``fence`` is the opening run) or indented (``fence`` is empty) code."""

    fence: str
    info: str
    content: str
    span: Span


@frozen
class HtmlBlock(Model):
    """A raw HTML block, HTML comments included."""

    html: str
    span: Span


@frozen
class TableCell(Model):
    """One cell of a GFM table row, trimmed."""

    text: str
    span: Span


@frozen
class TableRow(Model):
    """One row of a GFM table; the first row is the header."""

    cells: tuple[TableCell, ...]
    header: bool
    span: Span


@frozen
class Table(Model):
    """A GFM table (header row, delimiter row, body rows)."""

    rows: tuple[TableRow, ...]
    span: Span


@frozen
class ThematicBreak(Model):
    """A ``---``, ``***`` or ``___`` line."""

    span: Span


@frozen
class LinkDefinition(Model):
    """A link reference definition: ``[label]: destination "title"``."""

    label: str
    destination: str
    title: str | None
    span: Span


@frozen
class ListItem(Model):
    """One list item; ``marker`` as written (``-``, ``*``, ``3.``)."""

    marker: str
    blocks: tuple[Block, ...]
    span: Span


@frozen
class ListBlock(Model):
    """A bullet or ordered list; ``start`` is the first number of an ordered list."""

    ordered: bool
    start: int | None
    items: tuple[ListItem, ...]
    span: Span


@frozen
class BlockQuote(Model):
    """A ``>`` block quote."""

    blocks: tuple[Block, ...]
    span: Span


Block = Union[  # noqa: UP007 - a runtime union object is needed by cattrs
    Heading,
    Paragraph,
    CodeBlock,
    HtmlBlock,
    Table,
    ThematicBreak,
    LinkDefinition,
    ListBlock,
    BlockQuote,
]


@frozen
class Section(Model):
    """A heading and what follows it up to the next heading of the same or a higher level."""

    heading: Heading
    blocks: tuple[Block, ...]
    children: tuple[Section, ...]
    #: From the heading to the end of the section's last block.
    span: Span


@frozen
class Link(Model):
    """A link or image found in text (never in code or comments).

    ``destination`` has escapes and entities resolved, as CommonMark reads it;
    reference links carry the ``label`` they matched. An ``html`` link is the ``href``
    or ``src`` of a raw HTML tag (``image`` for ``src``): its ``text`` is empty and its
    span covers the attribute's value only, without quotes; its destination is the
    value as a browser reads it (character references decoded, surrounding spaces
    dropped).
    """

    kind: Literal["inline", "reference", "autolink", "html"]
    image: bool
    text: str
    destination: str
    title: str | None
    label: str | None
    span: Span


@frozen
class Comment(Model):
    """An HTML comment; ``text`` is what lies between ``<!--`` and ``-->``."""

    text: str
    span: Span


@frozen
class Directive(Model):
    """A suppression directive: ``<!-- assay: disable-next-line LNK001 -- reason -->``."""

    action: Literal["disable", "enable", "disable-line", "disable-next-line", "disable-file"]
    codes: tuple[str, ...]
    reason: str | None
    span: Span


@frozen
class TitleCandidate(Model):
    """Somewhere a title can come from, in the order a reader would look."""

    text: str
    source: Literal["front-matter", "h1", "heading", "first-line", "file-name"]
    span: Span | None


@frozen(kw_only=True)
class Document(Model):
    """A Markdown or plain-text document, read."""

    path: str
    bytes: ByteFacts
    front_matter: FrontMatter | None
    titles: tuple[TitleCandidate, ...]
    #: Blocks before the first heading.
    preamble: tuple[Block, ...]
    sections: tuple[Section, ...]
    links: tuple[Link, ...]
    definitions: tuple[LinkDefinition, ...]
    comments: tuple[Comment, ...]
    directives: tuple[Directive, ...]
    #: True for a document without any Markdown heading: a type may then name its
    #: sections by lines that stand alone.
    plain: bool
    line_count: int

    def walk_sections(self) -> list[Section]:
        """Every section, depth first, in document order."""
        found: list[Section] = []
        stack = list(reversed(self.sections))
        while stack:
            section = stack.pop()
            found.append(section)
            stack.extend(reversed(section.children))
        return found


UNIONS: dict[Any, dict[str, type]] = {
    Block: {
        "heading": Heading,
        "paragraph": Paragraph,
        "code": CodeBlock,
        "html": HtmlBlock,
        "table": Table,
        "thematic-break": ThematicBreak,
        "definition": LinkDefinition,
        "list": ListBlock,
        "quote": BlockQuote,
    }
}
