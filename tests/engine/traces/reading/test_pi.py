"""Pi sessions into trace events: calls, results, lifecycle events, the actor, the
conventions for returned turns and active tools, and each located problem."""

from __future__ import annotations

from pathlib import Path

from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from assay.engine.traces.reading import read_session, split_session
from assay.spec.convert import to_json_value
from assay.spec.trace import TraceEvent
from tests.conftest import ROOT
from tests.engine.traces.sessions import (
    answer,
    calls,
    custom,
    header,
    message,
    said,
    user,
    write,
)

FIXTURES = ROOT / "tests" / "fixtures" / "traces"


def _read(root: Path, entries: list[dict[str, object]], **options: object) -> tuple[list, list]:
    return split_session(read_session(root, write(root, entries), **options))  # type: ignore[arg-type]


def _codes(problems: list) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in problems]


def test_the_review_fixture_reads_into_its_events(snapshot: SnapshotAssertion) -> None:
    """The documented consultation session: its events, in order, as JSON."""
    events, problems = split_session(read_session(FIXTURES, "review.jsonl"))
    assert problems == []
    assert [to_json_value(e) for e in events] == snapshot(extension_class=JSONSnapshotExtension)


def test_tool_calls_and_results_pair_by_call_id(tmp_path: Path) -> None:
    """Each `toolCall` item is a call by the main agent; its `toolResult` a result with
    the same id, `isError` kept, and the recalled turns from `details.turns`."""
    turns = {"turns": ["t1", {"turnId": "t2"}, {"turn_id": "t3"}, {"other": 1}, 7]}
    events, problems = _read(
        tmp_path,
        [
            header(),
            calls("a1", None, ("c1", "recall_memory", {"q": "x"}), ("c2", "bash", {})),
            answer("a2", "a1", "c1", "recall_memory", details=turns),
            answer("a3", "a2", "c2", "bash", error=True),
        ],
    )
    assert problems == []
    assert [(e.kind, e.name, e.call_id, e.actor, e.line) for e in events] == [
        ("call", "recall_memory", "c1", "main", 2),
        ("call", "bash", "c2", "main", 2),
        ("result", "recall_memory", "c1", "main", 3),
        ("result", "bash", "c2", "main", 4),
    ]
    assert events[0].arguments == {"q": "x"}
    assert events[2].returned_turns == ("t1", "t2", "t3")
    assert [e.is_error for e in events] == [False, False, False, True]
    assert [e.sequence for e in events] == [0, 1, 2, 3]


def test_a_participant_session_is_read_as_the_participant(tmp_path: Path) -> None:
    """Pi does not record whose session it is: the caller says, and the calls are theirs."""
    events, _ = _read(
        tmp_path, [header(), calls("a1", None, ("c1", "read", {}))], actor="participant"
    )
    assert [e.actor for e in events] == ["participant"]


def test_lifecycle_entries_become_events(tmp_path: Path) -> None:
    """User messages, stopped assistant messages, custom entries and model changes are
    events; labels and session names are not."""
    events, problems = _read(
        tmp_path,
        [
            header(),
            user("a1", None),
            said("a2", "a1", "failed", stop="error"),
            said("a3", "a2", "stopped", stop="aborted"),
            custom("a4", "a3", "consultation.timeout", {"after": 30}),
            {"type": "model_change", "id": "a5", "parentId": "a4", "provider": "p", "modelId": "m"},
            {"type": "label", "id": "a6", "parentId": "a5", "targetId": "a1", "label": "x"},
            {"type": "session_info", "id": "a7", "parentId": "a6", "name": "review"},
            message("a8", "a7", {"role": "bashExecution", "command": "ls", "output": ""}),
            message("a9", "a8", {"role": "compactionSummary", "summary": "s", "tokensBefore": 1}),
        ],
    )
    assert problems == []
    assert [(e.actor, e.name, e.is_error) for e in events] == [
        ("user", "user_message", False),
        ("main", "error", True),
        ("main", "aborted", True),
        ("system", "consultation.timeout", False),
        ("system", "model_change", False),
        ("user", "bash_execution", False),
    ]
    assert events[3].arguments == {"after": 30}


def test_a_stopped_message_s_tool_calls_are_no_calls(tmp_path: Path) -> None:
    """An assistant message that stopped with `aborted` or `error` keeps the tool calls
    that streamed before the stop, but Pi's agent loop runs none of them: only the
    stop is an event, and no call stays open waiting for a result."""
    events, problems = _read(
        tmp_path,
        [
            header(),
            calls("a1", None, ("c1", "fetch_session", {"window": 50}), stop="aborted"),
            calls("a2", "a1", ("c2", "read", {}), stop="error"),
            user("a3", "a2"),
        ],
    )
    assert problems == []
    assert [(e.actor, e.kind, e.name, e.line) for e in events] == [
        ("main", "event", "aborted", 2),
        ("main", "event", "error", 3),
        ("user", "event", "user_message", 4),
    ]


def test_a_custom_entry_sets_the_active_tools_and_digests(tmp_path: Path) -> None:
    """`data.activeTools` and `data.sourceDigests` stamp every later event."""
    events, _ = _read(
        tmp_path,
        [
            header(),
            user("a1", None),
            custom(
                "a2",
                "a1",
                "assay.tools",
                {
                    "activeTools": ["read", "fetch_session"],
                    "sourceDigests": {"s.jsonl": "sha256:ab"},
                },
            ),
            calls("a3", "a2", ("c1", "read", {})),
        ],
    )
    assert events[0].active_tools is None
    assert events[-1].active_tools == ("read", "fetch_session")
    assert events[-1].source_digests == {"s.jsonl": "sha256:ab"}


def test_a_version_1_session_needs_no_ids(tmp_path: Path) -> None:
    """Before version 2 entries were linear and had no id: nothing to report."""
    entries = [header(version=1), {"type": "message", "message": {"role": "user", "content": "x"}}]
    events, problems = _read(tmp_path, entries)
    assert (len(events), problems) == (1, [])


def test_each_problem_is_located_and_the_reading_goes_on(tmp_path: Path) -> None:
    """Every PRT code at its line; the good entries after a bad one are still read."""
    events, problems = _read(
        tmp_path,
        [
            user("a1", None),  # no header
            {"type": "bogus", "id": "a2", "parentId": "a1"},
            answer("a3", "a1", "c9", "recall_memory"),
            user("a1", None),
            user("a4", "zz"),
            {"type": "message", "id": "a5", "parentId": "a4", "message": "hi"},
            message("a6", "a5", {"role": "robot"}),
            {"type": "session", "version": 3},
            calls("a7", "a5", ("c1", "read", {}), ("c1", "read", {})),
            answer("a8", "a7", "c1", "read"),
            answer("a9", "a8", "c1", "read"),
            ["not", "an", "object"],
            user("b1", "a8"),
        ],
    )
    assert _codes(problems) == [
        ("PRT004", 1, 1),
        ("PRT002", 2, 1),
        ("PRT003", 3, 1),
        ("PRT005", 4, 1),
        ("PRT006", 5, 1),
        ("PRT007", 6, 1),
        ("PRT002", 7, 1),
        ("PRT007", 8, 1),
        ("PRT005", 9, 1),
        ("PRT003", 11, 1),
        ("PRT007", 12, 1),
    ]
    assert [(e.name, e.line) for e in events] == [
        ("user_message", 1),
        ("user_message", 5),
        ("read", 9),
        ("read", 10),
        ("user_message", 13),
    ]
    assert all(isinstance(e, TraceEvent) for e in events)


def test_the_broken_fixture_reports_three_problems() -> None:
    """An unknown entry type, a result without its call and a truncated last line."""
    _, problems = split_session(read_session(FIXTURES, "broken.jsonl"))
    assert [(d.code, d.span.line) for d in problems] == [
        ("PRT002", 4),
        ("PRT003", 5),
        ("PRT001", 6),
    ]
    assert "truncated" in problems[-1].message and "file ends here" in problems[-1].message


def test_an_empty_session_has_no_header(tmp_path: Path) -> None:
    """Empty, or blank lines only: PRT004 at line 1, once."""
    for text in ("", "\n\n  \n"):
        (tmp_path / "s.jsonl").write_text(text)
        _, problems = split_session(read_session(tmp_path, "s.jsonl"))
        assert _codes(problems) == [("PRT004", 1, 1)]
