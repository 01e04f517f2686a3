"""Check a recorded session against a declared tool protocol: a streaming state machine.

``check_trace`` reads each ``TraceEvent`` once, in order, and keeps only what is open
(``state.SessionState``), so a session of a million events costs no more memory than
one of a thousand.  It never reads a file: the readers give it events, each with the
line of the session file it came from, and every diagnostic points at that line.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from assay.engine.traces.index import ProtocolIndex
from assay.engine.traces.rules import Violation
from assay.engine.traces.rules.calls import caller, context_request, context_returned, placement
from assay.engine.traces.rules.fetch import fetch_call
from assay.engine.traces.rules.invariants import observe, opened
from assay.engine.traces.rules.participants import follow_up, follow_up_answered, lifecycle
from assay.engine.traces.rules.routes import (
    end_by,
    end_of_session,
    end_state,
    end_without_state,
    open_route,
)
from assay.engine.traces.state import SessionState
from assay.spec.diagnostics import Diagnostic, sorted_diagnostics
from assay.spec.protocol import ProtocolDecl
from assay.spec.source import Span
from assay.spec.trace import TraceEvent

__all__ = ["check_trace", "violations"]


def check_trace(
    events: Iterable[TraceEvent],
    protocol: ProtocolDecl,
    *,
    path: str = "<session>",
    unrecorded: Mapping[str, str] | None = None,
) -> list[Diagnostic]:
    """Every way ``events`` break ``protocol``, in report order.

    ``path`` is the session file the events were read from, as the report names it
    (workspace-relative); each diagnostic is at column 1 of its event's line.
    ``unrecorded``: what the session's format cannot record by itself (``tools``,
    ``digests``) and how to say so — a state that needed it then reports PRT034
    rather than passing unchecked (``reading.pi.UNRECORDED`` for a Pi session).
    """
    found = (_diagnostic(v, path) for v in violations(events, protocol, unrecorded))
    return list(sorted_diagnostics(found))


def violations(
    events: Iterable[TraceEvent],
    protocol: ProtocolDecl,
    unrecorded: Mapping[str, str] | None = None,
) -> Iterator[Violation]:
    """The violations as the events stream past, in session order (a generator)."""
    index = ProtocolIndex.from_protocol(protocol)
    state = SessionState(unrecorded=unrecorded if unrecorded is not None else {})
    out: list[Violation] = []  # each event's, handed on and cleared
    for event in events:
        observe(state, event, out)
        kind = event.kind
        if kind == "call":
            _call(index, state, event, out)
        elif kind == "result":
            _result(index, state, event, out)
        else:
            lifecycle(index, state, event, out)
            end_by(index, state, event, out)
        if out:
            yield from out
            out.clear()
    end_of_session(index, state, out)
    yield from out


def _call(
    index: ProtocolIndex, state: SessionState, event: TraceEvent, out: list[Violation]
) -> None:
    caller(index, state, event, out)
    if event.actor == "participant":
        return  # a participant's call is wrong in itself; it opens and ends nothing
    before = len(out)
    placement(index, state, event, out)
    misplaced = len(out) > before
    if not misplaced:  # a follow-up out of its states is PRT013 alone
        follow_up(index, state, event, out)
    fetch_call(index, state, event, out)
    context_request(index, event, out)
    if event.name in index.context_free:
        state.remember(event.call_id, event.name, event.line)
    route = index.route_opened(event.name, event.arguments)
    if route is not None and event.actor == index.tools[event.name].actor:
        open_route(index, state, event, route, out)
        opened(state, event, out)
        state.remember(event.call_id, event.name, event.line)
        return
    # An end out of its state is already reported as misplaced.
    if not end_by(index, state, event, out) and not misplaced:
        end_without_state(index, state, event, out)


def _result(
    index: ProtocolIndex, state: SessionState, event: TraceEvent, out: list[Violation]
) -> None:
    waiting = state.pending.pop(event.call_id, None) if event.call_id is not None else None
    tool = waiting[0] if waiting is not None else None
    context_returned(index, event, tool or event.name, out)
    follow = index.protocol.follow_up
    if follow is not None and tool == follow.tool:
        follow_up_answered(state, event)
    if tool is not None and tool in index.openers:
        if event.is_error and state.current is not None:
            # The request that opened the state failed: the state ends in failure.
            end_state(index, state, "failure", event.line, out)
        elif event.returned_turns is None:
            state.turns, state.turns_from = None, (tool, event.line)
        elif state.turns is not None:
            state.turns.update(event.returned_turns)
    agreement = index.protocol.agreement
    current = state.current
    if agreement is not None and current is not None and event.name == agreement.evidence:
        current.evidence = current.evidence or not event.is_error


def _diagnostic(violation: Violation, path: str) -> Diagnostic:
    # Events carry a line, not an offset: the span is the start of that line.
    span = Span(0, 0, violation.line, 1, violation.line, 1)
    return violation.rule.diagnostic(violation.message, path, span)
