"""Sessions Pi itself wrote (`tests/fixtures/traces/pi/`, by `make_fixtures.mjs` with
@mariozechner/pi-coding-agent 0.73.1's `SessionManager`), each read against its
neutral twin written by hand: the same events, and `trace check` reports the same
codes at the corresponding lines."""

from __future__ import annotations

import json

import attrs
import pytest

from assay.engine.traces.check import check_trace
from assay.engine.traces.fetch import fetch_window
from assay.engine.traces.protocols import protocol_named
from assay.engine.traces.reading import read_session, split_session
from assay.spec.diagnostics import Diagnostic
from assay.spec.trace import Actor, TraceEvent
from tests.conftest import ROOT

PI = ROOT / "tests" / "fixtures" / "traces" / "pi"

#: fixture -> (whose session it is, the codes `trace check` reports at its lines).
EXPECTED: dict[str, tuple[Actor, list[tuple[str, int]]]] = {
    "history": ("main", []),
    "clean": ("main", []),
    "consultation": ("main", []),
    # The participant's own session, read as the participant's: its call is PRT017.
    "participant": ("participant", [("PRT017", 5)]),
    # The Discussion fails; the agent opens the transcript route unasked.
    "silent-fallback": ("main", [("PRT016", 9)]),
    # A shortened turn id; the failed bash and the aborted call are no finding.
    "tool-error": ("main", [("PRT020", 7)]),
}


def _read(name: str, actor: Actor = "main") -> list[TraceEvent]:
    events, problems = split_session(read_session(PI, name, actor=actor))
    assert problems == [], [(d.code, d.span.line, d.message) for d in problems]
    return events


def _check(events: list[TraceEvent]) -> list[Diagnostic]:
    return check_trace(events, protocol_named("consultation"))


def _renamed(pi: list[TraceEvent], neutral: list[TraceEvent]) -> dict[str, str]:
    """Pi's call ids (the provider's) to the twin's, one to one."""
    names: dict[str, str] = {}
    for a, b in zip(pi, neutral, strict=True):
        if a.call_id is not None and b.call_id is not None:
            assert names.setdefault(a.call_id, b.call_id) == b.call_id
    assert len(set(names.values())) == len(names)
    return names


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_pi_session_reads_into_the_events_of_its_neutral_twin(name: str) -> None:
    """Field for field but the line (Pi's header and silent entries take lines) and the
    call ids (the provider's in Pi, short in the twin, paired the same way)."""
    actor = EXPECTED[name][0]
    pi, neutral = _read(f"{name}.jsonl", actor), _read(f"{name}.neutral.jsonl")
    assert len(pi) == len(neutral)
    names = _renamed(pi, neutral)
    for a, b in zip(pi, neutral, strict=True):
        call_id = None if a.call_id is None else names.get(a.call_id)
        assert attrs.evolve(a, line=b.line, call_id=call_id) == b


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_trace_check_reports_the_same_codes_at_the_corresponding_lines(name: str) -> None:
    """A finding at the twin's line of event k is at the Pi line of event k."""
    actor, expected = EXPECTED[name]
    pi, neutral = _read(f"{name}.jsonl", actor), _read(f"{name}.neutral.jsonl")
    pi_line = {b.line: a.line for a, b in zip(pi, neutral, strict=True)}
    found = [(d.code, d.span.line, d.severity) for d in _check(pi)]
    twin = [(d.code, pi_line[d.span.line], d.severity) for d in _check(neutral)]
    assert found == twin
    assert [(code, line) for code, line, _ in found] == expected


def test_every_pi_fixture_has_its_twin_and_is_small() -> None:
    """Each file Pi wrote has a neutral twin, and stays a few KB."""
    written = {p.name.removesuffix(".jsonl") for p in PI.glob("*.jsonl")}
    pi = {n for n in written if not n.endswith(".neutral")}
    assert pi == set(EXPECTED)
    assert written - pi == {f"{n}.neutral" for n in pi}
    assert all(p.stat().st_size < 8192 for p in PI.glob("*.jsonl"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_fixtures_have_the_shape_session_manager_writes(name: str) -> None:
    """A version 3 header, then entries with an 8-hex id, the previous leaf or an
    earlier entry as parent (null for the first) and an ISO timestamp."""
    lines = (PI / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    header, *entries = (json.loads(line) for line in lines)
    assert (header["type"], header["version"], header["cwd"]) == ("session", 3, "/work/ledger")
    seen: list[str | None] = [None]
    for entry in entries:
        assert len(entry["id"]) == 8 and int(entry["id"], 16) >= 0
        assert entry["parentId"] in seen
        assert entry["timestamp"].endswith("Z")
        seen.append(entry["id"])


def test_an_aborted_message_s_partial_tool_call_is_no_call() -> None:
    """Pi keeps the `toolCall` that streamed before Escape (here `fetch_session` with a
    window of 50) but never runs it: the line is the `aborted` event only, so no
    PRT021 for a call that did not happen."""
    line = (PI / "tool-error.jsonl").read_text(encoding="utf-8").splitlines()[12]
    message = json.loads(line)["message"]
    assert message["stopReason"] == "aborted"
    assert [c["name"] for c in message["content"] if c["type"] == "toolCall"] == ["fetch_session"]
    at = [(e.kind, e.name, e.is_error) for e in _read("tool-error.jsonl") if e.line == 13]
    assert at == [("event", "aborted", True)]


def test_pi_does_not_say_whose_session_it_is() -> None:
    """The participant's file read as the main agent's: the same call is the main
    agent's, so no PRT017 — only the turn it names, which no recall of this session
    returned (PRT020). Pi records no actor; the reader is told."""
    events = _read("participant.jsonl")
    assert {e.actor for e in events if e.kind != "event"} == {"main"}
    assert [(d.code, d.span.line) for d in _check(events)] == [("PRT020", 5)]


def test_a_recalled_turn_is_fetched_from_the_session_pi_wrote() -> None:
    """The turn ids the recalls return are entry ids of `history.jsonl`: fetched along
    their conversation, the thinking left out of the text."""
    window = fetch_window(PI, "history.jsonl", "1a404d97", 2)
    assert not isinstance(window, Diagnostic)
    assert [(e.line, e.position, e.role) for e in window.entries] == [
        (5, "before", "assistant"),
        (6, "before", "toolResult"),
        (7, "turn", "assistant"),
        (8, "after", "user"),
        (9, "after", "assistant"),
    ]
    assert window.entries[0].text.startswith("Let me look at the publisher. → read")


def test_a_branch_pi_left_is_not_in_the_window() -> None:
    """In `clean.jsonl` the user went back to the question (`branchWithSummary`): the
    window before the new user message is the question and the branch summary, not
    the answer of the branch left."""
    window = fetch_window(PI, "clean.jsonl", _id_at("clean.jsonl", 13), 2)
    assert not isinstance(window, Diagnostic)
    assert [(e.line, e.type, e.position) for e in window.entries][:3] == [
        (5, "message", "before"),
        (12, "branch_summary", "before"),
        (13, "message", "turn"),
    ]


def _id_at(name: str, line: int) -> str:
    entry = json.loads((PI / name).read_text(encoding="utf-8").splitlines()[line - 1])
    return str(entry["id"])
