"""Placing an element on a long line of non-ASCII text costs the same at any column.

For non-ASCII text a character offset is turned into a byte offset by encoding the
line up to it.  Encoded from the line's start for every element, 20,000 links on one
line of accented text cost the square of the line; the locator encodes at most
``_STRIDE`` characters per offset now, from a checkpoint counted once per line.  The
work is counted here (characters encoded), and the offsets checked against the bytes.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assay import parse_document
from assay.grammar import locate
from assay.grammar.locate import Locator
from tests.grammar.test_spans import check_spans


def _bytes_before(text: str, offset: int) -> int:
    return len(text[:offset].encode("utf-8", "surrogatepass"))


# Long lines of mixed widths: ASCII, two-, three- and four-byte characters, lone
# surrogates (undecodable bytes read back as three each), and every line break.
_CHARS = st.sampled_from(("a", " ", "é", "€", "😀", "\udc80", "\n", "\r\n", "\r", "[x](y)"))
_TEXTS = st.lists(
    st.one_of(_CHARS, st.builds(lambda c, n: c * n, _CHARS, st.integers(0, 700))),
    max_size=12,
).map("".join)


@settings(deadline=None)
@given(text=_TEXTS, prefix=st.sampled_from((0, 3)), data=st.data())
def test_byte_offsets_on_long_lines_are_exact(text: str, prefix: int, data: st.DataObject) -> None:
    locator = Locator(text, prefix=prefix)
    offsets = data.draw(st.lists(st.integers(0, len(text)), max_size=40))
    for offset in [*offsets, 0, len(text), *locator.line_starts]:
        assert locator.byte_offset(offset) == prefix + _bytes_before(text, offset)


@settings(deadline=None)
@given(text=_TEXTS)
def test_spans_on_long_lines_are_exact(text: str) -> None:
    check_spans(text.replace("\udc80", "\ufffd").encode("utf-8"))


def _encoded_while(run: object, patch: pytest.MonkeyPatch) -> int:
    """How many characters the locator encodes while ``run()`` runs."""
    counted = [0]
    encoded_length = locate._encoded_length

    def counting(text: str, start: int, end: int) -> int:
        counted[0] += max(0, end - start)
        return encoded_length(text, start, end)

    patch.setattr(locate, "_encoded_length", counting)
    run()  # type: ignore[operator]
    patch.setattr(locate, "_encoded_length", encoded_length)
    return counted[0]


def test_links_on_one_long_line_encode_each_character_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Parsing (which places every link, its text and its destination) encodes a
    bounded number of characters per character of the text, whatever the line's
    length: four times the links encode about four times the characters."""

    def encoded(links: int) -> tuple[int, int]:
        line = " ".join(f"[café {n}](é{n}.md)" for n in range(links))
        text = f"# Décision\n\n{line}\n"
        return _encoded_while(lambda: parse_document(text, "doc.md"), monkeypatch), len(text)

    (small, small_length), (large, large_length) = encoded(2_000), encoded(8_000)
    assert small <= 4 * small_length, (small, small_length)
    assert large <= 4 * large_length, (large, large_length)
    assert large / large_length <= 1.5 * small / small_length
