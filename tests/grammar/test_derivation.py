"""The block grammar's derivations are remembered per token shape and replayed."""

from __future__ import annotations

from assay import parse_document
from assay.grammar.blocks_parser import derivation
from assay.spec.document import BlockQuote


def test_documents_of_one_shape_keep_their_own_content() -> None:
    first = parse_document("# One\n\nalpha\n\n## Two\n\nbeta\n", "a.md").value
    hits = derivation.cache_info().hits
    second = parse_document("# Uno\n\ngamma\n\n## Dos\n\ndelta\n", "b.md").value
    assert derivation.cache_info().hits == hits + 1  # the same shape: replayed
    assert first is not None and second is not None
    assert [s.heading.text for s in first.walk_sections()] == ["One", "Two"]
    assert [s.heading.text for s in second.walk_sections()] == ["Uno", "Dos"]
    assert second.sections[0].blocks[0].text == "gamma"  # type: ignore[union-attr]
    assert second.sections[0].children[0].blocks[0].text == "delta"  # type: ignore[union-attr]


def test_a_deeply_nested_document_is_read_without_recursion() -> None:
    depth = 2000
    text = "".join("> " * level + "- x\n" for level in range(1, depth, 97)) + ">" * depth + " deep\n"
    doc = parse_document(text, "deep.md").value
    assert doc is not None
    block = doc.preamble[-1]
    levels = 0
    while isinstance(block, BlockQuote):
        levels += 1
        block = block.blocks[-1]
    assert levels == depth
