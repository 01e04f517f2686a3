"""Byte fidelity: the bytes kept are the source's slice exactly, and the digest is the
sha256 of the whole file, for any bytes, any range and any chunk size.

The reference splits lines one byte at a time (``\\n``, ``\\r\\n`` and a lone ``\\r`` end
a line), nothing like the chunked counting under test; small chunk sizes put chunk
edges everywhere, between a ``\\r`` and its ``\\n`` included.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import example, given
from hypothesis import strategies as st

from assay.engine.files import digest as digest_module
from assay.engine.files.digest import Digest, digest
from assay.engine.files.opening import ContainedFile, open_contained

_TEXT = st.text(
    st.sampled_from(["a", "b", " ", "\t", "é", "€", "𝄞", "\ufeff", "\x00", "\x0b", "\u2028"]),
    max_size=6,
)
_ENDINGS = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def _texts(draw: st.DrawFn) -> bytes:
    """Lines of multi-byte UTF-8 with mixed endings, maybe a BOM, maybe no final one."""
    lines = draw(st.lists(st.tuples(_TEXT, _ENDINGS), max_size=8))
    text = "".join(line + ending for line, ending in lines)
    if draw(st.booleans()):
        text += draw(_TEXT)  # no final line ending
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text.encode("utf-8")


def reference_lines(data: bytes) -> list[bytes]:
    lines, start, index = [], 0, 0
    while index < len(data):
        byte = data[index]
        index += 1
        if byte == 0x0D and data[index : index + 1] == b"\n":
            index += 1
        if byte in (0x0A, 0x0D):
            lines.append(data[start:index])
            start = index
    if start < len(data):
        lines.append(data[start:])
    return lines


def _read(data: bytes, lines: tuple[int, int] | None, limit: int, chunk: int) -> Digest:
    with tempfile.TemporaryDirectory() as root:
        (Path(root) / "f").write_bytes(data)
        opened = open_contained(root, "f")
        assert isinstance(opened, ContainedFile)
        with opened, mock.patch.object(digest_module, "CHUNK", chunk):
            return digest(opened, lines, limit)


def _check(data: bytes, first: int, last: int, limit: int, chunk: int) -> None:
    lines = reference_lines(data)
    outcome = _read(data, (first, last), limit, chunk)
    assert outcome.sha256 == hashlib.sha256(data).hexdigest()
    assert outcome.size == len(data)
    if not 1 <= first <= last <= len(lines):
        assert outcome.outcome == "out-of-bounds"
        assert outcome.line_count == len(lines)
        assert outcome.text == b""
        return
    expected = b"".join(lines[first - 1 : last])
    assert outcome.range_size == len(expected)
    assert outcome.line_count is None
    if len(expected) > limit:
        assert (outcome.outcome, outcome.text) == ("too-large", b"")
    else:
        assert (outcome.outcome, outcome.text) == ("kept", expected)


_CHUNKS = st.one_of(st.integers(1, 9), st.just(1 << 20))


@given(data=_texts(), chunk=_CHUNKS, picks=st.data())
@example(data=b"a\r\nb", chunk=2, picks=None).via("a CRLF split by a chunk edge")
def test_a_range_keeps_the_source_slice_exactly(
    data: bytes, chunk: int, picks: st.DataObject | None
) -> None:
    count = len(reference_lines(data))
    if picks is None:
        first, last, limit = 2, 2, 100
    else:
        first = picks.draw(st.integers(1, count + 1))
        last = picks.draw(st.one_of(st.just(max(count, first)), st.integers(first, count + 2)))
        limit = picks.draw(st.one_of(st.just(1 << 20), st.integers(0, 40)))
    _check(data, first, last, limit, chunk)


@given(
    data=st.binary(max_size=64), chunk=_CHUNKS, first=st.integers(-1, 12), span=st.integers(-2, 12)
)
def test_any_bytes_any_range(data: bytes, chunk: int, first: int, span: int) -> None:
    _check(data, first, first + span, 1 << 20, chunk)


@given(data=_texts(), chunk=_CHUNKS, limit=st.integers(0, 64))
def test_the_whole_file_is_kept_byte_for_byte_within_the_limit(
    data: bytes, chunk: int, limit: int
) -> None:
    outcome = _read(data, None, limit, chunk)
    assert outcome.sha256 == hashlib.sha256(data).hexdigest()
    assert (outcome.size, outcome.range_size) == (len(data), len(data))
    if len(data) <= limit:
        assert (outcome.outcome, outcome.text) == ("kept", data)
    else:
        assert (outcome.outcome, outcome.text) == ("too-large", b"")


def test_the_examples_of_the_docs() -> None:
    data = "\ufeffone\r\ntwo\rthree\nfour".encode()
    assert reference_lines(data) == ["\ufeffone\r\n".encode(), b"two\r", b"three\n", b"four"]
    assert _read(data, (4, 4), 100, 1 << 20).text == b"four"
    assert _read(data, (1, 1), 100, 1 << 20).text == "\ufeffone\r\n".encode()
    past = _read(data, (3, 5), 100, 1 << 20)
    assert (past.outcome, past.line_count) == ("out-of-bounds", 4)
    assert _read(b"", (1, 1), 100, 1 << 20).line_count == 0
    assert _read(b"x\n", (2, 2), 100, 1 << 20).line_count == 1
