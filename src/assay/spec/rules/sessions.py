"""PRT001 to PRT009 and PRT020 to PRT022: what reading a session file and fetching a
transcript window report.

Reading a session (``assay trace check``, ``assay.engine.traces.reading``) finds the
first nine, each at its line of the session file; ``assay trace fetch`` refuses a turn
id that is not exact (PRT020), a window over the maximum (PRT021), which the
protocol checks also report at a ``fetch_session`` call, and a session that changed
while it was read (PRT022, which no static example can show). ``assay check`` never reports
them and they are not checks to select or ignore. Their examples run through the
reader and fetch (``tests/engine/traces/reading/test_session_rules.py``): the ``jsonl``
block is the session; a Fails example reports the code once, at its ``at=``; the
Passes example does not. ``limit=`` sets the longest line read, and ``turn=`` and
``window=`` what is fetched.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

PRT001 = Rule(
    code="PRT001",
    name="malformed-session-line",
    stage="session",
    summary="A line of the session is not JSON: cut short, or broken.",
    documentation="""\
A session is JSON Lines: each line one JSON value. A line that does not parse — most
often the last one, cut short when the agent was stopped while writing it — is
reported at the column where the JSON breaks, and skipped: the lines after it are
read as usual. The message says whether the line ends inside its value (a truncated
entry) and whether the file ends there.

## Fails

```jsonl path=session.jsonl at=3:86
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[
```

## Passes

```jsonl path=session.jsonl
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT002 = Rule(
    code="PRT002",
    name="unknown-entry-type",
    stage="session",
    summary="An entry of a type the session format does not have.",
    documentation="""\
Pi's entry types are `session` (the header), `message`, `model_change`,
`thinking_level_change`, `compaction`, `branch_summary`, `custom`,
`custom_message`, `label` and `session_info`; a message's roles are `user`,
`assistant`, `toolResult`, `bashExecution`, `custom` (`hookMessage` before version
3), `branchSummary` and `compactionSummary`. A neutral trace's `kind` is `call`,
`result` or `event`. Anything else is reported and skipped: assay does not guess
what a newer format meant by it.

## Fails

```jsonl path=session.jsonl at=3:1
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"bookmark","id":"a2","parentId":"a1","label":"here"}
```

## Passes

```jsonl path=session.jsonl
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT003 = Rule(
    code="PRT003",
    name="result-without-call",
    stage="session",
    summary="A tool result answers a call the session never made.",
    documentation="""\
Each `toolResult` message (a neutral `result`) names the call it answers
(`toolCallId`, `call_id`); that call must come earlier in the file and not be
answered yet. A result without its call means the session lost lines, or was
stitched together: the result is reported and not passed on to the protocol
checks, which would otherwise see an answer to nothing.

## Fails

```jsonl path=session.jsonl at=3:1
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"toolResult","toolCallId":"c9","toolName":"recall_memory","content":[],"isError":false}}
```

## Passes

```jsonl path=session.jsonl
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT004 = Rule(
    code="PRT004",
    name="missing-session-header",
    stage="session",
    summary="The session does not start with its header, or is no session at all.",
    documentation="""\
A Pi session's first line is its `session` header (version, id, working folder);
a file whose first entry is something else lost its header, and is reported at
line 1 and read on. A first entry that is neither a Pi entry (it has `type`) nor a
neutral event (`kind`, `sequence`) means the file is no session assay reads: that
is reported once, and reading stops. An empty file is reported too.

## Fails

```jsonl path=session.jsonl at=1:1
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
```

## Passes

```jsonl path=session.jsonl
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT005 = Rule(
    code="PRT005",
    name="duplicate-entry-id",
    stage="session",
    summary="An entry id or a call id used twice.",
    documentation="""\
Pi entries are linked by `id` and `parentId`, and a tool call's `id` is what its
result answers: an id used twice makes both ambiguous. The later entry is reported
and skipped; `assay trace fetch` refuses a turn whose id another entry holds too,
naming both lines. In a neutral trace, a call id still open is reported the same way; a
`sequence` number used twice is PRT007, as one that goes down: neither increases.

## Fails

```jsonl path=session.jsonl at=3:1
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Again"}}
```

## Passes

```jsonl path=session.jsonl
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT006 = Rule(
    code="PRT006",
    name="unknown-parent-entry",
    stage="session",
    summary="An entry's `parentId` names no earlier entry.",
    documentation="""\
From session version 2 on, every Pi entry but the first names its parent, an entry
earlier in the file (`null` for the first). A parent that does not exist breaks the
tree `fetch` follows for a window. The entry is reported and still read.

## Fails

```jsonl path=session.jsonl at=3:1
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"zz","message":{"role":"user","content":"Hi"}}
```

## Passes

```jsonl path=session.jsonl
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT007 = Rule(
    code="PRT007",
    name="malformed-entry",
    stage="session",
    summary="A JSON line that is not a well-formed entry of its format.",
    documentation="""\
A line that is JSON but not an object, or an entry missing what its type needs
(a `message` without its `message` object and `role`, a `toolCall` without `id`
or `name`, a neutral event with a field the format does not define, or a
`sequence` that does not increase — repeated or going down alike, named with the
line of the highest number so far). The message names the field. The entry is
skipped; a line that breaks the order and something else is reported for both.

## Fails

```jsonl path=session.jsonl at=3:1
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1"}
```

## Passes

```jsonl path=session.jsonl
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT008 = Rule(
    code="PRT008",
    name="undecodable-session-line",
    stage="session",
    summary="A line of the session is not UTF-8.",
    documentation="""\
JSON text is UTF-8. A line holding bytes that are not (here `é` written in
Latin-1) is reported at the first such byte and skipped; assay does not guess
the encoding.

## Fails

```jsonl path=session.jsonl encoding=latin-1 at=2:84
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"café"}}
```

## Passes

```jsonl path=session.jsonl
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT009 = Rule(
    code="PRT009",
    name="session-line-too-long",
    stage="session",
    summary="A line of the session longer than a session line may be.",
    documentation="""\
Reading keeps one line in memory at a time, so the longest line bounds the memory a
session costs: a line over 32 MiB is skipped as it streams by, never held whole,
and reported. (Pi keeps images in their entry, base64-encoded: entries of a few
megabytes are real.) The example sets the limit to 184 bytes (`limit=184`) to
show it.

## Fails

```jsonl path=session.jsonl limit=184 at=3:1
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"user","content":"A very long question A very long question A very long question A very long question A very long question "}}
```

## Passes

```jsonl path=session.jsonl limit=184
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT020 = Rule(
    code="PRT020",
    name="turn-not-exact",
    stage="session",
    summary="A transcript fetch names a turn id no entry has exactly.",
    documentation="""\
`fetch_session` takes the exact `turn_id` an earlier result returned: the id of a
Pi entry, compared byte for byte. A prefix, another case or an id from another
session is refused — guessing which turn was meant could hand the main agent
context it did not ask for. The message lists ids that differ only in case or
length, to be copied whole. `assay trace fetch` exits 1 and prints no window.

## Fails

```jsonl path=session.jsonl turn=A2 window=1 at=1:1
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```

## Passes

```jsonl path=session.jsonl turn=a2 window=1
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT021 = Rule(
    code="PRT021",
    name="window-too-large",
    stage="session",
    summary="A transcript fetch asks for more entries around the turn than allowed.",
    documentation="""\
The ADR asks for the smallest useful window: `--window N` is how many entries each
side of the turn, along its conversation, and may be at most 20 (the protocol may
declare another maximum). A larger window is refused before the session is read;
ask for less, and again for more if the answer is not there.

## Fails

```jsonl path=session.jsonl turn=a2 window=21 at=1:1
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```

## Passes

```jsonl path=session.jsonl turn=a2 window=20
{"type":"session","version":3,"id":"s1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/work"}
{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"Why Kafka?"}}
{"type":"message","id":"a2","parentId":"a1","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"recall_memory","arguments":{"query":"kafka"}}]}}
{"type":"message","id":"a3","parentId":"a2","message":{"role":"toolResult","toolCallId":"c1","toolName":"recall_memory","content":[{"type":"text","text":"1 turn"}],"isError":false}}
```
""",
)

PRT022 = Rule(
    code="PRT022",
    name="session-changed-while-read",
    stage="session",
    summary="The session file changed while `assay trace fetch` read it.",
    documentation="""\
`assay trace fetch` reads the session once, remembering where each entry before the
turn is, then reads the window's earlier entries again from there. If something
rewrote or cut the file in between — an agent still appending is fine, one
rewriting it is not — those bytes are no longer the entry that was indexed. The
window is refused at that line, naming the entry expected and what the bytes hold
now, rather than showing a mixture of two versions of the file: fetch again once
nothing writes it. `assay trace fetch` exits 1 and prints no window.
""",
)

#: This family's rules, as the registry lists them.
RULES = (
    PRT001,
    PRT002,
    PRT003,
    PRT004,
    PRT005,
    PRT006,
    PRT007,
    PRT008,
    PRT009,
    PRT020,
    PRT021,
    PRT022,
)
