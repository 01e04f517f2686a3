"""Positions in each encoding the protocol allows, both ways, on any text; and the
quick fixes' edits, which must replace exactly what they say on any line."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lsprotocol import types

from assay.engine.checks.fixes import closest, replacing
from assay.lsp.diagnostics import to_lsp
from assay.lsp.fixes import quick_fixes
from assay.lsp.positions import Lines, agreed
from assay.spec.diagnostics import Diagnostic, Fix, Related
from assay.spec.source import Span
from tests.lsp.units import applied, index, selected, units

ENCODINGS = ["utf-8", "utf-16", "utf-32"]

#: Characters of one, two, three and four UTF-8 bytes, two of them past U+FFFF (two
#: UTF-16 units: an emoji and U+1D538, the double-struck A), and separators a line may
#: hold that are no line end to the protocol (form feed, U+2028, NEL).
_WIDE = st.sampled_from(
    ["a", "é", "ü", "ß", "中", "字", "😀", "\U0001d538", "\x0c", "\u2028", "\x85"]
)
#: Any character but the protocol's line endings and lone surrogates (no text has them).
_ANY = st.characters(exclude_characters="\r\n", exclude_categories=("Cs",))
LINE = st.text(st.one_of(_WIDE, _ANY), max_size=30)
ENDING = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def documents(draw: st.DrawFn) -> tuple[list[str], str]:
    """A document's lines and the ending that joins them."""
    return draw(st.lists(LINE, min_size=1, max_size=5)), draw(ENDING)


@st.composite
def points(draw: st.DrawFn, lines: list[str]) -> tuple[int, int]:
    """A 1-based line and code-point column inside ``lines`` (a line's end included)."""
    row = draw(st.integers(1, len(lines)))
    return row, draw(st.integers(1, len(lines[row - 1]) + 1))


def span_of(lines: list[str], ending: str, start: tuple[int, int], end: tuple[int, int]) -> Span:
    """The span from ``start`` to ``end``, its byte offsets counted as the reader does."""
    text = ending.join(lines)

    def offset(point: tuple[int, int]) -> int:
        before = ending.join(lines[: point[0] - 1]) + (ending if point[0] > 1 else "")
        return len((before + lines[point[0] - 1][: point[1] - 1]).encode())

    assert offset(end) <= len(text.encode())
    return Span(offset(start), offset(end), *start, *end)


@pytest.mark.parametrize("encoding", ENCODINGS)
@given(document=documents(), data=st.data())
def test_a_column_goes_to_the_encodings_units_and_back(
    encoding: str, document: tuple[list[str], str], data: st.DataObject
) -> None:
    """A code-point column is the agreed encoding's count of the units before it, and
    that position read back is the same column."""
    lines, ending = document
    row, column = data.draw(points(lines))
    converted = Lines(ending.join(lines), encoding)
    position = converted.position(row, column)
    assert position.line == row - 1
    assert index(lines[row - 1], position.character, encoding) == column - 1
    assert converted.point(position) == (row, column)


@pytest.mark.parametrize("encoding", ENCODINGS)
@given(document=documents(), line=st.integers(0, 8), character=st.integers(0, 200))
def test_any_position_is_a_place_on_its_line_or_none(
    encoding: str, document: tuple[list[str], str], line: int, character: int
) -> None:
    """Any position a client sends, inside a character or past the text, is read
    without an error: a place on its line, or None past the line's end or the last
    line; inside a character, that character."""
    lines, ending = document
    point = Lines(ending.join(lines), encoding).point(types.Position(line, character))
    if line >= len(lines):
        assert point is None
        return
    text = lines[line]
    # Where each character starts, in units, and where the line ends.
    starts = [units(text[:i], encoding) for i in range(len(text) + 1)]
    if character > starts[-1]:
        assert point is None
        return
    assert point is not None and point[0] == line + 1
    # The character holding the unit: the last that starts at or before it.
    assert point[1] - 1 == max(i for i, s in enumerate(starts) if s <= character)


@pytest.mark.parametrize("encoding", ENCODINGS)
@given(document=documents(), new=LINE, data=st.data())
def test_a_quick_fix_replaces_exactly_its_text_in_each_encoding(
    encoding: str, document: tuple[list[str], str], new: str, data: st.DataObject
) -> None:
    """A finding with a fix, sent as the protocol's diagnostic and given back for its
    code action: the action's edit, applied by the test's own reading of the agreed
    encoding, replaces exactly the span the fix names, and the diagnostic's range
    covers exactly its span, whatever the characters before them."""
    lines, ending = document
    text = ending.join(lines)
    start, end = sorted([data.draw(points(lines)), data.draw(points(lines))])
    span = span_of(lines, ending, start, end)
    shown = span_of(lines, ending, *sorted([data.draw(points(lines)), data.draw(points(lines))]))
    finding = Diagnostic(
        code="LNK006",
        name="link-missing-extension",
        severity="warning",
        message="m",
        path="docs/adr/0003-x.md",
        span=shown,
        fix=Fix(title="t", span=span, replacement=new),
    )
    sent = to_lsp(finding, lambda _: Lines(text, encoding), "https://r/", lambda p: p)
    # The client gives the diagnostic back as it had it: through JSON.
    sent.data = json.loads(json.dumps(sent.data))
    (action,) = quick_fixes("file:///w/docs/adr/0003-x.md", [sent])
    assert action.edit is not None and action.edit.changes is not None
    (edit,) = action.edit.changes["file:///w/docs/adr/0003-x.md"]
    raw = text.encode()
    old = raw[span.start : span.end].decode()
    assert applied(text, edit, encoding) == (raw[: span.start] + new.encode()).decode() + (
        raw[span.end :].decode()
    )
    assert selected(text, edit.range, encoding) == old
    assert selected(text, sent.range, encoding) == raw[shown.start : shown.end].decode()


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_place_past_the_text_is_sent_as_its_end(encoding: str) -> None:
    """A span's line or column past the text (none should be; a client must still get
    a position inside it) is the end of the last line, or of its own line."""
    lines = Lines("ab\r\nc😀", encoding)
    end = units("c😀", encoding)
    assert lines.position(7, 1) == types.Position(1, end)
    assert lines.position(2, 9) == types.Position(1, end)
    assert lines.position(1, 3) == types.Position(0, 2)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_related_finding_is_placed_on_its_own_files_text(encoding: str) -> None:
    """The related location of a finding is converted on the other file's lines, not
    on the document's (a number taken twice, in a record with `é` before it)."""
    here = "# ADR 0002: x\n"
    there = "# ADR 😀 é 0002: y\n"
    at, byte = there.index("0002"), there.encode().index(b"0002")
    where = Span(byte, byte + 4, 1, at + 1, 1, at + 5)
    finding = Diagnostic(
        code="DOC009",
        name="duplicate-number",
        severity="error",
        message="m",
        path="a.md",
        span=Span(6, 10, 1, 7, 1, 11),
        related=(Related(message="also", path="b.md", span=where),),
    )
    texts = {"a.md": here, "b.md": there}
    sent = to_lsp(finding, lambda p: Lines(texts[p], encoding), "https://r/", lambda p: p)
    assert sent.related_information is not None
    (related,) = sent.related_information
    assert related.location.uri == "b.md"
    assert selected(there, related.location.range, encoding) == "0002"
    assert selected(here, sent.range, encoding) == "0002"


def test_the_agreed_encoding_is_named_by_value_or_member() -> None:
    """pygls hands the agreed encoding over as the enum's member or its value; a
    value the protocol does not define (or none) is its default, UTF-16."""
    assert agreed(types.PositionEncodingKind.Utf8) == "utf-8"
    assert agreed("utf-32") == "utf-32"
    assert agreed(None) == agreed("latin-1") == "utf-16"


@given(before=LINE, old=LINE.filter(bool), after=LINE, new=LINE, prefix=LINE)
def test_a_fix_replaces_exactly_the_text_it_names(
    before: str, old: str, after: str, new: str, prefix: str
) -> None:
    """Inside a span over ``before + old + after`` on the second line, the fix's byte
    span and its columns both cover the last ``old``."""
    line = before + old + after
    text = f"{prefix}\n{prefix}{line}\n"
    raw = text.encode("utf-8")
    start = len(f"{prefix}\n{prefix}".encode())
    column = len(prefix) + 1
    span = Span(start, start + len(line.encode()), 2, column, 2, column + len(line))
    fix = replacing(text, span, old, new, "t")
    if old == new:
        assert fix is None
        return
    assert fix is not None
    assert raw[fix.span.start : fix.span.end] == old.encode()
    second = text.split("\n")[1]
    assert second[fix.span.column - 1 : fix.span.end_column - 1] == old
    assert line.rfind(old) == fix.span.column - column


def test_a_typo_is_close_to_one_value_only() -> None:
    """A status misspelled by a letter is close to one allowed value; a word far from
    all of them is close to none."""
    choices = {"accepted": "accepted", "proposed": "proposed", "rejected": "rejected"}
    assert closest("Acceptd", choices) == "Accepted"
    assert closest("propsed", choices) == "proposed"
    assert closest("Banana", choices) is None
