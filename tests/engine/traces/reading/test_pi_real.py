"""Sessions Pi itself wrote (`tests/fixtures/traces/pi/`, by `make_fixtures.mjs` with
@mariozechner/pi-coding-agent 0.73.1's `SessionManager`), each read against its
neutral twin written by hand: the same events, and `trace check` reports the same
codes at the corresponding lines."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from assay.engine.traces.check import check_trace
from assay.engine.traces.fetch import fetch_window
from assay.engine.traces.protocols import protocol_named
from assay.engine.traces.reading import read_session, split_session
from assay.engine.traces.session_check import check_session
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
    """Field for field but the line (Pi's header and silent entries take lines), the
    call ids (the provider's in Pi, short in the twin, paired the same way), and the
    turns of a result whose `details` has no `turns`: not recorded (None) in Pi, none
    returned in the twin, whose format cannot say "not recorded" by leaving it out."""
    actor = EXPECTED[name][0]
    pi, neutral = _read(f"{name}.jsonl", actor), _read(f"{name}.neutral.jsonl")
    assert len(pi) == len(neutral)
    names = _renamed(pi, neutral)
    for a, b in zip(pi, neutral, strict=True):
        call_id = None if a.call_id is None else names.get(a.call_id)
        turns = () if a.kind == "result" and a.returned_turns is None else a.returned_turns
        assert attrs.evolve(a, line=b.line, call_id=call_id, returned_turns=turns) == b


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


#: What `trace check` says a genuine Pi file could not tell it (PRT034, info): Pi
#: records no tool set and no digests by itself; only assay's own `custom` entries do.
UNRECORDED = {
    "history": [],  # no state is opened: nothing needed them
    "clean": [("PRT034", 6, "digest")],  # `assay.tools` gives the tools, not the digests
    "consultation": [],  # `assay.tools` gives both
    "participant": [],
    "silent-fallback": [("PRT034", 5, "active tool set"), ("PRT034", 5, "digest")],
    "tool-error": [("PRT034", 5, "active tool set"), ("PRT034", 5, "digest")],
}


@pytest.mark.parametrize("name", sorted(UNRECORDED))
def test_what_a_genuine_pi_file_does_not_record_is_said_not_passed(name: str) -> None:
    """PRT014, PRT019 and PRT030 need the tool set and the digests, which Pi does not
    write: where a state needed them and the file has none, an info at the state's
    opening call names what is missing; the other findings are as before."""
    actor, expected = EXPECTED[name]
    found = check_session(PI, f"{name}.jsonl", protocol_named("consultation"), actor=actor)
    infos = [d for d in found if d.code == "PRT034"]
    assert all(d.severity == "info" for d in infos)
    assert [(d.code, d.span.line) for d in found if d.code != "PRT034"] == expected
    assert len(infos) == len(UNRECORDED[name])
    for diagnostic, (code, line, missing) in zip(infos, UNRECORDED[name], strict=True):
        assert (diagnostic.code, diagnostic.span.line) == (code, line)
        assert f"Pi's session format records no {missing}" in diagnostic.message


def test_the_tool_set_pi_s_own_tools_extension_persists_is_read(tmp_path: Path) -> None:
    """Pi's `tools` extension (examples/extensions/tools.ts) writes `tools-config`
    with `enabledTools`: the silent-fallback session with one before its Discussion,
    `fetch_session` left out, is PRT014 there — and no PRT034 for the tool set."""
    lines = (PI / "silent-fallback.jsonl").read_text(encoding="utf-8").splitlines()
    config = {
        "type": "custom",
        "customType": "tools-config",
        "data": {"enabledTools": ["read", "bash", "recall_memory"]},
        "id": "70015c0f",
        "parentId": None,
        "timestamp": "2026-03-01T10:00:00.500Z",
    }
    (tmp_path / "s.jsonl").write_text(
        "\n".join([lines[0], json.dumps(config), *lines[1:]]) + "\n", encoding="utf-8"
    )
    found = check_session(tmp_path, "s.jsonl", protocol_named("consultation"))
    codes = [(d.code, d.span.line) for d in found]
    assert ("PRT014", 6) in codes
    assert [d.message[:40] for d in found if d.code == "PRT034"] == [
        "Pi's session format records no digest of"
    ]


def test_a_recall_result_without_details_turns_leaves_its_fetch_unchecked_and_says_so(
    tmp_path: Path,
) -> None:
    """The clean session with `details` dropped from its recall's result (line 7): the
    fetch of line 8 is not PRT020 (the turns are unknown, not absent) but PRT034,
    naming the result's line."""
    lines = (PI / "clean.jsonl").read_text(encoding="utf-8").splitlines()
    result = json.loads(lines[6])
    del result["message"]["details"]
    lines[6] = json.dumps(result)
    turn = json.loads(lines[7])["message"]["content"][0]["arguments"]["turn_id"]
    (tmp_path / "s.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = check_session(tmp_path, "s.jsonl", protocol_named("consultation"))
    at_fetch = [(d.code, d.severity, d.message) for d in found if d.span.line == 8]
    assert at_fetch == [
        (
            "PRT034",
            "info",
            f"`fetch_session` asks for `{turn}`, "
            "but the `recall_memory` result on line 7 records no turn ids (a Pi tool "
            "result's `details.turns`): whether it is a turn that request returned "
            "(PRT020) was not checked",
        )
    ]
