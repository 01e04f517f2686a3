"""assay's Markdown reader agrees with markdown-it (CommonMark + GFM tables) on structure.

Compared per document, in order:

(a) headings at the top level (the ones that become sections): level and text;
(b) fenced code blocks anywhere: their 0-based ``[start, end)`` line range;
(c) link and image destinations, autolinks included, in document order.

The oracle is markdown-it-py's ``commonmark`` preset with its ``table`` rule enabled:
the reader follows CommonMark 0.31 for blocks and markdown-it's table rule for tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token

from assay import parse_document
from assay.grammar.frontmatter import front_matter_lines
from assay.grammar.locate import Locator
from assay.spec.document import Block, BlockQuote, CodeBlock, Document, ListBlock
from tests.grammar.markdown_strategies import documents, markdown_lines

CASES = Path(__file__).parent / "cases" / "markdown"
CASE_FILES = sorted(CASES.glob("*.md"))
BOM = b"\xef\xbb\xbf"

Outline = dict[str, list[Any]]


def _oracle() -> MarkdownIt:
    md = MarkdownIt("commonmark").enable("table")
    # markdown-it drops links whose destination starts with javascript:, vbscript:,
    # file: or data: (a rendering safety policy, not CommonMark); assay reports every
    # link, so the oracle must see them all.
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    return md


MD = _oracle()


def markdown_it_outline(text: str) -> Outline:
    """Headings, fences and link destinations as markdown-it reads ``text``."""
    # Nesting is bounded by the number of characters, so this limit is never reached
    # and never truncates the oracle's reading.
    MD.options["maxNesting"] = len(text) + 20
    tokens = MD.parse(text)
    headings = []
    fences = []
    links: list[str] = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.level == 0:
            headings.append((int(token.tag[1]), tokens[index + 1].content))
        elif token.type == "fence":
            assert token.map is not None
            fences.append(tuple(token.map))
        elif token.type == "inline":
            links.extend(_destinations(token.children or []))
    return {"headings": headings, "fences": fences, "links": links}


def _destinations(children: list[Token]) -> Iterator[str]:
    for child in children:
        if child.type == "link_open":
            yield str(child.attrs["href"])
        elif child.type == "image":
            yield str(child.attrs["src"])
            yield from _destinations(child.children or [])


def _blocks(blocks: tuple[Block, ...]) -> Iterator[Block]:
    for block in blocks:
        yield block
        if isinstance(block, ListBlock):
            for item in block.items:
                yield from _blocks(item.blocks)
        elif isinstance(block, BlockQuote):
            yield from _blocks(block.blocks)


def all_blocks(doc: Document) -> Iterator[Block]:
    """Every block of the document, containers' contents included, in document order."""
    yield from _blocks(doc.preamble)
    for section in doc.walk_sections():
        yield section.heading
        yield from _blocks(section.blocks)


def assay_outline(doc: Document) -> Outline:
    """Headings, fences and link destinations as assay reads the document."""
    headings = [(s.heading.level, s.heading.raw) for s in doc.walk_sections()]
    fences = [
        (b.span.line - 1, b.span.end_line)
        for b in sorted(all_blocks(doc), key=lambda b: b.span.start)
        if isinstance(b, CodeBlock) and b.fence
    ]
    links = [MD.normalizeLink(link.destination) for link in doc.links]
    return {"headings": headings, "fences": fences, "links": links}


def _normalize_heading(text: str) -> str:
    # A setext heading's continuation lines keep their indentation in markdown-it's
    # inline content, which inline parsing strips (CommonMark 6.7); assay strips it
    # when it reads the paragraph.  Compare the lines without it.
    return "\n".join(line.strip(" \t") for line in text.split("\n"))


def oracle_text(raw: bytes) -> str:
    """What markdown-it is given: the text without BOM, front matter lines blanked."""
    text = raw.removeprefix(BOM).decode("utf-8")
    skip = front_matter_lines(Locator(text))
    if skip:
        lines = text.splitlines(keepends=True)
        text = "".join("\n" for _ in lines[:skip]) + "".join(lines[skip:])
    return text


def assert_agrees(raw: bytes) -> None:
    """Fail, showing both readings, when assay and markdown-it disagree on ``raw``."""
    parsed = parse_document(raw, "case.md")
    assert parsed.value is not None, parsed.diagnostics
    ours = assay_outline(parsed.value)
    theirs = markdown_it_outline(oracle_text(raw))
    ours["headings"] = [(level, _normalize_heading(text)) for level, text in ours["headings"]]
    theirs["headings"] = [(level, _normalize_heading(text)) for level, text in theirs["headings"]]
    for key in ("headings", "fences", "links"):
        assert ours[key] == theirs[key], (
            f"{key} differ for {raw!r}\n  assay:       {ours[key]!r}\n  markdown-it: {theirs[key]!r}"
        )


def test_cases_cover_the_constructs() -> None:
    """There is one hand-written case file per construct, at least 25 of them."""
    assert len(CASE_FILES) >= 25


@pytest.mark.parametrize("case", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_case_agrees_with_markdown_it(case: Path) -> None:
    """Each hand-written tricky case reads as markdown-it reads it."""
    assert_agrees(case.read_bytes())


@settings(deadline=None)
@given(documents(), st.booleans())
def test_generated_documents_agree_with_markdown_it(text: str, bom: bool) -> None:
    """Realistic generated documents read as markdown-it reads them."""
    assert_agrees((BOM if bom else b"") + text.encode("utf-8"))


@settings(deadline=None)
@given(markdown_lines())
def test_markdown_character_soup_agrees_with_markdown_it(text: str) -> None:
    """Lines of Markdown-significant characters read as markdown-it reads them."""
    assert_agrees(text.encode("utf-8"))
