"""Tool calls: who may make them (PRT010, PRT012, PRT015, PRT017), where (PRT013),
and what a context-free tool may ask for (PRT031)."""

from __future__ import annotations

from assay.engine.traces.index import ProtocolIndex
from assay.engine.traces.rules import Violation
from assay.engine.traces.state import SessionState
from assay.spec.rules.protocol_keep import PRT031
from assay.spec.rules.protocols import PRT010, PRT012, PRT013, PRT015, PRT017
from assay.spec.trace import TraceEvent


def caller(
    index: ProtocolIndex, state: SessionState, event: TraceEvent, out: list[Violation]
) -> None:
    """Whether the actor of a call may make it; one finding at most, the most specific."""
    if event.actor == "participant":
        if index.participant_tools_forbidden:
            out.append(
                Violation(
                    PRT017,
                    event.line,
                    f"a participant calls `{event.name}`: historical participants run "
                    "without tools",
                )
            )
        return
    tool = index.tools.get(event.name)
    if tool is None or event.actor == tool.actor:
        return
    unsettled = state.unsettled
    if (
        index.request is not None
        and unsettled is not None
        and index.is_fallback(event.name, event.arguments, unsettled.route)
    ):
        out.append(
            Violation(
                PRT015,
                event.line,
                f"the {event.actor} calls `{event.name}` after the {unsettled.route} route "
                f"ended by {unsettled.kind} on line {unsettled.line}: an automatic fallback to "
                "transcript retrieval the main agent did not ask for",
            )
        )
    elif event.actor == "system" and event.name in index.automatic:
        out.append(
            Violation(
                PRT012,
                event.line,
                f"`{event.name}` is called automatically (by the system); only the {tool.actor} "
                "agent calls it, when an exact returned turn needs more context",
            )
        )
    else:
        out.append(
            Violation(
                PRT010,
                event.line,
                f"`{event.name}` is called by the {event.actor}; the protocol lets only the "
                f"{tool.actor} call it",
            )
        )


def placement(
    index: ProtocolIndex, state: SessionState, event: TraceEvent, out: list[Violation]
) -> None:
    """PRT013 for a tool called outside the states it is declared for."""
    tool = index.tools.get(event.name)
    if tool is None or not tool.states:
        return
    here = state.current.decl.name if state.current is not None else None
    if here not in tool.states:
        where = f"in the {here} state" if here else "outside every state"
        out.append(
            Violation(
                PRT013,
                event.line,
                f"`{event.name}` is called {where}; it belongs to {', '.join(tool.states)}",
            )
        )


def context_request(index: ProtocolIndex, event: TraceEvent, out: list[Violation]) -> None:
    """PRT031 for a context-free tool's call that asks for a transcript turn or window."""
    fetch = index.protocol.fetch
    if event.name not in index.context_free or fetch is None:
        return
    asked = [
        a for a in (fetch.turn_argument, fetch.window_argument) if a in (event.arguments or {})
    ]
    if asked:
        out.append(
            Violation(
                PRT031,
                event.line,
                f"`{event.name}` asks for transcript context "
                f"({', '.join(f'`{a}`' for a in asked)}); "
                f"it clarifies an answer and never fetches context (that is `{fetch.tool}`)",
            )
        )


def context_returned(
    index: ProtocolIndex, event: TraceEvent, tool: str, out: list[Violation]
) -> None:
    """PRT031 for a context-free tool's result that returns transcript turns."""
    if tool in index.context_free and event.returned_turns:
        out.append(
            Violation(
                PRT031,
                event.line,
                f"the result of `{tool}` returns transcript turns "
                f"({', '.join(event.returned_turns[:3])}); it never fetches transcript context",
            )
        )
