"""The block models, built along the derivations of the block grammar (``blocks.lark``).

The Lark parser itself is in ``block_grammar``; ``derivations`` remembers what it
derives for each shape of token sequence.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assay.grammar.markdown.derivations import RULES, derivation
from assay.grammar.markdown.leaves import list_model
from assay.grammar.markdown.scanstate import BlockToken, Scan
from assay.spec.document import Block, BlockQuote, Heading, ListBlock, ListItem, Section
from assay.spec.source import Span


def _join(a: Span, b: Span) -> Span:
    return Span(a.start, b.end, a.line, a.column, b.end_line, b.end_column)


class BlockBuilder:
    """Builds block, list and section models, one method per rule of the grammar.

    Leaf tokens already carry their models; container-closing tokens carry the
    container's span.
    """

    def list_block(self, children: list[Any]) -> ListBlock:
        """A list from its opening edge, items and closing edge."""
        opening, *items, closing = children
        return list_model(opening.value, [_model(i) for i in items], closing.node)  # ITEM or item

    def item(self, children: list[Any]) -> ListItem:
        """A list item from its edges and the blocks between them."""
        return ListItem(children[0].value, _blocks(children[1:-1]), children[-1].node)

    def quote(self, children: list[Any]) -> BlockQuote:
        """A block quote from its edges and the blocks between them."""
        return BlockQuote(_blocks(children[1:-1]), children[-1].node)

    def _section(self, children: list[Any]) -> Section:
        opening: BlockToken = children[0]
        heading: Heading = opening.node
        # The run that rode on the heading's token comes first.  One pass, no
        # generators: a document of many tiny sections builds one per heading.
        blocks: list[Block] = list(opening.blocks)
        sections: list[Section] = []
        for child in children[1:]:
            if type(child) is Section:
                sections.append(child)
            else:
                _add_block(blocks, child)
        last = sections[-1] if sections else (blocks[-1] if blocks else heading)
        span = heading.span if last is heading else _join(heading.span, last.span)
        return Section(heading, tuple(blocks), tuple(sections), span)

    section1 = section2 = section3 = section4 = section5 = section6 = _section

    def start(self, children: list[Any]) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
        """The document's preamble blocks and its top-level sections."""
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
        _add_block(blocks, child)
    return tuple(blocks)


def _add_block(blocks: list[Block], child: Any) -> None:
    """Add a child's blocks: a ``RUN`` token's run, a token's model, or a built model."""
    if type(child) is BlockToken:
        if child.type == "RUN":
            blocks.extend(child.node)
        else:
            blocks.append(child.node)
    else:
        blocks.append(child)


_BUILD = BlockBuilder()
#: The builder's method for each rule of the grammar.
_BUILDERS = {rule: getattr(_BUILD, rule) for rule in RULES}


def parse_blocks(scan: Scan) -> tuple[tuple[Block, ...], tuple[Section, ...]]:
    """The preamble blocks and the top-level sections of a scanned document."""
    tokens = scan.tokens
    built: list[Any] = []
    builders = _BUILDERS
    # What the grammar derives for this shape of token sequence (derived once, remembered).
    for rule, refs in derivation(tuple([token.type for token in tokens])):
        children = [tokens[ref] if ref >= 0 else built[-1 - ref] for ref in refs]
        built.append(builders[rule](children))
    result: tuple[tuple[Block, ...], tuple[Section, ...]] = built[-1]
    return result
