"""PRT010 to PRT018: what ``assay trace check`` reports about a recorded session's calls,
routes and participants (the rest of the checker's rules are in ``protocol_keep``).

The protocol checker (``assay.engine.traces.check``) finds these while it streams a
session's events through a protocol; ``assay check`` never reports them, and they are
not checks to select, ignore or give a severity. Their examples run through the
checker against the built-in ``consultation`` protocol
(``tests/engine/traces/check/test_rule_examples.py``): a ``trace`` block is a session,
one event a line (the fields of ``assay.spec.trace.TraceEvent``); a Fails example
reports exactly the code, once, at its ``at=``, and the Passes example reports nothing
at all.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

PRT010 = Rule(
    code="PRT010",
    name="wrong-actor",
    stage="trace",
    summary="A declared tool is called by an actor other than the one the protocol names.",
    documentation="""\
`tool NAME by ACTOR` says who may call a tool. Calls of tools the protocol does not
declare are not checked; a participant's call is PRT017 and the system's call of a
tool declared `forbid automatic` is PRT012 instead.

## Fails

```trace at=1:1
{"actor": "user", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"query": "cache"}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"query": "cache"}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t9"]}
{"actor": "main", "kind": "call", "name": "finish_memory_recall", "call_id": "c9"}
```
""",
)

PRT011 = Rule(
    code="PRT011",
    name="end-without-state",
    stage="trace",
    summary="A call that ends a state comes while that state is not open.",
    documentation="""\
Each `ends KIND NAME` line of a state names the call that ends it; made in another
state or in none, the call ends nothing, and the session is not where its author
thought. (A tool restricted with `in STATE` is PRT013 out of its states instead.)

## Fails

```trace at=4:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
{"actor": "main", "kind": "call", "name": "finish_memory_recall", "call_id": "c8"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

PRT012 = Rule(
    code="PRT012",
    name="automatic-call",
    stage="trace",
    summary="The system calls, on its own, a tool the protocol says only the main agent calls.",
    documentation="""\
`forbid automatic TOOL`. In the `consultation` protocol: Discussion never calls
`fetch_session` by itself; the main agent calls it when an exact returned turn needs
more context (ADR 0001).

## Fails

```trace at=3:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "call", "name": "fetch_session", "call_id": "c2", "arguments": {"turn_id": "t1", "window": 2}}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "main", "kind": "call", "name": "fetch_session", "call_id": "c2", "arguments": {"turn_id": "t1", "window": 2}}
{"actor": "main", "kind": "result", "name": "fetch_session", "call_id": "c2"}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

PRT013 = Rule(
    code="PRT013",
    name="tool-out-of-state",
    stage="trace",
    summary="A tool declared for some states is called outside them.",
    documentation="""\
`tool NAME by ACTOR in STATE, ...`. In the `consultation` protocol,
`follow_up_session` clarifies a participant's answer: it belongs to a Discussion.

## Fails

```trace at=3:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"query": "cache"}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t9"]}
{"actor": "main", "kind": "call", "name": "follow_up_session", "call_id": "c2", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "call", "name": "finish_memory_recall", "call_id": "c9"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "call", "name": "follow_up_session", "call_id": "c2", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "result", "name": "follow_up_session", "call_id": "c2"}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

PRT014 = Rule(
    code="PRT014",
    name="tool-withdrawn",
    stage="trace",
    summary="A tool the state keeps available is missing from the main agent's active tools.",
    documentation="""\
`available TOOL, ...` in a state. In the `consultation` protocol, `fetch_session`
stays available during a Discussion, so the main agent can check a participant's
claim without ending it. Only events that record the active tool set say anything;
each missing tool is reported once per state.

## Fails

```trace at=3:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}, "active_tools": ["fetch_session", "finish_session_consultation", "read", "recall_memory"]}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}, "active_tools": ["finish_session_consultation", "read", "recall_memory"]}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}, "active_tools": ["fetch_session", "finish_session_consultation", "read", "recall_memory"]}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}, "active_tools": ["fetch_session", "finish_session_consultation", "read", "recall_memory"]}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

PRT015 = Rule(
    code="PRT015",
    name="automatic-fallback",
    stage="trace",
    summary=(
        "After a failed, cancelled, timed-out or incomplete state, something other than the main agent retrieves transcripts."
    ),
    documentation="""\
`forbid fallback without EVENT`. A Discussion that does not settle stays visibly
unsettled: replacing it with transcript retrieval nobody asked for would hide a change
of evidence route (ADR 0001). A retrieval is a call of the `fetch` tool or a call that
opens another route.

## Fails

```trace at=4:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "event", "name": "timeout"}
{"actor": "system", "kind": "call", "name": "recall_memory", "call_id": "c2", "arguments": {"query": "cache"}}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "event", "name": "timeout"}
{"actor": "user", "kind": "event", "name": "request"}
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c2", "arguments": {"query": "cache"}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c2", "returned_turns": ["t9"]}
{"actor": "main", "kind": "call", "name": "finish_memory_recall", "call_id": "c3"}
```
""",
)

PRT016 = Rule(
    code="PRT016",
    name="unrequested-route-change",
    stage="trace",
    summary=(
        "After an unsettled state, the main agent opens another route without an explicit request."
    ),
    documentation="""\
`forbid fallback without EVENT`: after a cancel, timeout, failure, or a request left
incomplete, another route opens only once the user's `EVENT` (`request` in the
`consultation` protocol) asked for it. Opening the same route again is no change.

## Fails

```trace at=4:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "main", "kind": "call", "name": "cancel_session_consultation", "call_id": "c2"}
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c3", "arguments": {"query": "cache"}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c3", "returned_turns": ["t9"]}
{"actor": "main", "kind": "call", "name": "finish_memory_recall", "call_id": "c4"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "main", "kind": "call", "name": "cancel_session_consultation", "call_id": "c2"}
{"actor": "user", "kind": "event", "name": "request"}
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c3", "arguments": {"query": "cache"}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c3", "returned_turns": ["t9"]}
{"actor": "main", "kind": "call", "name": "finish_memory_recall", "call_id": "c4"}
```
""",
)

PRT017 = Rule(
    code="PRT017",
    name="participant-tool-call",
    stage="trace",
    summary="A historical participant calls a tool.",
    documentation="""\
`forbid participant tools`: participants answer from their session, in memory and
without tools, so they can neither fetch context nor modify their source files.

## Fails

```trace at=3:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "participant", "kind": "call", "name": "read", "call_id": "c2", "arguments": {"path": "sessions/2026-10-01.jsonl"}}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "participant", "kind": "event", "name": "answer", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

PRT018 = Rule(
    code="PRT018",
    name="overlapping-participants",
    stage="trace",
    summary="A participant starts while another is still running.",
    documentation="""\
`forbid overlapping participants` with `participants start EVENT finish EVENT`:
historical participants run one at a time. A participant runs from its start event
to its finish event and, asked again by a follow-up (`follow up TOOL ...`), until that
call's result: a start or a follow-up while another run is open overlaps it.

## Fails

```trace at=4:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p2"}}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p2"}}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p1"}}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p2"}}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p2"}}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (PRT010, PRT011, PRT012, PRT013, PRT014, PRT015, PRT016, PRT017, PRT018)
