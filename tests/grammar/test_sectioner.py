"""The sectioner: containers nested by their edges, sections by their headings' levels.

Behaviour, on any document: every heading outside a container opens a section, each
section holds the deeper sections up to the next heading of its level or a higher
one, blocks keep their order, and a token sequence the scanner could never make is a
``ValueError``, never anything else.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from assay import parse_document
from assay.grammar.markdown.block_starts import MAX_NESTING
from assay.grammar.markdown.scanstate import BlockToken
from assay.grammar.markdown.sectioner import build_tree
from assay.spec.document import BlockQuote, Document, Heading, ListBlock, Paragraph, Section
from assay.spec.source import Span
from tests.cost import assert_linear
from tests.grammar.markdown_strategies import documents

TOKENS = (
    "RUN", "ITEM", "LIST_OPEN", "LIST_CLOSE", "ITEM_OPEN", "ITEM_CLOSE", "QUOTE_OPEN",
    "QUOTE_CLOSE", "H1", "H2", "H3", "H4", "H5", "H6",
)  # fmt: skip


def _read(text: str) -> Document:
    parsed = parse_document(text, "doc.md")
    assert parsed.value is not None
    return parsed.value


def _shape(sections: tuple[Section, ...]) -> list[object]:
    return [(s.heading.text, _shape(s.children)) for s in sections]


def test_sections_nest_by_level() -> None:
    """A heading belongs to the nearest preceding heading of a lower level: "H2 H4 H3"
    gives H2 the children H4 and H3; the next H1 is a sibling at the top."""
    doc = _read("## a\n\ntext\n\n#### b\n\n### c\n\n# d\n")
    assert _shape(doc.sections) == [("a", [("b", []), ("c", [])]), ("d", [])]
    assert [b.text for b in doc.sections[0].blocks] == ["text"]  # type: ignore[attr-defined]


def test_a_heading_in_a_container_is_a_plain_block() -> None:
    doc = _read("# Top\n\n> ## quoted\n\n- ## listed\n")
    (top,) = doc.sections
    assert top.children == ()
    quote, items = top.blocks
    assert isinstance(quote, BlockQuote) and isinstance(quote.blocks[0], Heading)
    assert isinstance(items, ListBlock) and isinstance(items.items[0].blocks[0], Heading)


def test_documents_of_one_shape_keep_their_own_content() -> None:
    first = _read("# One\n\nalpha\n\n## Two\n\nbeta\n")
    second = _read("# Uno\n\ngamma\n\n## Dos\n\ndelta\n")
    assert [s.heading.text for s in first.walk_sections()] == ["One", "Two"]
    assert [s.heading.text for s in second.walk_sections()] == ["Uno", "Dos"]
    assert second.sections[0].blocks[0].text == "gamma"  # type: ignore[union-attr]
    assert second.sections[0].children[0].blocks[0].text == "delta"  # type: ignore[union-attr]


def test_a_deeply_nested_document_is_read_without_recursion() -> None:
    """Nesting to the reader's limit builds without Python recursion; deeper markers
    are text (tests/grammar/test_nesting.py)."""
    depth = 2000
    text = "".join("> " * level + "- x\n" for level in range(1, 100, 9)) + ">" * depth + " deep\n"
    doc = _read(text)
    block = doc.preamble[-1]
    levels = 0
    while isinstance(block, BlockQuote):
        levels += 1
        block = block.blocks[-1]
    assert levels == MAX_NESTING
    assert block.text == ">" * (depth - MAX_NESTING) + " deep"  # type: ignore[union-attr]


def _check_section(section: Section) -> None:
    heading = section.heading
    assert section.span.start == heading.span.start
    inner = [b.span for b in section.blocks] + [c.span for c in section.children]
    assert all(heading.span.end <= s.start and s.end <= section.span.end for s in inner)
    assert [s.start for s in inner] == sorted(s.start for s in inner)  # source order
    assert section.span.end == max([heading.span.end, *(s.end for s in inner)])
    for child in section.children:
        assert child.heading.level > heading.level
        _check_section(child)
    # Siblings can only get shallower: a deeper one would belong to the one before.
    levels = [c.heading.level for c in section.children]
    assert all(later <= earlier for earlier, later in pairwise(levels))


@given(documents())
def test_any_document_s_sections_nest_by_level_and_keep_their_order(text: str) -> None:
    doc = _read(text)
    for section in doc.sections:
        _check_section(section)
    levels = [s.heading.level for s in doc.sections]
    assert all(later <= earlier for earlier, later in pairwise(levels))
    # Every heading outside a container is a section's, once, in document order.
    outside = [s.heading.span.start for s in doc.walk_sections()]
    assert outside == sorted(outside) and len(set(outside)) == len(outside)
    first = doc.sections[0].span.start if doc.sections else None
    assert all(first is None or b.span.end <= first for b in doc.preamble)


def _token(kind: str) -> BlockToken:
    span = Span(0, 1, 1, 1, 1, 2)
    if kind.startswith("H"):
        node: object = Heading(int(kind[1]), "atx", "t", "t", span)
    elif kind == "RUN":
        node = [Paragraph("p", span)]
    else:
        node = span
    return BlockToken(kind, "-", 0, 1, 1, node)


@given(st.lists(st.sampled_from(TOKENS), max_size=30))
def test_a_sequence_the_scanner_never_makes_is_a_value_error(kinds: list[str]) -> None:
    """Any token sequence gives a tree or a ValueError that names what is wrong."""
    try:
        build_tree([_token(k) for k in kinds])
    except ValueError as error:
        assert str(error)


def test_a_long_document_costs_time_linear_in_its_length() -> None:
    shape = ("H2", "RUN", "LIST_OPEN", "ITEM", "ITEM_OPEN", "RUN", "ITEM_CLOSE", "LIST_CLOSE")

    def work(n: int) -> Callable[[], object]:
        tokens = [_token(k) for k in shape * n]
        # The input is made before it is measured: the collector's passes over it
        # (they grow with it) are no cost of the sectioner's.
        gc.collect()
        gc.freeze()
        return lambda: build_tree(tokens)

    try:
        assert_linear(work, 200)
    finally:
        gc.unfreeze()
