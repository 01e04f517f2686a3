"""Pi's session entries into trace events (``docs/session-format.md`` of pi-mono's
``packages/coding-agent``; the fixtures in ``tests/fixtures/traces/pi`` are Pi's own).

A Pi session is JSON Lines: a ``session`` header first, then entries linked by
``id``/``parentId`` (version 2 on; version 1 sessions are linear and carry no ids).
What becomes an event:

- an assistant ``message``'s ``toolCall`` content items (unless it stopped, below): a
  ``call`` each (its ``id``, ``name`` and ``arguments``), by the session's actor —
  Pi does not record whose session a file is, so the reader is told: ``main``
  unless the file is read as a historical participant's session;
- a ``toolResult`` message: a ``result`` of its ``toolName``, answering
  ``toolCallId``, ``is_error`` from ``isError``; the turn ids it returned from its
  ``details.turns`` (each a string, or an object with ``turnId`` or ``turn_id``) —
  the convention a ``recall_memory`` result follows;
- an assistant message that stopped with ``error`` or ``aborted``: an ``event`` of
  that name, and nothing else — the ``toolCall`` items that streamed before the stop
  stay in the message, but Pi's agent loop runs none of them (``agent-loop.js``
  returns before executing tools) and writes no result;
- a ``user`` message: the event ``user_message`` by the user; a ``bashExecution``
  message: ``bash_execution`` by the user;
- ``custom`` and ``custom_message`` entries (and ``custom`` messages): a ``system``
  event named by their ``customType``, with ``data`` (or ``details``) as arguments.
  A ``custom`` entry whose ``data`` holds ``activeTools`` (a list of tool names; or
  ``enabledTools``, as Pi's own ``tools`` extension writes it) or ``sourceDigests``
  (path to sha256) sets what every later event carries as ``active_tools`` and
  ``source_digests``. Pi records neither by itself: ``UNRECORDED`` words what the
  checker could not check without them (PRT034);
- ``model_change``, ``thinking_level_change``, ``compaction``, ``branch_summary``: a
  ``system`` event of that name. ``label`` and ``session_info`` entries are known and
  make none.
"""

from __future__ import annotations

from typing import Any

from assay.engine.traces.reading.ids import IdIndex
from assay.engine.traces.reading.problems import problem
from assay.engine.traces.reading.stream import Line
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.sessions import PRT002, PRT003, PRT004, PRT005, PRT006, PRT007
from assay.spec.trace import Actor, TraceEvent

_LIFECYCLE = {"model_change", "thinking_level_change", "compaction", "branch_summary"}
ENTRY_TYPES = frozenset(
    {*_LIFECYCLE, "message", "custom", "custom_message", "label", "session_info"}
)
_ROLES = {
    "user",
    "assistant",
    "toolResult",
    "bashExecution",
    "custom",
    "hookMessage",
    "branchSummary",
    "compactionSummary",
}

Found = list[TraceEvent | Diagnostic]

#: What Pi's format does not record by itself, and where a session may still hold it:
#: the checker's PRT034 says so where a rule needed it (``check_trace(unrecorded=)``).
UNRECORDED = {
    "tools": (
        "Pi's session format records no active tool set, and this session holds none "
        "(a `custom` entry whose `data` has `activeTools`, or the `enabledTools` of a "
        "`tools-config` entry of Pi's `tools` extension)"
    ),
    "digests": (
        "Pi's session format records no digest of the source transcripts, and this "
        "session holds none (a `custom` entry whose `data` has `sourceDigests`)"
    ),
}


class PiReader:
    """Reads one Pi session's entries in file order, remembering what later entries may
    refer to: the ids so far and the calls not yet answered.

    Each entry's events and problems are appended to one list and returned, not
    yielded through a generator a level: an entry is read through four or five
    levels, and making and driving a generator for each was a third of the reading
    (``benchmarks/trace_read.py``)."""

    def __init__(self, path: str, actor: Actor, first_sequence: int = 0) -> None:
        self.path = path
        self.actor = actor
        self.sequence = first_sequence
        self.linked = True  # version 2 and later: entries carry id and parentId
        self._ids = IdIndex()
        self._open_calls: set[str] = set()
        self._active_tools: tuple[str, ...] | None = None
        self._digests: dict[str, str] | None = None

    def header(self, entry: dict[str, Any], line: Line) -> Found:
        """The first entry: a ``session`` header, else PRT004 (and it is read as an entry)."""
        if entry.get("type") == "session":
            version = entry.get("version", 1)
            self.linked = not (isinstance(version, int) and version < 2)
            return []
        message = (
            "a Pi session starts with its `session` header line; this one starts with an "
            f"entry of type {_shown(entry.get('type'))}"
        )
        return [problem(PRT004, message, self.path, line), *self.entry(entry, line)]

    def entry(self, entry: dict[str, Any], line: Line) -> Found:
        """The events of one entry after the header, or why it cannot be read."""
        kind = entry.get("type")
        if not isinstance(kind, str):
            return [self._bad(line, "an entry has a string `type`")]
        if kind == "session":
            return [self._bad(line, "a `session` header belongs on the first line only")]
        if kind not in ENTRY_TYPES:
            known = ", ".join(sorted(ENTRY_TYPES))
            message = f"unknown entry type {_shown(kind)} (Pi's types: session, {known})"
            return [problem(PRT002, message, self.path, line)]
        found: Found = []
        if self.linked and not self._link(entry, line, found):
            return found
        if kind == "message":
            self._message(entry.get("message"), line, found)
        elif kind in ("custom", "custom_message"):
            self._custom(entry, line, found)
        elif kind in _LIFECYCLE:
            found.append(self._event(line, "system", "event", kind))
        return found

    def _link(self, entry: dict[str, Any], line: Line, found: Found) -> bool:
        """Check ``id`` and ``parentId``; false when the entry is not to be read."""
        ident, parent = entry.get("id"), entry.get("parentId")
        if not isinstance(ident, str) or not ident:
            found.append(
                self._bad(line, "an entry has an `id` string (session version 2 and later)")
            )
            return False
        if parent is not None and not isinstance(parent, str):
            found.append(self._bad(line, "`parentId` is an entry id or null"))
            return False
        if not self._ids.add(ident):
            message = f"entry id {_shown(ident)} is already used by an earlier entry"
            found.append(problem(PRT005, message, self.path, line))
            return False
        if parent is not None and parent not in self._ids:
            message = f"`parentId` {_shown(parent)} names no earlier entry"
            found.append(problem(PRT006, message, self.path, line))
        return True

    def _message(self, message: Any, line: Line, found: Found) -> None:
        role = message.get("role") if isinstance(message, dict) else None
        if not isinstance(message, dict) or not isinstance(role, str):
            found.append(
                self._bad(line, "a `message` entry holds a `message` object with a `role`")
            )
        elif role == "assistant":
            self._assistant(message, line, found)
        elif role == "toolResult":
            self._result(message, line, found)
        elif role == "user":
            found.append(self._event(line, "user", "event", "user_message"))
        elif role == "bashExecution":
            found.append(self._event(line, "user", "event", "bash_execution"))
        elif role in ("custom", "hookMessage"):
            self._custom(message, line, found)
        elif role not in _ROLES:
            message_text = (
                f"unknown message role {_shown(role)} (Pi's: {', '.join(sorted(_ROLES))})"
            )
            found.append(problem(PRT002, message_text, self.path, line))

    def _assistant(self, message: dict[str, Any], line: Line, found: Found) -> None:
        content = message.get("content", [])
        if not isinstance(content, list):
            found.append(self._bad(line, "an assistant message's `content` is a list"))
            return
        stop = message.get("stopReason")
        if stop in ("error", "aborted"):
            # Pi keeps what streamed before the stop, partial tool calls too, but
            # pi-agent-core runs no tool call of such a message: none is a call.
            found.append(self._event(line, self.actor, "event", str(stop), is_error=True))
            return
        for item in content:
            if isinstance(item, dict) and item.get("type") == "toolCall":
                self._call(item, line, found)

    def _call(self, item: dict[str, Any], line: Line, found: Found) -> None:
        ident, name, arguments = item.get("id"), item.get("name"), item.get("arguments", {})
        if not (isinstance(ident, str) and isinstance(name, str) and isinstance(arguments, dict)):
            found.append(
                self._bad(line, "a `toolCall` has a string `id` and `name` and object `arguments`")
            )
        elif ident in self._open_calls:
            message = f"tool call id {_shown(ident)} is already open"
            found.append(problem(PRT005, message, self.path, line))
        else:
            self._open_calls.add(ident)
            found.append(
                self._event(line, self.actor, "call", name, call_id=ident, arguments=arguments)
            )

    def _result(self, message: dict[str, Any], line: Line, found: Found) -> None:
        ident, name = message.get("toolCallId"), message.get("toolName")
        failed = message.get("isError", False)
        if not (isinstance(ident, str) and isinstance(name, str) and isinstance(failed, bool)):
            found.append(
                self._bad(
                    line,
                    "a `toolResult` has a string `toolCallId` and `toolName` and a boolean "
                    "`isError`",
                )
            )
        elif ident not in self._open_calls:
            message_text = (
                f"this `{name}` result answers call {_shown(ident)}, "
                "which no earlier entry made (or another result answered)"
            )
            found.append(problem(PRT003, message_text, self.path, line))
        else:
            self._open_calls.discard(ident)
            turns = _returned_turns(message.get("details"))
            found.append(
                self._event(
                    line,
                    self.actor,
                    "result",
                    name,
                    call_id=ident,
                    is_error=failed,
                    returned_turns=turns,
                )
            )

    def _custom(self, entry: dict[str, Any], line: Line, found: Found) -> None:
        name = entry.get("customType")
        if not isinstance(name, str) or not name:
            found.append(self._bad(line, "a custom entry has a `customType` string"))
            return
        data = entry.get("data", entry.get("details"))
        arguments = data if isinstance(data, dict) else None
        if entry.get("type") == "custom" and arguments is not None:
            self._take_state(arguments)
        found.append(self._event(line, "system", "event", name, arguments=arguments))

    def _take_state(self, data: dict[str, Any]) -> None:
        # `enabledTools`: what Pi's own `tools` extension (examples/extensions/tools.ts)
        # persists, as a `tools-config` entry, each time the user changes the tool set.
        tools = data.get("activeTools", data.get("enabledTools"))
        digests = data.get("sourceDigests")
        if isinstance(tools, list) and all(isinstance(t, str) for t in tools):
            self._active_tools = tuple(tools)
        if isinstance(digests, dict) and all(isinstance(v, str) for v in digests.values()):
            self._digests = {str(k): v for k, v in digests.items()}

    def _event(self, line: Line, actor: Actor, kind: Any, name: str, **facts: Any) -> TraceEvent:
        event = TraceEvent(
            sequence=self.sequence,
            line=line.number,
            actor=actor,
            kind=kind,
            name=name,
            active_tools=self._active_tools,
            source_digests=self._digests,
            **facts,
        )
        self.sequence += 1
        return event

    def _bad(self, line: Line, what: str) -> Diagnostic:
        return problem(PRT007, f"malformed entry: {what}", self.path, line)


def _returned_turns(details: Any) -> tuple[str, ...] | None:
    """The turn ids a result's ``details.turns`` names (see the module's convention);
    None when it has none: Pi keeps what the tool returned, and this one said nothing."""
    turns = details.get("turns") if isinstance(details, dict) else None
    if not isinstance(turns, list):
        return None
    found = []
    for turn in turns:
        if isinstance(turn, dict):
            turn = turn.get("turnId", turn.get("turn_id"))
        if isinstance(turn, str):
            found.append(turn)
    return tuple(found)


def _shown(value: Any) -> str:
    """A value from the file, quoted for a message (and cut short)."""
    text = value if isinstance(value, str) else repr(value)
    return f"`{text[:60]}…`" if len(text) > 60 else f"`{text}`"
