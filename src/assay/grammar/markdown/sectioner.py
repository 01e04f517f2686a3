"""The block tree of a scanned document: containers nested, sections made of headings.

The line procedure (``blockscan``) hands over one token per run of plain blocks and
one per container edge (``LIST_OPEN`` … ``LIST_CLOSE``, items, quotes) or heading.
This pass nests them in one sweep, with two stacks:

- **containers** nest by their edges: a list holds its items, an item or a quote
  the blocks between its edges — headings there are plain blocks, never sections;
- **sections**, outside containers: a heading opens a section that holds everything
  up to the next heading of the same or a higher level, so "H2 H4 H3" gives H2 the
  children H4 and H3, and blocks before the first heading are the preamble.

The scanner never leaves a container open or closes one it did not open; a sequence
that does is a bug of the scanner, and ``build_tree`` says so (``ValueError``).
"""

from __future__ import annotations

from typing import Any

from assay.grammar.markdown.leaves import list_model
from assay.grammar.markdown.scanstate import BlockToken
from assay.spec.document import Block, BlockQuote, Heading, ListItem, Section
from assay.spec.source import Span

_LEVELS = {f"H{n}": n for n in range(1, 7)}
_OPENS = frozenset(("LIST_OPEN", "ITEM_OPEN", "QUOTE_OPEN"))
_CLOSED_BY = {"LIST_CLOSE": "LIST_OPEN", "ITEM_CLOSE": "ITEM_OPEN", "QUOTE_CLOSE": "QUOTE_OPEN"}


class _Open:
    """A container being read: its opening token and what it holds so far."""

    __slots__ = ("held", "opening")

    def __init__(self, opening: BlockToken) -> None:
        self.opening = opening
        self.held: list[Any] = []


class _OpenSection:
    """A section being read: its heading, its blocks and the sections below it."""

    __slots__ = ("blocks", "children", "heading", "level")

    def __init__(self, level: int, opening: BlockToken) -> None:
        self.level = level
        self.heading: Heading = opening.node
        # The run that rode on the heading's token is the start of its section.
        self.blocks: list[Block] = list(opening.blocks)
        self.children: list[Section] = []

    def closed(self) -> Section:
        heading = self.heading
        last = (
            self.children[-1].span
            if self.children
            else self.blocks[-1].span
            if self.blocks
            else heading.span
        )
        span = heading.span if last is heading.span else _join(heading.span, last)
        return Section(heading, tuple(self.blocks), tuple(self.children), span)


def build_tree(tokens: list[BlockToken]) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
    """The preamble blocks and the top-level sections of a scanned document."""
    preamble: list[Block] = []
    top: list[Section] = []
    sections: list[_OpenSection] = []
    containers: list[_Open] = []
    for token in tokens:
        kind = token.type
        if containers:
            _in_container(containers, token, sections[-1].blocks if sections else preamble)
            continue
        level = _LEVELS.get(kind)
        if level is not None:
            while sections and sections[-1].level >= level:
                _close_section(sections, top)
            sections.append(_OpenSection(level, token))
        elif kind == "RUN":
            (sections[-1].blocks if sections else preamble).extend(token.node)
        elif kind in ("LIST_OPEN", "QUOTE_OPEN"):
            containers.append(_Open(token))
        else:
            raise ValueError(f"block token {kind} outside any container")
    if containers:
        raise ValueError(f"{containers[-1].opening.type} never closed")
    while sections:
        _close_section(sections, top)
    return tuple(preamble), tuple(top)


def _close_section(sections: list[_OpenSection], top: list[Section]) -> None:
    """The innermost open section is whole: a child of what holds it."""
    section = sections.pop().closed()
    (sections[-1].children if sections else top).append(section)


def _in_container(containers: list[_Open], token: BlockToken, outside: list[Block]) -> None:
    """``token`` inside the innermost open container; a closed container goes to the
    one that holds it, or to ``outside`` (the open section's blocks, or the preamble)."""
    kind = token.type
    inner = containers[-1]
    opened = _CLOSED_BY.get(kind)
    if opened is not None:
        if opened != inner.opening.type:
            raise ValueError(f"{kind} closes {inner.opening.type}")
        containers.pop()
        built = _container(inner, token)
        (containers[-1].held if containers else outside).append(built)
    elif kind in _OPENS:
        if (kind == "ITEM_OPEN") != (inner.opening.type == "LIST_OPEN"):
            raise ValueError(f"{kind} inside {inner.opening.type}")
        containers.append(_Open(token))
    elif inner.opening.type == "LIST_OPEN":
        if kind != "ITEM":
            raise ValueError(f"{kind} in a list")
        inner.held.append(token.node)
    elif kind == "RUN":
        inner.held.extend(token.node)
    elif kind in _LEVELS:
        inner.held.append(token.node)  # a heading in a container is a plain block
    else:
        raise ValueError(f"block token {kind} in {inner.opening.type}")


def _container(inner: _Open, closing: BlockToken) -> Any:
    """The model of a container from its opening token, what it held and its closing
    token (which carries the container's span)."""
    opening = inner.opening
    if opening.type == "LIST_OPEN":
        if not inner.held:
            raise ValueError("a list of no items")
        return list_model(opening.value, inner.held, closing.node)
    if opening.type == "ITEM_OPEN":
        return ListItem(opening.value, tuple(inner.held), closing.node)
    return BlockQuote(tuple(inner.held), closing.node)


def _join(a: Span, b: Span) -> Span:
    return Span(a.start, b.end, a.line, a.column, b.end_line, b.end_column)
