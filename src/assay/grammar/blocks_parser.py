"""The Lark LALR parser for ``blocks.lark``, fed by the line lexer, with its transformer."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer
from lark.lexer import Lexer

from assay.grammar.scanstate import BlockToken, Scan
from assay.grammar.cache import cache_file
from assay.grammar.leaves import list_model
from assay.spec.document import Block, BlockQuote, Heading, ListBlock, ListItem, Section
from assay.spec.source import Span


class ScanLexer(Lexer):
    """Hands Lark the tokens the line lexer already made (``parse`` receives a ``Scan``)."""

    # Lark's current custom-lexer interface: lex(lexer_state, parser_state).
    __future_interface__ = 2

    def __init__(self, lexer_conf: Any) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Any]:
        scan: Scan = lexer_state.text
        return iter(scan.tokens)


def _join(a: Span, b: Span) -> Span:
    return Span(a.start, b.end, a.line, a.column, b.end_line, b.end_column)


class BlockTransformer(Transformer[Token, Any]):
    """Builds block, list and section models; applied inline while parsing.

    Leaf tokens already carry their models; container-closing tokens carry the
    container's span.
    """

    def list_block(self, children: list[Any]) -> ListBlock:
        opening, *items, closing = children
        return list_model(opening.value, [_model(i) for i in items], closing.node)  # ITEM or item

    def item(self, children: list[Any]) -> ListItem:
        return ListItem(children[0].value, _blocks(children[1:-1]), children[-1].node)

    def quote(self, children: list[Any]) -> BlockQuote:
        return BlockQuote(_blocks(children[1:-1]), children[-1].node)

    def _section(self, children: list[Any]) -> Section:
        opening: BlockToken = children[0]
        heading: Heading = opening.node
        blocks = _blocks(c for c in children[1:] if not isinstance(c, Section))
        if opening.blocks:  # the run that rode on the heading's token comes first
            blocks = (*opening.blocks, *blocks)
        sections = tuple(c for c in children[1:] if isinstance(c, Section))
        last = sections[-1] if sections else (blocks[-1] if blocks else heading)
        return Section(heading, blocks, sections, _join(heading.span, last.span))

    section1 = section2 = section3 = section4 = section5 = section6 = _section

    def start(self, children: list[Any]) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
        blocks = _blocks(c for c in children if not isinstance(c, Section))
        sections = tuple(c for c in children if isinstance(c, Section))
        return blocks, sections


def _model(child: Any) -> Any:
    """A token's model (``ITEM``, a heading), or an already built model."""
    return child.node if isinstance(child, BlockToken) else child


def _blocks(children: Iterable[Any]) -> tuple[Block, ...]:
    """Block models in order: ``RUN`` tokens give their runs, tokens their model."""
    blocks: list[Block] = []
    for child in children:
        if isinstance(child, BlockToken):
            if child.type == "RUN":
                blocks.extend(child.node)
            else:
                blocks.append(child.node)
        else:
            blocks.append(child)
    return tuple(blocks)


def build_parser(*, strict: bool = False) -> Lark:
    """A fresh parser; ``strict=True`` fails on any grammar conflict (used by the tests)."""
    return Lark.open_from_package(
        "assay.grammar",
        "blocks.lark",
        parser="lalr",
        lexer=ScanLexer,
        transformer=None if strict else BlockTransformer(),
        strict=strict,
        cache=False if strict else cache_file("blocks"),
    )


@cache
def parser() -> Lark:
    """The process-wide parser (built once; Lark caches its analysis on disk)."""
    return build_parser()


def parse_blocks(scan: Scan) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
    """The preamble blocks and the top-level sections of a scanned document."""
    result: tuple[tuple[Block, ...], tuple[Section, ...]]
    result = parser().parse(scan)  # type: ignore[assignment]
    return result
