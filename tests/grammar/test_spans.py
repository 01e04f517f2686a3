"""Every span the reader reports is exact: offsets, lines and columns, and what lies there.

Positions are recomputed here independently of the reader's locator: from the bytes
before an offset, decoded, counting ``\\n``, ``\\r\\n`` and a lone ``\\r`` as line
breaks, with columns in code points and a BOM not counted as a column.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from assay import parse_document
from assay.spec.document import (
    CodeBlock,
    Comment,
    Directive,
    Heading,
    Link,
    LinkDefinition,
    ListItem,
    Paragraph,
    Section,
    TableCell,
    TableRow,
)
from assay.spec.source import Span
from tests.grammar.markdown_strategies import (
    documents_with_front_matter,
    markdown_lines,
    noisy_bytes,
)
from tests.grammar.test_html_links import assert_value_fits

CASES = Path(__file__).parent / "cases" / "markdown"
CASE_FILES = sorted(CASES.glob("*.md"))
BOM = b"\xef\xbb\xbf"
_BREAK = re.compile(rb"\r\n|\r|\n")


def spanned(model: Any, path: str = "doc") -> Iterator[tuple[str, Any, Any]]:
    """Every ``(path, model, parent)`` below ``model`` whose model has a span."""
    if isinstance(model, tuple):
        for index, child in enumerate(model):
            yield from spanned(child, f"{path}[{index}]")
        return
    if not attrs.has(type(model)):
        return
    for field in attrs.fields(type(model)):
        child = getattr(model, field.name)
        if isinstance(child, tuple):
            for index, item in enumerate(child):
                if attrs.has(type(item)) and isinstance(getattr(item, "span", None), Span):
                    yield f"{path}.{field.name}[{index}]", item, model
                yield from spanned(item, f"{path}.{field.name}[{index}]")
        elif attrs.has(type(child)):
            if isinstance(getattr(child, "span", None), Span):
                yield f"{path}.{field.name}", child, model
            yield from spanned(child, f"{path}.{field.name}")


class Positions:
    """1-based (line, column) of byte offsets in ``raw``, computed from scratch."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        # \r and \n bytes never occur inside a multi-byte UTF-8 sequence.
        first = len(BOM) if raw.startswith(BOM) else 0
        self.starts = [first, *(m.end() for m in _BREAK.finditer(raw))]

    def __call__(self, offset: int) -> tuple[int, int]:
        raw = self.raw
        assert offset >= self.starts[0], "a span starts inside the BOM"
        assert not (raw[offset - 1 : offset] == b"\r" and raw[offset : offset + 1] == b"\n"), (
            f"offset {offset} splits a CRLF"
        )
        line = bisect_right(self.starts, offset)
        column = len(raw[self.starts[line - 1] : offset].decode("utf-8"))  # fails off a character
        return line, column + 1


def _lines_in_order(needle: str, haystack: str) -> bool:
    """Whether each line of ``needle`` (indentation aside) occurs in ``haystack``, in order."""
    at = 0
    for line in needle.split("\n"):
        line = line.strip(" \t")
        found = haystack.find(line, at)
        if found < 0:
            return False
        at = found + len(line)
    return True


def check_content(model: Any, parent: Any, text: str) -> None:
    """What the source slice of a model must look like."""
    if isinstance(model, Heading):
        assert _lines_in_order(model.raw, text), "heading text not in its slice"
        if model.style == "atx":
            assert text.lstrip(" \t").startswith("#")
    elif isinstance(model, Link) and model.kind == "html":
        assert_value_fits(text, model)  # the attribute's value alone
    elif isinstance(model, Link):
        assert text.startswith(("[", "![", "<")) and text.endswith((")", "]", ">"))
    elif isinstance(model, Comment):
        assert text.startswith("<!--") and _lines_in_order(model.text, text)
    elif isinstance(model, Directive):
        assert text.startswith("<!--")
    elif isinstance(model, TableCell):
        assert text == model.text
    elif isinstance(model, TableRow):
        assert model.cells == () or text.lstrip(" \t").startswith(("|", model.cells[0].text[:1]))
    elif isinstance(model, CodeBlock) and model.fence:
        assert text.lstrip(" ").startswith(model.fence) and len(text) - len(text.lstrip(" ")) <= 3
    elif isinstance(model, LinkDefinition):
        assert text.startswith("[")
    elif isinstance(model, ListItem):
        assert text.startswith(model.marker)
    elif isinstance(model, Paragraph):
        assert text.startswith(model.text.split("\n")[0])
    elif isinstance(model, Section):
        assert text.startswith(
            "#" if model.heading.style == "atx" else model.heading.raw.split("\n")[0]
        )


def _inside(child: Span, parent: Span) -> bool:
    return parent.start <= child.start <= child.end <= parent.end


def check_spans(raw: bytes) -> None:
    """Every span of the document read from ``raw`` is exact and lies inside its parent's."""
    parsed = parse_document(raw, "spans.md")
    doc = parsed.value
    # Every input here is valid UTF-8: a reader that gives up on one is wrong.
    assert doc is not None, parsed.diagnostics
    position = Positions(raw)
    for path, model, parent in spanned(doc):
        span: Span = model.span
        assert 0 <= span.start <= span.end <= len(raw), f"{path} {span} in {raw!r}"
        start, end = position(span.start), position(span.end)
        assert (span.line, span.column) == start, f"{path} {span} starts at {start} in {raw!r}"
        assert (span.end_line, span.end_column) == end, f"{path} {span} ends at {end} in {raw!r}"
        text = raw[span.start : span.end].decode("utf-8")
        try:
            check_content(model, parent, text)
        except AssertionError as error:
            message = f"{path}: slice {text!r} does not fit {model!r} in {raw!r}"
            raise AssertionError(message) from error
        parent_span = getattr(parent, "span", None)
        if isinstance(parent_span, Span):  # sections, lists, items, quotes, tables, rows
            assert _inside(span, parent_span), f"{path} {span} outside {parent_span} in {raw!r}"


@pytest.mark.parametrize("case", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_case_spans_are_exact(case: Path) -> None:
    """Every span of each hand-written case points at exactly its source."""
    check_spans(case.read_bytes())


@settings(deadline=None)
@given(documents_with_front_matter())
def test_generated_document_spans_are_exact(text: str) -> None:
    """Every span of a generated document (front matter included) points at its source."""
    check_spans(text.encode("utf-8"))


@settings(deadline=None)
@given(markdown_lines())
def test_character_soup_spans_are_exact(text: str) -> None:
    """Every span of Markdown character soup points at its source."""
    check_spans(text.encode("utf-8"))


@settings(deadline=None)
@given(noisy_bytes(invalid=False))
def test_noisy_document_spans_are_exact(raw: bytes) -> None:
    """Spans stay exact with a BOM, stray carriage returns and any text."""
    check_spans(raw)


def test_spans_count_bytes_and_code_points() -> None:
    """Offsets are bytes (BOM included); columns are code points after the BOM."""
    raw = BOM + "# Tïtle 🚀\r\n\r\n[ü](x.md)\rnext".encode()
    doc = parse_document(raw).value
    assert doc is not None
    heading = doc.sections[0].heading
    assert (heading.span.start, heading.span.column) == (3, 1)
    assert heading.span.end == len(BOM + "# Tïtle 🚀".encode())
    assert heading.span.end_column == len("# Tïtle 🚀") + 1
    (link,) = doc.links
    assert raw[link.span.start : link.span.end] == "[ü](x.md)".encode()
    assert (link.span.line, link.span.column, link.span.end_line, link.span.end_column) == (
        3,
        1,
        3,
        10,
    )
