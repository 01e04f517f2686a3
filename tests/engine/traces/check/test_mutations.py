"""One mutation per rule of the consultation protocol: the mutated session reports
exactly that rule's code, once, at the mutated line; the session unmutated reports
nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from assay.engine.traces.check import check_trace
from assay.engine.traces.protocols import protocol_named
from assay.engine.traces.state import MAX_PENDING
from tests.engine.traces.check.sessions import (
    DIGESTS,
    TOOLS,
    TOOLS_WITHOUT_FETCH,
    base,
    events,
)

Entries = list[dict[str, Any]]


def _set(line: int, **fields: Any) -> Callable[[Entries], Entries]:
    def mutate(entries: Entries) -> Entries:
        entries[line - 1].update(fields)
        return entries

    return mutate


def _args(line: int, **arguments: Any) -> Callable[[Entries], Entries]:
    def mutate(entries: Entries) -> Entries:
        entries[line - 1]["arguments"].update(arguments)
        return entries

    return mutate


def _insert(line: int, *new: dict[str, Any]) -> Callable[[Entries], Entries]:
    """Put ``new`` so that its first entry is at ``line``."""

    def mutate(entries: Entries) -> Entries:
        entries[line - 1 : line - 1] = list(new)
        return entries

    return mutate


def _delete(*lines: int) -> Callable[[Entries], Entries]:
    def mutate(entries: Entries) -> Entries:
        return [e for n, e in enumerate(entries, 1) if n not in lines]

    return mutate


def _then(*steps: Callable[[Entries], Entries]) -> Callable[[Entries], Entries]:
    def mutate(entries: Entries) -> Entries:
        for step in steps:
            entries = step(entries)
        return entries

    return mutate


def _main_call(name: str, call_id: str, **arguments: Any) -> dict[str, Any]:
    return {
        "actor": "main",
        "kind": "call",
        "name": name,
        "call_id": call_id,
        "arguments": arguments,
    }


def _participant_event(actor: str, name: str) -> dict[str, Any]:
    return {"actor": actor, "kind": "event", "name": name, "arguments": {"participant": "p1"}}


def _unrecorded(field: str) -> Callable[[Entries], Entries]:
    """The Discussion's opening call and its result record no ``field``."""
    return _then(_set(1, **{field: None}), _set(2, **{field: None}))


_CANCEL = _set(11, name="cancel_session_consultation")

#: (code, what the mutation does, the mutation, the line reported)
MUTATIONS = [
    ("PRT010", "the user calls follow_up_session", _set(9, actor="user"), 9),
    (
        "PRT011",
        "finish_memory_recall during the Discussion",
        _insert(11, _main_call("finish_memory_recall", "c9")),
        11,
    ),
    ("PRT012", "the system calls fetch_session", _set(7, actor="system"), 7),
    (
        "PRT013",
        "follow_up_session on the transcript route",
        _insert(15, _main_call("follow_up_session", "c9")),
        15,
    ),
    (
        "PRT014",
        "fetch_session withdrawn during the Discussion",
        _set(8, active_tools=TOOLS_WITHOUT_FETCH),
        8,
    ),
    (
        "PRT015",
        "the system fetches after a cancelled Discussion",
        _then(
            _CANCEL,
            _insert(13, {**_main_call("fetch_session", "c9", turn_id="t1"), "actor": "system"}),
            _delete(*range(14, 20)),
        ),
        13,
    ),
    ("PRT016", "transcript route after a cancel, unrequested", _CANCEL, 13),
    (
        "PRT017",
        "a participant calls a tool",
        _insert(5, {**_main_call("read", "c9", path="x"), "actor": "participant"}),
        5,
    ),
    (
        "PRT018",
        "a second participant starts before the first finishes",
        _insert(4, {"actor": "system", "kind": "event", "name": "participant_started"}),
        4,
    ),
    (
        "PRT014",
        "fetch_session missing from the start of a Discussion",
        lambda entries: [{**e, "active_tools": TOOLS_WITHOUT_FETCH} for e in entries[:12]],
        1,
    ),
    ("PRT019", "a tool added during the Discussion", _set(9, active_tools=(*TOOLS, "web")), 9),
    ("PRT019", "a tool gone after the Discussion", _set(12, active_tools=TOOLS[1:]), 12),
    ("PRT020", "fetch_session of a turn never returned", _args(7, turn_id="t3"), 7),
    ("PRT020", "fetch_session of a turn of an earlier request", _args(15, turn_id="t1"), 15),
    ("PRT021", "a window over the maximum", _args(7, window=21), 7),
    ("PRT021", "a window that is no number", _args(15, window="all"), 15),
    (
        "PRT030",
        "a source transcript changed during the Discussion",
        _set(10, source_digests={**DIGESTS, "sessions/2026-10-01.jsonl": "b" * 64}),
        10,
    ),
    ("PRT031", "follow_up_session asks for a turn", _args(9, turn_id="t1"), 9),
    ("PRT031", "follow_up_session returns turns", _set(10, returned_turns=["t1"]), 10),
    ("PRT032", "agreement never checked against the source", _delete(7, 8), 6),
    ("PRT033", "the transcript request never ends", _delete(17, 18), 13),
    (
        "PRT034",
        "the transcript request's result records no turns, so its fetch is unchecked",
        _set(14, returned_turns=None),
        15,
    ),
    (
        "PRT035",
        "more requests waiting for their results than the checker tracks",
        _insert(
            11,
            *(
                _main_call("recall_memory", f"r{n}", discussion=True)
                for n in range(MAX_PENDING + 1)
            ),
        ),
        11,
    ),
    (
        "PRT036",
        "a participant starts on the transcript route",
        _insert(15, _participant_event("system", "participant_started")),
        15,
    ),
    (
        "PRT036",
        "a participant answers after the Discussion ended",
        _insert(13, _participant_event("participant", "answer")),
        13,
    ),
    ("PRT037", "follow_up_session to one who never answered", _args(9, participant="p2"), 9),
    (
        "PRT037",
        "follow_up_session to two participants at once",
        _args(9, participant=["p1", "p2"]),
        9,
    ),
    ("PRT037", "follow_up_session to nobody", _set(9, arguments={"question": "why?"}), 9),
    ("PRT018", "a follow-up while its participant still runs", _delete(5), 8),
    (
        "PRT018",
        "another participant answers while p1 runs",
        _insert(
            4, {**_participant_event("participant", "answer"), "arguments": {"participant": "p2"}}
        ),
        4,
    ),
    (
        "PRT019",
        "a tool added during a Discussion whose opening recorded no tool set",
        _then(_unrecorded("active_tools"), _set(9, active_tools=(*TOOLS, "web"))),
        9,
    ),
    (
        "PRT030",
        "a source first recorded during the Discussion, then changed",
        _then(
            _unrecorded("source_digests"),
            _set(10, source_digests={**DIGESTS, "sessions/2026-10-01.jsonl": "b" * 64}),
        ),
        10,
    ),
    (
        "PRT037",
        "follow_up_session to one whose finish came while another ran",
        _then(_set(5, arguments={"participant": "p2"}), _args(9, participant="p2")),
        9,
    ),
    (
        "PRT018",
        "a second follow-up before the first one's result",
        _insert(10, _main_call("follow_up_session", "c8", participant="p1", question="and?")),
        10,
    ),
]


@pytest.fixture(scope="module")
def consultation():  # type: ignore[no-untyped-def]
    return protocol_named("consultation")


def test_base_session_passes(consultation) -> None:  # type: ignore[no-untyped-def]
    """The unmutated session follows the consultation protocol."""
    assert check_trace(events(base()), consultation) == []


@pytest.mark.parametrize(
    ("code", "mutation", "line"),
    [pytest.param(code, m, line, id=f"{code}-{what}") for code, what, m, line in MUTATIONS],
)
def test_mutation_reports_its_code(consultation, code, mutation, line) -> None:  # type: ignore[no-untyped-def]
    """Each mutation reports its rule's code alone, once, at the mutated line."""
    found = check_trace(events(mutation(base())), consultation, path="s.jsonl")
    assert [(d.code, d.span.line, d.path) for d in found] == [(code, line, "s.jsonl")]


def test_every_own_code_has_a_mutation() -> None:
    """No rule of the checker goes without its mutation."""
    from tests.rule_examples import rules_of

    # The checker's own rules, and fetch's two, which it reports at a `fetch_session` call.
    own = {r.code for r in rules_of("trace")} | {"PRT020", "PRT021"}
    assert {code for code, *_ in MUTATIONS} == own


def test_explicit_request_allows_the_route_change(consultation) -> None:  # type: ignore[no-untyped-def]
    """After a cancel, the user's explicit request makes the transcript route legitimate."""
    entries = _CANCEL(base())
    entries.insert(12, {"actor": "user", "kind": "event", "name": "request"})
    assert check_trace(events(entries), consultation) == []


def test_main_agent_may_fetch_after_a_failure(consultation) -> None:  # type: ignore[no-untyped-def]
    """The main agent itself asking for a returned turn after a failure is no fallback."""
    entries = [*base()[:10], {"actor": "system", "kind": "event", "name": "failure"}]
    entries.append(_main_call("fetch_session", "c9", turn_id="t2", window=2))
    assert check_trace(events(entries), consultation) == []


def test_failed_request_ends_the_discussion(consultation) -> None:  # type: ignore[no-untyped-def]
    """An error result of the opening call ends the Discussion in failure: a transcript
    request right after, unrequested, is a route change nobody asked for."""
    entries = [*base()[:1], {**base()[1], "is_error": True, "returned_turns": []}]
    entries += base()[12:]
    found = check_trace(events(entries), consultation)
    assert [(d.code, d.span.line) for d in found] == [("PRT016", 3)]


def test_unknown_events_and_tools_are_left_alone(consultation) -> None:  # type: ignore[no-untyped-def]
    """Tools and events the protocol does not declare (bash, read, a compaction) are the
    main agent's own business."""
    entries = base()
    entries.insert(8, _main_call("bash", "c9", command="ls"))
    entries.insert(9, {"actor": "system", "kind": "event", "name": "compaction"})
    entries.insert(10, {"actor": "main", "kind": "result", "name": "bash", "call_id": "zz"})
    assert check_trace(events(entries), consultation) == []


def test_events_without_tool_sets_or_digests_say_nothing(consultation) -> None:  # type: ignore[no-untyped-def]
    """A format that records no tool set or digests cannot break those rules."""
    entries = [{**e, "active_tools": None, "source_digests": None} for e in base()]
    assert check_trace(events(entries), consultation) == []
