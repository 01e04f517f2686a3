"""Routes and states: a route's opening call enters its state, a declared call or
event ends it, and an unsettled end may not be replaced without an explicit request
(PRT016).  Ending nothing is PRT011; a state left open is PRT033; agreement never
checked against the source is PRT032; calls forgotten past the checker's bound are
PRT035."""

from __future__ import annotations

from assay.engine.traces.index import ProtocolIndex
from assay.engine.traces.rules import Violation
from assay.engine.traces.rules.invariants import unrecorded
from assay.engine.traces.state import MAX_PENDING, After, OpenState, SessionState, Unsettled
from assay.spec.protocol import RouteDecl
from assay.spec.rules.protocol_keep import PRT032, PRT033, PRT035
from assay.spec.rules.protocols import PRT011, PRT016
from assay.spec.trace import TraceEvent

_SETTLED = ("finish", "settlement")


def open_route(
    index: ProtocolIndex,
    state: SessionState,
    event: TraceEvent,
    route: RouteDecl,
    out: list[Violation],
) -> None:
    """The main agent's call ``event`` opens ``route``."""
    if state.current is not None:
        # A new request while a state is open leaves that state incomplete.
        end_state(index, state, "incomplete", event.line, out)
    unsettled = state.unsettled
    if (
        index.request is not None
        and unsettled is not None
        and not unsettled.requested
        and route.name != unsettled.route
    ):
        out.append(
            Violation(
                PRT016,
                event.line,
                f"`{event.name}` opens the {route.name} route after the {unsettled.route} route "
                f"ended by {unsettled.kind} on line {unsettled.line}, and nobody asked for the "
                f"change (no `{index.request}` from the user in between)",
            )
        )
    state.unsettled = None
    state.turns, state.turns_from = set(), None
    decl = index.state_of_route.get(route.name)
    if decl is not None:
        tools = event.active_tools if event.active_tools is not None else state.tools
        state.current = OpenState(decl, event.line, tools, state.digests)


def end_by(
    index: ProtocolIndex, state: SessionState, event: TraceEvent, out: list[Violation]
) -> bool:
    """End the current state with ``event`` (its violations into ``out``); false when
    the event ends no state (then it is no end at all, or an end out of place)."""
    current = state.current
    if current is not None:
        kind = index.ends[current.decl.name].get(event.name)
        if kind is not None:
            end_state(index, state, kind, event.line, out)
            return True
    return False


def end_without_state(
    index: ProtocolIndex, state: SessionState, event: TraceEvent, out: list[Violation]
) -> None:
    """PRT011 for a call that ends some state of the protocol while that state is not open."""
    ending = [s for s, ends in index.ends.items() if event.name in ends]
    if event.kind == "call" and ending:
        where = state.current.decl.name if state.current is not None else "no state"
        out.append(
            Violation(
                PRT011,
                event.line,
                f"`{event.name}` ends the {' or '.join(ending)} state, "
                f"but the session is in {where}",
            )
        )


def end_state(
    index: ProtocolIndex, state: SessionState, kind: str, line: int, out: list[Violation]
) -> None:
    """Close the current state, ended ``kind`` at ``line``."""
    current = state.current
    assert current is not None  # callers end only an open state
    state.current = None
    unrecorded(state, current, out)
    _unverified(index, current, out)
    if kind not in _SETTLED:
        state.unsettled = Unsettled(current.decl.route, kind, line)
    if current.decl.keeps_tools or current.decl.keeps_sources:
        state.after = After(
            current.decl.name,
            line,
            current.tools if current.decl.keeps_tools else None,
            current.digests if current.decl.keeps_sources else None,
        )


def end_of_session(index: ProtocolIndex, state: SessionState, out: list[Violation]) -> None:
    """PRT033 for a state still open when the session ends; PRT035 when calls were
    forgotten on the way."""
    if state.dropped:
        out.append(
            Violation(
                PRT035,
                state.first_dropped or 1,
                f"{state.dropped} {'call was' if state.dropped == 1 else 'calls were'} not "
                f"tracked, this one first: more than {MAX_PENDING} calls were waiting for "
                "their results at once, so the oldest were forgotten and their results, if "
                "they come, are not checked as theirs",
            )
        )
    current = state.current
    if current is None:
        return
    ends = ", ".join(f"`{e.name}`" for e in current.decl.ends) or "nothing"
    out.append(
        Violation(
            PRT033,
            current.line,
            f"the {current.decl.name} state opened here never ends (it ends by {ends})",
        )
    )
    unrecorded(state, current, out)
    _unverified(index, current, out)


def _unverified(index: ProtocolIndex, current: OpenState, out: list[Violation]) -> None:
    agreement = index.protocol.agreement
    if agreement is not None and current.agreement_line is not None and not current.evidence:
        out.append(
            Violation(
                PRT032,
                current.agreement_line,
                f"participants agree, but no `{agreement.evidence}` result in this "
                f"{current.decl.name} checked the source: the agreement is unverified",
            )
        )
