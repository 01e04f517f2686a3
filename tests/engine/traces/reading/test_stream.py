"""Lines from a descriptor in chunks: what splitting the bytes would give, with lines
past the limit dropped unread; and the id index, which is a set."""

from __future__ import annotations

import os
import tempfile

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.traces.reading.ids import IdIndex, IdTable
from assay.engine.traces.reading.stream import lines


def _lines_of(
    data: bytes, *, limit: int, chunk: int
) -> list[tuple[int, int, bytes | None, int, bool]]:
    with tempfile.TemporaryFile() as handle:
        handle.write(data)
        handle.seek(0)
        found = lines(handle.fileno(), limit=limit, chunk=chunk)
        return [(x.number, x.offset, x.data, x.length, x.ended) for x in found]


@given(
    data=st.lists(st.sampled_from([b"\n", b"a", b"bc", b"\r\n", b"\xff"]), max_size=40).map(
        b"".join
    ),
    limit=st.integers(0, 8),
    chunk=st.integers(1, 9),
)
def test_lines_are_the_split_bytes(data: bytes, limit: int, chunk: int) -> None:
    """Whatever the chunk size: each line's number, offset, bytes (None past the limit),
    length and ending are those of splitting the bytes at `\\n`."""
    pieces = data.split(b"\n")
    expected = []
    offset = 0
    for number, piece in enumerate(pieces, start=1):
        ended = number < len(pieces)
        if ended or piece:
            kept = piece if len(piece) <= limit else None
            expected.append((number, offset, kept, len(piece), ended))
        offset += len(piece) + 1
    assert _lines_of(data, limit=limit, chunk=chunk) == expected


def test_an_endless_line_is_never_held() -> None:
    """A line of 3 MiB under a 1 MiB limit comes out as its length only."""
    data = b"x" * (3 * 1024 * 1024) + b"\n{}\n"
    assert _lines_of(data, limit=1024 * 1024, chunk=4096) == [
        (1, 0, None, 3 * 1024 * 1024, True),
        (2, 3 * 1024 * 1024 + 1, b"{}", 2, True),
    ]


@given(keys=st.lists(st.text(max_size=4), max_size=3000))
def test_the_id_index_is_a_set(keys: list[str]) -> None:
    """`add` says whether a key was new and `in` whether it was added, as a set does,
    through the table's growth."""
    index, seen = IdIndex(), set()
    for key in keys:
        assert (key in index) == (key in seen)
        assert index.add(key) == (key not in seen)
        seen.add(key)
    assert len(index) == len(seen)
    assert all(key in index for key in seen)


def test_a_pipe_reads_as_a_file() -> None:
    """The reader needs no size or seek: a pipe's bytes read the same."""
    read, write = os.pipe()
    os.write(write, b'{"a":1}\n{"b"')
    os.close(write)
    try:
        assert [(x.number, x.data, x.ended) for x in lines(read)] == [
            (1, b'{"a":1}', True),
            (2, b'{"b"', False),
        ]
    finally:
        os.close(read)


@given(keys=st.lists(st.text(max_size=4), max_size=3000))
def test_the_id_table_keeps_each_keys_first_row(keys: list[str]) -> None:
    """`get` gives the row a key was first `put` with, as a dict's setdefault would."""
    table, rows = IdTable(), {}
    for row, key in enumerate(keys):
        table.put(key, row)
        rows.setdefault(key, row)
    assert all(table.get(key) == row for key, row in rows.items())
    assert table.get("\x00never") is None
