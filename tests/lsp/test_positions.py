"""Columns as the protocol counts them (UTF-16 units) and back, on any text; and the
quick fixes' edits, which must replace exactly what they say on any line."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from lsprotocol import types

from assay.engine.checks.fixes import closest, replacing
from assay.lsp.positions import Lines
from assay.spec.source import Span

LINE = st.text(st.characters(exclude_characters="\r\n", exclude_categories=("Cs",)), max_size=40)


@given(lines=st.lists(LINE, min_size=1, max_size=5), data=st.data())
def test_a_column_goes_to_utf16_units_and_back(lines: list[str], data: st.DataObject) -> None:
    text = "\n".join(lines)
    row = data.draw(st.integers(0, len(lines) - 1))
    column = data.draw(st.integers(1, len(lines[row]) + 1))
    converted = Lines(text)
    position = converted.position(row + 1, column)
    assert position.character == len(lines[row][: column - 1].encode("utf-16-le")) // 2
    assert converted.column(position) == column
    utf32 = Lines(text, types.PositionEncodingKind.Utf32)
    assert utf32.position(row + 1, column).character == column - 1


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
    choices = {"accepted": "accepted", "proposed": "proposed", "rejected": "rejected"}
    assert closest("Acceptd", choices) == "Accepted"
    assert closest("propsed", choices) == "proposed"
    assert closest("Banana", choices) is None
