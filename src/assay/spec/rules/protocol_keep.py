"""PRT019 and PRT030 to PRT035: what a session must keep (its tools, its sources, a
follow-up without context), how its states end, and what the checker could not check
(PRT034, PRT035); their examples run as ``protocols`` describes (PRT035 has none: it
takes more than 4,096 calls).
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

PRT019 = Rule(
    code="PRT019",
    name="tools-changed",
    stage="trace",
    summary="The main agent's active tools differ during or after a state from before it.",
    documentation="""\
`keeps tools`: a Discussion selects the output of one request; it does not change
the main agent's role, active tools or permissions (ADR 0001). "Before" is the last
tool set recorded up to the opening call, "after" the first one recorded once the
state ended; each change is reported once.

## Fails

```trace at=3:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}, "active_tools": ["fetch_session", "finish_session_consultation", "read", "recall_memory"]}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}, "active_tools": ["fetch_session", "finish_session_consultation", "read", "recall_memory", "web_search"]}
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

PRT030 = Rule(
    code="PRT030",
    name="source-modified",
    stage="trace",
    summary="A source transcript's digest changed during or after a state.",
    documentation="""\
`keeps sources`: historical participants cannot modify their source JSONL files, and
fetching context never modifies the source. Only events that record `source_digests`
say anything; a path seen for the first time is no change.

## Fails

```trace at=3:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}, "source_digests": {"sessions/2026-10-01.jsonl": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "participant", "kind": "event", "name": "answer", "source_digests": {"sessions/2026-10-01.jsonl": "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"}}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}, "source_digests": {"sessions/2026-10-01.jsonl": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "participant", "kind": "event", "name": "answer", "source_digests": {"sessions/2026-10-01.jsonl": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

PRT031 = Rule(
    code="PRT031",
    name="follow-up-fetched-context",
    stage="trace",
    summary=(
        "A tool that must not fetch transcript context asks for a turn or window, or returns turns."
    ),
    documentation="""\
`forbid context from TOOL`. In the `consultation` protocol, `follow_up_session`
privately clarifies one participant answer; transcript context is `fetch_session`'s.

## Fails

```trace at=5:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "call", "name": "follow_up_session", "call_id": "c2", "arguments": {"participant": "p1", "turn_id": "t1"}}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "call", "name": "follow_up_session", "call_id": "c2", "arguments": {"participant": "p1", "question": "Which commit?"}}
{"actor": "main", "kind": "result", "name": "follow_up_session", "call_id": "c2"}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

PRT032 = Rule(
    code="PRT032",
    name="unverified-agreement",
    stage="trace",
    severity="warning",
    summary="Participants agree, but nothing in the state checked the source.",
    documentation="""\
`agreement EVENT verified by TOOL`: participant agreement remains unverified until a
successful result of `TOOL` (`fetch_session`) in the same state supplies source
evidence. A warning: the session is not wrong, its conclusion is unsupported.

## Fails

```trace at=3:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "main", "kind": "event", "name": "participant_agreement"}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "main", "kind": "event", "name": "participant_agreement"}
{"actor": "main", "kind": "call", "name": "fetch_session", "call_id": "c2", "arguments": {"turn_id": "t1", "window": 2}}
{"actor": "main", "kind": "result", "name": "fetch_session", "call_id": "c2"}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

PRT033 = Rule(
    code="PRT033",
    name="state-not-ended",
    stage="trace",
    severity="warning",
    summary=(
        "A state never ends: the session stops in it, or the next request leaves it incomplete."
    ),
    documentation="""\
A Discussion ends through `finish_session_consultation`, `cancel_session_consultation`,
a timeout, a failure or the main agent's settlement; the transcript route through
`finish_memory_recall`. Reported at the call that opened the state.

## Fails

```trace at=1:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1", "t2"]}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

PRT035 = Rule(
    code="PRT035",
    name="calls-not-tracked",
    stage="trace",
    severity="warning",
    summary="More calls waited for their results at once than the checker tracks.",
    documentation="""\
The checker keeps the calls whose results matter — a route's opening call, a call of
a tool that must not fetch context — until their results come, so that it knows what
each result answers. It keeps at most 4,096 at once, so that a session whose calls
are never answered cannot grow its memory without bound; past that, the oldest is
forgotten. That is reported once, at the end, at the first call forgotten, with how
many were: a forgotten opening call's result no longer tells the checker which turns
it returned (so a later fetch of one of them may be reported as PRT020), and a
forgotten context-free call's result is not checked for the turns it returns. A
session with thousands of unanswered calls lost its results, or is no agent's
session.
""",
)

PRT034 = Rule(
    code="PRT034",
    name="input-not-recorded",
    stage="trace",
    severity="info",
    summary="A rule could not be checked: the session does not record what it needs.",
    documentation="""\
Some rules need facts a session format may not carry. Pi's records no active tool set
and no digest of the source transcripts (PRT014, PRT019 and PRT030 need them) unless
an extension writes them as `custom` entries (`activeTools` or `sourceDigests` in its
`data`, or the `enabledTools` Pi's own `tools` extension persists as `tools-config`);
and a Pi tool result says which turns it returned only in the tool's own
`details.turns` (PRT020 needs them). Where a rule needed such a fact and the session
never recorded it, this is said — once a session for the tool set and for the
digests, at the state that needed them; at each fetch of a turn whose request
recorded no turns — rather than passed as if checked. It is information, no break
of the protocol: record the fact, and the rule is checked. (A neutral trace carries
`active_tools` and `source_digests` itself; a result's `returned_turns` of `null`,
as below, is one that recorded none.)

## Fails

```trace at=3:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"query": "cache"}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": null}
{"actor": "main", "kind": "call", "name": "fetch_session", "call_id": "c2", "arguments": {"turn_id": "t1", "window": 2}}
{"actor": "main", "kind": "result", "name": "fetch_session", "call_id": "c2"}
{"actor": "main", "kind": "call", "name": "finish_memory_recall", "call_id": "c3"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"query": "cache"}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1"]}
{"actor": "main", "kind": "call", "name": "fetch_session", "call_id": "c2", "arguments": {"turn_id": "t1", "window": 2}}
{"actor": "main", "kind": "result", "name": "fetch_session", "call_id": "c2"}
{"actor": "main", "kind": "call", "name": "finish_memory_recall", "call_id": "c3"}
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (PRT019, PRT030, PRT031, PRT032, PRT033, PRT035, PRT034)
