"""Participants run one at a time (PRT018); their agreement is remembered for the
unverified-agreement rule, and a user's explicit request for the fallback rules."""

from __future__ import annotations

from assay.engine.traces.index import ProtocolIndex
from assay.engine.traces.rules import Violation
from assay.engine.traces.state import SessionState
from assay.spec.rules.protocols import PRT018
from assay.spec.trace import TraceEvent


def lifecycle(
    index: ProtocolIndex, state: SessionState, event: TraceEvent, out: list[Violation]
) -> None:
    """An ``event`` that is not a tool call or result: participants, agreement, requests."""
    protocol, current = index.protocol, state.current
    if event.name == index.request and event.actor == "user" and state.unsettled is not None:
        state.unsettled.requested = True
    agreement = protocol.agreement
    if agreement is not None and event.name == agreement.event and current is not None:
        current.agreement_line = current.agreement_line or event.line
    participants = protocol.participants
    if participants is None or current is None:
        return
    who = str((event.arguments or {}).get("participant", "a participant"))
    if event.name == participants.start:
        running = current.participant
        if running is not None and index.overlap_forbidden:
            out.append(
                Violation(
                    PRT018,
                    event.line,
                    f"participant {who} starts while participant {running[0]} (started on line "
                    f"{running[1]}) is still running; participants run one at a time",
                )
            )
        current.participant = (who, event.line)
    elif event.name == participants.finish:
        current.participant = None
