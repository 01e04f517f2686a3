"""The document reader never crashes, reports undecodable bytes exactly, and round-trips."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assay import parse_document
from assay.spec.convert import from_json_value, to_json_value
from assay.spec.document import Document
from tests.grammar.markdown_strategies import noisy_bytes

BOM = b"\xef\xbb\xbf"


def _first_bad_byte(raw: bytes) -> int | None:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return error.start
    return None


def assert_reads(raw: bytes | str) -> None:
    """``raw`` reads without raising; bad UTF-8 gives exactly one DOC001 at the first bad byte."""
    parsed = parse_document(raw, "fuzz.md")
    data = raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass")
    bad = _first_bad_byte(data)
    if bad is None:
        assert parsed.value is not None, parsed.diagnostics
        assert all(d.code != "DOC001" for d in parsed.diagnostics)
    else:
        assert parsed.value is None
        assert [d.code for d in parsed.diagnostics] == ["DOC001"]
        assert parsed.diagnostics[0].span.start == bad, (data, parsed.diagnostics[0].span)
    assert parsed.value is not None or parsed.diagnostics


def assert_round_trips(raw: bytes | str) -> None:
    """The document's JSON form is plain JSON and structures back to an equal document."""
    parsed = parse_document(raw, "fuzz.md")
    doc = parsed.value
    # Callers pass valid UTF-8 only: a reader that gives up on it is wrong.
    assert doc is not None, parsed.diagnostics
    value = to_json_value(doc)
    dumped = json.dumps(value, allow_nan=False)
    assert from_json_value(json.loads(dumped), Document) == doc


@settings(deadline=None)
@given(st.text())
def test_any_text_reads(text: str) -> None:
    """Any string reads to a document."""
    assert_reads(text)


@settings(deadline=None)
@given(st.text(), st.characters(categories=["Cs"]), st.text())
def test_text_with_lone_surrogates_reads_as_undecodable(
    before: str, surrogate: str, after: str
) -> None:
    """A string holding a lone surrogate (no UTF-8 form) reads to exactly one DOC001."""
    assert_reads(before + surrogate + after)


@settings(deadline=None)
@given(st.binary())
def test_any_bytes_read(raw: bytes) -> None:
    """Any bytes read to a document or to exactly one DOC001 at the first bad byte."""
    assert_reads(raw)


@settings(deadline=None)
@given(noisy_bytes(bom=False))
def test_noisy_markdown_reads(raw: bytes) -> None:
    """Markdown with stray carriage returns and bad bytes reads or reports DOC001 exactly."""
    assert_reads(raw)


@settings(deadline=None)
@given(
    noisy_bytes(bom=False)
    .map(lambda raw: BOM + raw)
    .filter(lambda raw: _first_bad_byte(raw) is not None)
)
def test_bad_bytes_after_a_bom_are_reported_at_their_offset(raw: bytes) -> None:
    """After a BOM, DOC001 still points at the first bad byte of the file."""
    assert_reads(raw)


@settings(deadline=None)
@given(noisy_bytes(invalid=False))
def test_documents_round_trip_through_json(raw: bytes) -> None:
    """Every read document (BOMs, stray carriage returns, front matter) round-trips via JSON."""
    assert_round_trips(raw)


@pytest.mark.parametrize("value", [".inf", "-.inf"])
def test_infinite_front_matter_values_dump_to_json(value: str) -> None:
    """A YAML infinity in front matter still dumps to standard JSON."""
    assert_round_trips(f"---\ntitle: {value}\n---\n# Title\n")


@pytest.mark.parametrize(
    ("raw", "line", "column"),
    [
        (b"# a\nb \xe9\n", 2, 3),
        (b"# a\r\nb \xe9\r\n", 2, 3),
        (b"# a\rb \xe9\r", 2, 3),  # a lone CR ends a line too
        (b"\xef\xbb\xbf\xe9", 1, 1),  # after a BOM, column 1
        (b"a\r\r\n\xe9", 3, 1),
    ],
)
def test_undecodable_position_counts_every_line_ending(raw: bytes, line: int, column: int) -> None:
    """DOC001's line and column count `\\r\\n`, `\\r` and `\\n` as the reader does."""
    (diagnostic,) = parse_document(raw, "bad.md").diagnostics
    assert (diagnostic.span.line, diagnostic.span.column) == (line, column)
