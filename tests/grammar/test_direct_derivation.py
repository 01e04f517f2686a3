"""The one-pass derivation gives exactly what Lark derives from the block grammar.

``direct_derivation`` stands in for Lark's parse of a new token shape (a second a
100,000 tokens).  The grammar stays the definition: on every token sequence, the
documents' and arbitrary ones, the pass gives Lark's derivation, or None where Lark
rejects the sequence.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.grammar.markdown import blockscan, derivations
from assay.grammar.markdown.direct_derivation import Derivation, derive_directly
from assay.grammar.markdown.document import decode
from assay.grammar.markdown.frontmatter import front_matter_lines
from tests.conftest import ROOT
from tests.cost import assert_linear
from tests.grammar.markdown_strategies import documents, markdown_lines

TOKENS = (
    "RUN", "ITEM", "LIST_OPEN", "LIST_CLOSE", "ITEM_OPEN", "ITEM_CLOSE", "QUOTE_OPEN",
    "QUOTE_CLOSE", "H1", "H2", "H3", "H4", "H5", "H6",
)  # fmt: skip
FILES = sorted(
    [
        *ROOT.joinpath("tests", "grammar", "cases").rglob("*.md"),
        *ROOT.joinpath("tests", "fixtures").rglob("*.md"),
        *ROOT.joinpath("examples").rglob("*.md"),
    ]
)


def _lark(types: tuple[str, ...]) -> Derivation | None:
    try:
        return derivations.lark_derivation(types)
    except Exception:  # Lark's own errors: the grammar does not derive the sequence
        return None


def _types(text: str | bytes) -> tuple[str, ...]:
    locator, _ = decode(text if isinstance(text, bytes) else text.encode(), "doc.md")
    assert locator is not None
    return tuple(
        token.type for token in blockscan.scan(locator, front_matter_lines(locator)).tokens
    )


@st.composite
def nested_shapes(draw: st.DrawFn) -> tuple[str, ...]:
    """Token sequences the grammar derives, most of them: containers balanced."""
    types: list[str] = []
    closing: list[str] = []
    for _ in range(draw(st.integers(0, 30))):
        choice = draw(st.sampled_from((*TOKENS, "close", "close")))
        if choice == "close":
            if closing:
                types.append(closing.pop())
            continue
        types.append(choice)
        if choice.endswith("_OPEN"):
            closing.append(choice.replace("_OPEN", "_CLOSE"))
    return tuple(types + closing[::-1])


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_repository_documents_derive_as_with_lark(path: Path) -> None:
    types = _types(path.read_bytes())
    assert derive_directly(types) == _lark(types)


@given(documents() | markdown_lines())
def test_generated_documents_derive_as_with_lark(text: str) -> None:
    types = _types(text)
    assert derive_directly(types) == _lark(types)


@given(st.lists(st.sampled_from(TOKENS), max_size=14).map(tuple) | nested_shapes())
def test_any_sequence_derives_as_with_lark_or_not_at_all(types: tuple[str, ...]) -> None:
    assert derive_directly(types) == _lark(types)


def test_sections_nest_by_level() -> None:
    steps = derive_directly(("H2", "RUN", "H4", "H3", "H1"))
    assert steps == (
        ("section4", (2,)),
        ("section3", (3,)),
        ("section2", (0, 1, -1, -2)),
        ("section1", (4,)),
        ("start", (-3, -4)),
    )


def test_a_long_shape_costs_time_linear_in_its_length() -> None:
    shape = ("H2", "RUN", "LIST_OPEN", "ITEM", "ITEM_OPEN", "RUN", "ITEM_CLOSE", "LIST_CLOSE")
    assert_linear(lambda n: (lambda types: lambda: derive_directly(types))(shape * n), 200)
