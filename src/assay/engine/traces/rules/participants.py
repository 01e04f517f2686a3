"""Participants: where they may run (PRT036), one at a time (PRT018), and whose answer
a follow-up may clarify (PRT037); their agreement is remembered for the
unverified-agreement rule, and a user's explicit request for the fallback rules.

A participant runs from its ``start`` event to its ``finish`` event, and again while
a follow-up it was asked waits for its result: a start or a follow-up while another
run is open overlaps it.
"""

from __future__ import annotations

from typing import Any

from assay.engine.traces.index import ProtocolIndex
from assay.engine.traces.rules import Violation
from assay.engine.traces.state import OpenState, SessionState
from assay.spec.protocol import FollowUpDecl
from assay.spec.rules.protocol_participants import PRT036, PRT037
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
    if participants is None:
        return
    runs = event.name == participants.start or event.actor == "participant"
    if runs and not _may_run(index, state):
        _out_of_state(index, state, event, out)
        return
    if current is None:
        return
    who = _named(event.arguments)
    if event.name == participants.start:
        _overlap(index, current, event, f"participant {who or 'a participant'} starts", out)
        current.participant = (who, event.line)
    elif event.name == participants.finish:
        _finished(current, who)
    elif event.actor == "participant" and who is not None:
        _overlap(index, current, event, f"participant {who} sends `{event.name}`", out, who)
        current.answered.add(who)


def follow_up(
    index: ProtocolIndex, state: SessionState, event: TraceEvent, out: list[Violation]
) -> None:
    """PRT037 (or PRT018) for a call of the follow-up tool made in its place by its actor;
    the participant it asked then runs until the call's result."""
    decl = index.protocol.follow_up
    if decl is None or event.name != decl.tool or event.actor != index.tools[decl.tool].actor:
        return
    current = state.current
    asked = (event.arguments or {}).get(decl.participant_argument)
    problem = _target_problem(decl, asked, current)
    if problem is not None or current is None:
        # Asking nobody who answered here runs nobody: the call is wrong in itself.
        out.append(Violation(PRT037, event.line, f"`{decl.tool}` {problem}"))
        return
    _overlap(index, current, event, f"`{decl.tool}` asks participant {asked}", out)
    if event.call_id is not None:
        current.following = (str(asked), event.line, event.call_id)
        state.remember(event.call_id, event.name, event.line)


def follow_up_answered(state: SessionState, event: TraceEvent) -> None:
    """The result of a follow-up ends the run it asked for."""
    current = state.current
    following = current.following if current is not None else None
    if current is not None and following is not None and following[2] == event.call_id:
        current.following = None


def _finished(current: OpenState, who: str | None) -> None:
    """A finish event ends the run it names: that participant has answered. One that
    names another participant than the one running ends nothing (an unnamed one
    matches)."""
    running = current.participant
    if running is None or (None not in (running[0], who) and running[0] != who):
        return
    current.participant = None
    answered = who or running[0]
    if answered is not None:
        current.answered.add(answered)


def _may_run(index: ProtocolIndex, state: SessionState) -> bool:
    participants = index.protocol.participants
    assert participants is not None
    if not participants.states:
        return True  # declared for no state in particular: they may run in any
    return state.current is not None and state.current.decl.name in participants.states


def _out_of_state(
    index: ProtocolIndex, state: SessionState, event: TraceEvent, out: list[Violation]
) -> None:
    participants = index.protocol.participants
    assert participants is not None
    who = _named(event.arguments) or "a participant"
    what = "starts" if event.name == participants.start else f"sends `{event.name}`"
    where = f"the {state.current.decl.name} state" if state.current is not None else "no state"
    out.append(
        Violation(
            PRT036,
            event.line,
            f"participant {who} {what} in {where}; participants run only in "
            f"{', '.join(participants.states)}",
        )
    )


def _overlap(
    index: ProtocolIndex,
    current: OpenState,
    event: TraceEvent,
    what: str,
    out: list[Violation],
    own: str | None = None,
) -> None:
    """PRT018 when a participant's run is open while another run begins, or while
    another participant than the one running (``own``, the one acting) answers."""
    if not index.overlap_forbidden:
        return
    if current.participant is not None:
        running, line = current.participant
        since = f"participant {running or '(unnamed)'} (started on line {line})"
    elif current.following is not None:
        running, line, _ = current.following
        since = f"participant {running} (asked a follow-up on line {line})"
    else:
        return
    if own is not None and running in (own, None):
        return  # the running participant answering (or one unnamed) is its run
    out.append(
        Violation(
            PRT018,
            event.line,
            f"{what} while {since} is still running; participants run one at a time",
        )
    )


def _target_problem(decl: FollowUpDecl, asked: Any, current: OpenState | None) -> str | None:
    """What is wrong with the participant a follow-up names, or None."""
    argument = f"`{decl.participant_argument}`"
    if isinstance(asked, list | tuple) and len(asked) > 1:
        return f"names {len(asked)} participants at once in {argument}; it clarifies one answer"
    if not isinstance(asked, str) or not asked:
        return f"names no participant ({argument} must be one participant's name)"
    if current is None:
        return f"asks participant {asked} with no state open: nobody has answered"
    if asked not in current.answered:
        return (
            f"asks participant {asked}, who has not answered in this {current.decl.name} "
            "state; a follow-up clarifies an answer given there"
        )
    return None


def _named(arguments: dict[str, Any] | None) -> str | None:
    """The participant an event names, when it names one."""
    who = (arguments or {}).get("participant")
    return who if isinstance(who, str) and who else None
