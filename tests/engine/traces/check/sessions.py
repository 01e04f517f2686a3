"""A valid consultation session, as plain dicts, and how to number them into events."""

from __future__ import annotations

import copy
from typing import Any

from assay.spec.trace import TraceEvent

TOOLS = (
    "bash",
    "cancel_session_consultation",
    "fetch_session",
    "finish_memory_recall",
    "finish_session_consultation",
    "follow_up_session",
    "read",
    "recall_memory",
)
TOOLS_WITHOUT_FETCH = tuple(t for t in TOOLS if t != "fetch_session")
DIGESTS = {"sessions/2026-10-01.jsonl": "a" * 64}


def _call(name: str, call_id: str, **arguments: Any) -> dict[str, Any]:
    return {
        "actor": "main",
        "kind": "call",
        "name": name,
        "call_id": call_id,
        "arguments": arguments,
    }


def _result(name: str, call_id: str, *turns: str) -> dict[str, Any]:
    found = {"actor": "main", "kind": "result", "name": name, "call_id": call_id}
    return {**found, "returned_turns": list(turns)} if turns else found


def _event(actor: str, name: str, **arguments: Any) -> dict[str, Any]:
    found = {"actor": actor, "kind": "event", "name": name}
    return {**found, "arguments": arguments} if arguments else found


#: Line N of the session is BASE[N - 1]: a Discussion, then a transcript request.
BASE: list[dict[str, Any]] = [
    _call("recall_memory", "c1", query="cache", discussion=True),  # 1
    _result("recall_memory", "c1", "t1", "t2"),  # 2
    _event("system", "participant_started", participant="p1"),  # 3
    _event("participant", "answer", participant="p1"),  # 4
    _event("system", "participant_finished", participant="p1"),  # 5
    _event("main", "participant_agreement"),  # 6
    _call("fetch_session", "c2", turn_id="t1", window=3),  # 7
    _result("fetch_session", "c2"),  # 8
    _call("follow_up_session", "c3", participant="p1", question="why?"),  # 9
    _result("follow_up_session", "c3"),  # 10
    _call("finish_session_consultation", "c4"),  # 11
    _result("finish_session_consultation", "c4"),  # 12
    _call("recall_memory", "c5", query="cache"),  # 13
    _result("recall_memory", "c5", "t9"),  # 14
    _call("fetch_session", "c6", turn_id="t9", window=1),  # 15
    _result("fetch_session", "c6"),  # 16
    _call("finish_memory_recall", "c7"),  # 17
    _result("finish_memory_recall", "c7"),  # 18
]


def base() -> list[dict[str, Any]]:
    """A fresh copy of ``BASE`` to mutate."""
    return copy.deepcopy(BASE)


def events(entries: list[dict[str, Any]]) -> list[TraceEvent]:
    """Number ``entries`` one per line; each records the tool set and digests unless it
    says otherwise."""
    made = []
    for sequence, entry in enumerate(entries):
        fields = {"active_tools": TOOLS, "source_digests": DIGESTS, **entry}
        if fields["active_tools"] is not None:
            fields["active_tools"] = tuple(fields["active_tools"])
        turns = fields.get("returned_turns", ())
        fields["returned_turns"] = None if turns is None else tuple(turns)
        made.append(TraceEvent(sequence=sequence, line=sequence + 1, **fields))
    return made
