"""The neutral trace format: read as `assay schema trace` says, line by line; the
reader and the schema agree on every line hypothesis draws."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.traces.reading import read_session, split_session
from assay.engine.traces.reading.neutral import FIELDS
from assay.engine.traces.reading.session import read_lines
from assay.engine.traces.reading.stream import Line
from assay.spec.trace_format import trace_schema
from tests.conftest import ROOT

VALIDATOR = jsonschema.Draft202012Validator(trace_schema())
FIXTURES = ROOT / "tests" / "fixtures" / "traces"


def _lines(*entries: Any) -> list[Line]:
    found = []
    offset = 0
    for number, entry in enumerate(entries, start=1):
        data = json.dumps(entry).encode()
        found.append(Line(number, offset, data, len(data), True))
        offset += len(data) + 1
    return found


def test_the_fixture_is_valid_and_reads_whole() -> None:
    """Each line of the documented neutral trace validates, and reads into one event."""
    text = (FIXTURES / "trace.jsonl").read_text(encoding="utf-8")
    for line in text.splitlines():
        VALIDATOR.validate(json.loads(line))
    events, problems = split_session(read_session(FIXTURES, "trace.jsonl"))
    assert problems == []
    assert [(e.sequence, e.actor, e.kind, e.name) for e in events] == [
        (0, "user", "event", "user_message"),
        (1, "main", "call", "recall_memory"),
        (2, "main", "result", "recall_memory"),
        (3, "participant", "event", "participant_answer"),
        (4, "main", "call", "finish_session_consultation"),
        (5, "main", "result", "finish_session_consultation"),
    ]
    assert events[2].returned_turns == ("7a3c9e21",)
    assert events[3].source_digests == {"sessions/2026-02-10.jsonl": "sha256:" + "5" * 64}
    assert events[1].active_tools is not None and "fetch_session" in events[1].active_tools


def test_order_and_pairing_problems(tmp_path: Path) -> None:
    """A repeated sequence and one going down (both PRT007: neither increases), a result
    without its call (PRT003), a call id still open (PRT005), an unknown kind (PRT002)."""

    def event(n: int, **more: Any) -> dict[str, Any]:
        return {"sequence": n, "actor": "main", "kind": "event", "name": "x", **more}

    found = list(
        read_lines(
            _lines(
                event(1),
                event(1),
                event(0),
                event(2, kind="result", call_id="c1"),
                event(3, kind="call", call_id="c2"),
                event(4, kind="call", call_id="c2"),
                event(5, kind="thought"),
                event(6, is_eror=True),
            ),
            "t.jsonl",
        )
    )
    problems = [(d.code, d.span.line) for d in found if not hasattr(d, "kind")]
    assert problems == [
        ("PRT007", 2),
        ("PRT007", 3),
        ("PRT003", 4),
        ("PRT005", 6),
        ("PRT002", 7),
        ("PRT007", 8),
    ]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=2)
    ),
    max_leaves=6,
)
_VALID = st.fixed_dictionaries(
    {
        "sequence": st.integers(0, 5),
        "actor": st.sampled_from(["main", "participant", "system", "user"]),
        "kind": st.sampled_from(["call", "event", "result"]),
        "name": st.sampled_from(["recall_memory", "fetch_session", "x"]),
    },
    optional={
        "call_id": st.sampled_from(["c1", "c2"]) | st.none(),
        "arguments": st.dictionaries(st.text(max_size=2), _JSON, max_size=2) | st.none(),
        "is_error": st.booleans(),
        "returned_turns": st.lists(st.text(max_size=3), max_size=2),
        "active_tools": st.lists(st.text(max_size=3), max_size=2) | st.none(),
        "source_digests": st.dictionaries(st.text(max_size=2), st.text(max_size=2), max_size=2)
        | st.none(),
    },
)
_KEYS = st.sampled_from([*FIELDS, "extra", "type"])


@st.composite
def _entries(draw: st.DrawFn) -> dict[str, Any]:
    """A valid line, or one with a field changed to any JSON value, or removed."""
    entry = dict(draw(_VALID))
    for _ in range(draw(st.integers(0, 2))):
        key = draw(_KEYS)
        if draw(st.booleans()):
            entry.pop(key, None)
        else:
            entry[key] = draw(_JSON)
    return entry


_ENTRY = _entries()


def _after_the_opener(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` as the line after the opener (sequence 0): a valid sequence moved up."""
    number = entry.get("sequence")
    if isinstance(number, int) and not isinstance(number, bool) and number >= 0:
        return {**entry, "sequence": number + 1}
    return entry


@given(entry=_ENTRY)
def test_the_reader_accepts_exactly_what_the_schema_does(entry: dict[str, Any]) -> None:
    """One line after a call `c1`: an event is read if and only if the line validates
    against `assay schema trace` (and, beyond what one line can say, answers no call
    but `c1` and does not open `c1` again)."""
    opener = {"sequence": 0, "actor": "main", "kind": "call", "name": "x", "call_id": "c1"}
    line = _after_the_opener(entry)
    found = list(read_lines(_lines(opener, line), "t.jsonl"))
    read = [item for item in found[1:] if hasattr(item, "kind")]
    kind, call_id = line.get("kind"), line.get("call_id")
    pairs = not (kind == "result" and call_id != "c1") and not (kind == "call" and call_id == "c1")
    assert bool(read) == (VALIDATOR.is_valid(line) and pairs), (line, found)
    assert len(found) == 2  # one event or one diagnostic for the line, never more


def test_a_sequence_that_repeats_or_goes_down_is_one_kind_of_error_named_with_its_line() -> None:
    """Both break "strictly increasing": PRT007, naming the number and the line it is
    compared with (the highest so far, not merely the line before)."""
    found = list(read_lines(_lines(*(_event(n) for n in (1, 5, 5, 3))), "t.jsonl"))
    problems = [(d.code, d.span.line, d.message) for d in found if not hasattr(d, "kind")]
    assert problems == [
        (
            "PRT007",
            3,
            "`sequence` 5 repeats the 5 of line 2: the numbers increase strictly down the file",
        ),
        (
            "PRT007",
            4,
            "`sequence` 3 goes down from the 5 of line 2: "
            "the numbers increase strictly down the file",
        ),
    ]


def test_a_repeated_sequence_beside_another_error_is_reported_too() -> None:
    """A line that repeats a sequence number and also misspells a field, or lacks
    `name`, is reported for both; the line is not read, and the order goes on from the
    highest number."""
    found = list(
        read_lines(
            _lines(
                _event(1),
                _event(1, is_eror=True),
                {"sequence": 0, "actor": "main", "kind": "event"},
                _event(2),
            ),
            "t.jsonl",
        )
    )
    problems = [(d.code, d.span.line, d.message[:30]) for d in found if not hasattr(d, "kind")]
    assert problems == [
        ("PRT007", 2, "`sequence` 1 repeats the 1 of "),
        ("PRT007", 2, "malformed entry: `is_eror` is "),
        ("PRT007", 3, "`sequence` 0 goes down from th"),
        ("PRT007", 3, "malformed entry: the required "),
    ]
    assert [e.line for e in found if hasattr(e, "kind")] == [1, 4]


def _event(n: int, **more: Any) -> dict[str, Any]:
    return {"sequence": n, "actor": "main", "kind": "event", "name": "x", **more}
