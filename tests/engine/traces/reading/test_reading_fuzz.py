"""Arbitrary bytes through both readers: never an exception, only events and
diagnostics, each at a line of the file and a column inside it."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.traces.reading import read_session
from assay.spec.diagnostics import Diagnostic
from assay.spec.trace import TraceEvent
from tests.engine.traces.sessions import answer, calls, header, text_of, user

PI_HEAD = text_of([header(), user("a1", None), calls("a2", "a1", ("c1", "read", {}))]).encode()
NEUTRAL_HEAD = (
    json.dumps({"sequence": 0, "actor": "main", "kind": "event", "name": "x"}) + "\n"
).encode()
PI_LINES = [text_of([e]).encode() for e in (answer("a3", "a2", "c1", "read"), user("a4", "a3"))]

#: Bytes that break JSON in interesting places, and pieces of real entries.
_PIECES = st.sampled_from(
    [
        b"{",
        b"}",
        b"[",
        b'"',
        b"\\",
        b":",
        b",",
        b"\n",
        b"\r",
        b"\xff",
        b"\xc3",
        b"\xa9",
        b"\x00",
        b"1" * 5000,
        b"[" * 2000,
        b'"type"',
        b'"id"',
        b'"parentId"',
        b"null",
        b'"message"',
        b'"toolResult"',
        b'"sequence"',
        b'"kind"',
        b"\xef\xbb\xbf",
        *PI_LINES,
    ]
)
_BYTES = st.one_of(st.binary(max_size=300), st.lists(_PIECES, max_size=30).map(b"".join))


def _read(data: bytes) -> list[TraceEvent | Diagnostic]:
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "s.jsonl").write_bytes(data)
        return list(read_session(folder, "s.jsonl", line_limit=4096))


def _check(data: bytes) -> None:
    found = _read(data)
    lines = data.count(b"\n") + 1
    for item in found:
        assert isinstance(item, TraceEvent | Diagnostic)
        if isinstance(item, Diagnostic):
            assert item.code.startswith("PRT") and item.message
            assert 1 <= item.span.line <= lines and item.span.column >= 1
            assert 0 <= item.span.start <= item.span.end <= len(data)
        else:
            assert 1 <= item.line <= lines
    events = [item for item in found if isinstance(item, TraceEvent)]
    assert [e.sequence for e in events] == list(range(len(events)))


@given(data=_BYTES)
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    """Any file at all: events and located diagnostics, nothing else."""
    _check(data)


@given(tail=_BYTES)
def test_a_pi_session_with_any_tail(tail: bytes) -> None:
    """A good Pi start, then anything: the start still reads into its events."""
    found = _read(PI_HEAD + tail)
    assert [e.name for e in found if isinstance(e, TraceEvent)][:2] == ["user_message", "read"]
    _check(PI_HEAD + tail)


@given(tail=_BYTES)
def test_a_neutral_trace_with_any_tail(tail: bytes) -> None:
    """A good neutral start, then anything."""
    assert isinstance(_read(NEUTRAL_HEAD + tail)[0], TraceEvent)
    _check(NEUTRAL_HEAD + tail)
