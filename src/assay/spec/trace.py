"""A recorded agent session as assay checks it: one neutral event per tool call,
tool result or lifecycle event (seed ADR 0001).

Readers (``assay.engine.traces``) turn a session file — Pi's JSON Lines sessions, or
assay's own neutral trace format — into a stream of ``TraceEvent``; the protocol
checker consumes that stream and knows nothing of the file format. Each event keeps
the line of the session file it came from, so a finding points there.
"""

from __future__ import annotations

from typing import Any, Literal

from attrs import frozen

from assay.spec.model import Model

__all__ = ["Actor", "EventKind", "TraceEvent"]

#: ``main``: the main agent; ``participant``: a historical session asked in a
#: Discussion; ``system``: the harness itself (a call it makes on its own is automatic).
Actor = Literal["main", "participant", "system", "user"]

#: ``call`` a tool call, ``result`` its answer, ``event`` a lifecycle event
#: (a timeout, a failure, a user request) that is neither.
EventKind = Literal["call", "result", "event"]


# Not slotted: a frozen slotted class sets each field through ``object.__setattr__``,
# a frozen one with a ``__dict__`` fills the dict directly, which halves the cost of
# the event a reader makes for every line of a session (benchmarks/trace_read.py).
@frozen(kw_only=True, slots=False)
class TraceEvent(Model):
    """One thing that happened in a session, in session order."""

    sequence: int  #: 0-based position in the stream
    line: int  #: 1-based line of the session file it was read from
    actor: Actor
    kind: EventKind
    #: The tool called or answered; for ``event``, the event's name (``timeout``).
    name: str
    #: The call id a ``result`` answers, and that a ``call`` carries.
    call_id: str | None = None
    arguments: dict[str, Any] | None = None  #: a call's arguments
    is_error: bool = False  #: a result that reports failure
    #: For a result: the turn ids it returned (``recall_memory`` returns turns); None
    #: when the session does not record them (a Pi result without ``details.turns``).
    returned_turns: tuple[str, ...] | None = ()
    #: The main agent's active tool set when this happened, when the format says.
    active_tools: tuple[str, ...] | None = None
    #: ``path -> sha256`` of source transcripts, when the format records them.
    source_digests: dict[str, str] | None = None
