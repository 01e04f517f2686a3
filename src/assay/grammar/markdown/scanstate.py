"""What the line lexer works with and hands on: segments, leaves, containers, tokens.

Plain slotted classes: the lexer makes several of these per line, and they never
leave the reader (the models do).
"""

from __future__ import annotations

from typing import Any

from assay.spec.document import LinkDefinition

#: Tokens merged into runs: blocks that are never sections.
RUN_TOKENS = frozenset(("PARA", "FENCE", "INDENTED", "HTML", "TABLE", "HR", "DEF", "LIST"))
HEADING_TOKENS = frozenset(("H1", "H2", "H3", "H4", "H5", "H6"))
#: Tokens that stand for a whole block (and carry its model).
LEAF_TOKENS = RUN_TOKENS | HEADING_TOKENS


class Collected:
    """Text the reader scans after the block pass: inline text and raw HTML."""

    __slots__ = ("html", "inline")

    def __init__(self) -> None:
        #: Lines of paragraphs, headings and table cells, where links may be.
        self.inline: list[list[Segment]] = []
        #: Lines of HTML blocks, where comments (and directives) may be.
        self.html: list[list[Segment]] = []


class Segment:
    """One line's contribution to a leaf: ``text`` starts at source offset ``start``.

    ``virtual`` counts spaces that stand for a partly consumed tab; they are in
    ``text`` but not in the source at ``start``.  ``indent`` is how many columns of
    indentation past the open containers a paragraph line had before it was stripped.
    """

    __slots__ = ("indent", "line", "start", "text", "virtual")

    def __init__(self, line: int, start: int, text: str, virtual: int = 0, indent: int = 0) -> None:
        self.line = line
        self.start = start
        self.text = text
        self.virtual = virtual
        self.indent = indent


class Leaf:
    """A leaf block as the lexer found it; the transformer turns it into a model."""

    __slots__ = ("end", "extra", "fence", "info", "kind", "level", "line", "segments", "start")

    def __init__(self, kind: str, line: int, start: int) -> None:
        self.kind = kind
        self.line = line  # 0-based index of the first line
        self.start = start  # source offset of the block's first character
        self.end = start  # source offset just past its last character
        self.segments: list[Segment] = []
        self.level = 0
        self.fence = ""
        self.info = ""
        self.extra: object = None


class Container:
    """An open block quote, list or list item."""

    __slots__ = (
        "bullet",
        "delimiter",
        "end",
        "first_token",
        "has_children",
        "kind",
        "line",
        "marker",
        "marker_offset",
        "ordered",
        "padding",
        "start",
    )

    def __init__(self, kind: str, line: int, start: int) -> None:
        self.kind = kind
        self.line = line
        self.start = start
        self.end = start
        self.has_children = False
        self.first_token = 0  # index of its opening token in the stream
        self.ordered = False
        self.bullet = ""
        self.delimiter = ""
        self.marker = ""
        self.marker_offset = 0
        self.padding = 0


class BlockToken:
    """One token for the sectioner: its type, and its block's model or span."""

    __slots__ = ("blocks", "end_pos", "line", "node", "start_pos", "type", "value")

    def __init__(
        self, type: str, value: str, start_pos: int, line: int, end_pos: int, node: Any
    ) -> None:
        self.type = type
        self.value = value
        self.start_pos = start_pos
        self.end_pos = end_pos
        self.line = line
        self.node = node
        #: For a heading outside containers: the run of blocks right after it.
        self.blocks: list[Any] = []

    def __repr__(self) -> str:
        return f"BlockToken({self.type!r}, line {self.line})"


class Scan:
    """The result of scanning: tokens for the sectioner, plus text for the inline pass."""

    __slots__ = ("collected", "definitions", "tokens", "too_deep")

    def __init__(self) -> None:
        self.tokens: list[BlockToken] = []
        #: Every link reference definition: (normalized label, model), in source order.
        self.definitions: list[tuple[str, LinkDefinition]] = []
        self.collected = Collected()
        #: Where the first block quote or list item deeper than ``MAX_NESTING`` was
        #: read as text instead (a character offset), or None.
        self.too_deep: int | None = None
