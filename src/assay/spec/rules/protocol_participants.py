"""PRT036 and PRT037: where historical participants may run, and whose answer a
follow-up may clarify; their examples run as ``protocols`` describes."""

from __future__ import annotations

from assay.spec.rules.rule import Rule

PRT036 = Rule(
    code="PRT036",
    name="participant-out-of-state",
    stage="trace",
    summary="A historical participant runs outside the states the protocol lets it run in.",
    documentation="""\
`participants start EVENT finish EVENT in STATE, ...`: participants are asked in those
states only. In the `consultation` protocol they run in a Discussion (the consultation
route): the transcript route returns ranked excerpts and asks nobody, and with no
request open there is nothing to answer (ADR 0001). A participant runs when its
`start` event comes, and when it answers (an event by the `participant` actor); each
such event out of place is reported. Its `finish` event is not: a harness may close a
run after the state ended.

## Fails

```trace at=3:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"query": "cache", "discussion": false}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "call", "name": "finish_memory_recall", "call_id": "c9"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"query": "cache", "discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

PRT037 = Rule(
    code="PRT037",
    name="follow-up-without-answer",
    stage="trace",
    summary=(
        "A follow-up names no participant, several at once, or one that has not answered "
        "in this state."
    ),
    documentation="""\
`follow up TOOL participant "ARG"`: a call of `TOOL` privately clarifies one
participant's answer (ADR 0001), so its argument `ARG` names exactly one participant
(a string), and one that answered in the same state: a `finish` event named it as it
ended its run, or an event of its own (by the `participant` actor) named it, earlier
in this Discussion. A finish for a participant that was not running answers nothing,
and an answer given in an earlier Discussion is not one of this one. (Two follow-ups whose
runs overlap are PRT018; a follow-up outside its states is PRT013.)

## Fails

```trace at=5:1
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "call", "name": "follow_up_session", "call_id": "c2", "arguments": {"participant": "p2", "question": "Which commit?"}}
{"actor": "main", "kind": "result", "name": "follow_up_session", "call_id": "c2"}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```

## Passes

```trace
{"actor": "main", "kind": "call", "name": "recall_memory", "call_id": "c1", "arguments": {"discussion": true}}
{"actor": "main", "kind": "result", "name": "recall_memory", "call_id": "c1", "returned_turns": ["t1"]}
{"actor": "system", "kind": "event", "name": "participant_started", "arguments": {"participant": "p1"}}
{"actor": "system", "kind": "event", "name": "participant_finished", "arguments": {"participant": "p1"}}
{"actor": "main", "kind": "call", "name": "follow_up_session", "call_id": "c2", "arguments": {"participant": "p1", "question": "Which commit?"}}
{"actor": "main", "kind": "result", "name": "follow_up_session", "call_id": "c2"}
{"actor": "main", "kind": "call", "name": "finish_session_consultation", "call_id": "c9"}
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (PRT036, PRT037)
