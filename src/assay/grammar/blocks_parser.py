"""The Lark LALR parser for ``blocks.lark``, fed by the line lexer, and the models it builds."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from typing import Any

from lark import Lark, Tree
from lark.lexer import Lexer

from assay.grammar.cache import cache_file
from assay.grammar.scanstate import BlockToken, Scan
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


class BlockBuilder:
    """Builds block, list and section models, one method per rule of the grammar.

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
    """A fresh parser that builds a parse tree; ``strict=True`` fails on any grammar
    conflict (used by the tests)."""
    return Lark.open_from_package(
        "assay.grammar",
        "blocks.lark",
        parser="lalr",
        lexer=ScanLexer,
        strict=strict,
        cache=False if strict else cache_file("blocks"),
    )


@cache
def parser() -> Lark:
    """The process-wide parser (built once; Lark caches its analysis on disk)."""
    return build_parser()


#: One step of a derivation: a rule, and where its children come from (an index
#: into the tokens, or ``-1 - k`` for what step ``k`` built).
Step = tuple[str, tuple[int, ...]]


@lru_cache(maxsize=4096)
def derivation(types: tuple[str, ...]) -> tuple[Step, ...]:
    """How the grammar derives a token sequence: its rules, innermost first.

    An LALR parse depends on the token types alone, and records of one team share a
    handful of shapes ("H1 RUN H2 RUN H2 RUN ..."), so each shape is parsed by Lark
    once and the derivation replayed for every document of that shape.
    """
    tokens = [BlockToken(kind, "", 0, 1, 0, None) for kind in types]
    scan = Scan()
    scan.tokens = tokens
    tree = parser().parse(scan)  # type: ignore[arg-type]
    where = {id(token): i for i, token in enumerate(tokens)}
    steps: list[Step] = []
    built: dict[int, int] = {}  # id(subtree) -> its step
    # Post-order without recursion: containers can nest as deep as a document likes.
    stack: list[tuple[Tree[Any], bool]] = [(tree, False)]
    while stack:
        node, ready = stack.pop()
        if not ready:
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children) if isinstance(child, Tree))
            continue
        refs = tuple(
            -1 - built[id(child)] if isinstance(child, Tree) else where[id(child)]
            for child in node.children
        )
        built[id(node)] = len(steps)
        steps.append((str(node.data), refs))
    return tuple(steps)


_BUILD = BlockBuilder()


def parse_blocks(scan: Scan) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
    """The preamble blocks and the top-level sections of a scanned document."""
    tokens = scan.tokens
    built: list[Any] = []
    for rule, refs in derivation(tuple([token.type for token in tokens])):
        children = [tokens[ref] if ref >= 0 else built[-1 - ref] for ref in refs]
        built.append(getattr(_BUILD, rule)(children))
    result: tuple[tuple[Block, ...], tuple[Section, ...]] = built[-1]
    return result
