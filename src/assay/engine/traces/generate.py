"""Sessions generated from a protocol's own state machine: every one follows it.

The tests check that ``check_trace`` finds nothing in them (hypothesis drives the
choices through ``random.Random``), and the benchmark checks a million of their events.
Each request opens one of the declared routes with the main agent, calls the tools its
state allows, runs participants one at a time in the states they may run in, follows
up only a participant that answered there, backs any agreement with a successful
fetch of a returned turn, and ends the state by one of its declared ends; after an
unsettled end, a route change comes only after the user's explicit request.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from assay.spec.protocol import ProtocolDecl, RouteDecl, StateDecl
from assay.spec.trace import Actor, EventKind, TraceEvent

__all__ = ["generate_trace"]

_DIGESTS = {"sessions/earlier.jsonl": "0" * 64}


class _Writer:
    """Numbers events and keeps the main agent's tool set on every one."""

    def __init__(self, protocol: ProtocolDecl) -> None:
        self.sequence = 0
        self.tools = tuple(sorted(t.name for t in protocol.tools if t.actor == "main"))

    def event(self, actor: Actor, kind: EventKind, name: str, **extra: Any) -> TraceEvent:
        made = TraceEvent(
            sequence=self.sequence,
            line=self.sequence + 1,
            actor=actor,
            kind=kind,
            name=name,
            active_tools=self.tools,
            source_digests=_DIGESTS,
            **extra,
        )
        self.sequence += 1
        return made

    def call(self, actor: Actor, name: str, arguments: dict[str, Any]) -> tuple[TraceEvent, str]:
        call_id = f"c{self.sequence}"
        return self.event(actor, "call", name, call_id=call_id, arguments=arguments), call_id


def generate_trace(
    protocol: ProtocolDecl, rng: random.Random, *, requests: int
) -> Iterator[TraceEvent]:
    """A session of ``requests`` requests that follows ``protocol``, made lazily."""
    out = _Writer(protocol)
    unsettled: str | None = None  # the route of the last unsettled end
    for _ in range(requests):
        routes = [r for r in protocol.routes if _state_of(protocol, r) is not None]
        if not routes:
            return
        route = rng.choice(routes)
        if unsettled is not None and route.name != unsettled:
            fallback = protocol.forbidden("fallback")
            if fallback:
                yield out.event("user", "event", fallback[0].subject or "request")
        state = _state_of(protocol, route)
        assert state is not None
        yield from _request(protocol, rng, out, route, state)
        end = rng.choice(state.ends) if state.ends else None
        if end is None:
            return  # a state without ends cannot be left: the session stops in it
        if end.name in {t.name for t in protocol.tools}:
            call, call_id = out.call("main", end.name, {})
            yield call
            yield out.event("main", "result", end.name, call_id=call_id)
        else:
            actor: Actor = "main" if end.kind == "settlement" else "system"
            yield out.event(actor, "event", end.name)
        unsettled = None if end.kind in ("finish", "settlement") else route.name


def _state_of(protocol: ProtocolDecl, route: RouteDecl) -> StateDecl | None:
    return next((s for s in protocol.states if s.route == route.name), None)


def _request(
    protocol: ProtocolDecl, rng: random.Random, out: _Writer, route: RouteDecl, state: StateDecl
) -> Iterator[TraceEvent]:
    """The opening call, its result, and what happens in the state until it ends."""
    arguments = {route.argument: route.when} if route.argument else {}
    call, call_id = out.call("main", route.opener, arguments)
    yield call
    turns = tuple(f"t{out.sequence}-{i}" for i in range(rng.randint(1, 3)))
    yield out.event("main", "result", route.opener, call_id=call_id, returned_turns=turns)
    ends = {e.name for s in protocol.states for e in s.ends}
    callable_here = [
        t
        for t in protocol.tools
        if t.actor == "main"
        and (not t.states or state.name in t.states)
        and t.name not in ends
        and t.name not in {r.opener for r in protocol.routes}
    ]
    participants = protocol.participants
    asked = participants is not None and state.name in (participants.states or (state.name,))
    answered: list[str] = []  # participants that answered in this state, to follow up
    for _ in range(rng.randint(0, 4)):
        step = rng.random()
        if step < 0.3 and asked:
            answered.append(f"p{rng.randint(1, 3)}")
            yield from _participant(protocol, out, answered[-1])
        elif step < 0.45 and protocol.agreement is not None:
            yield out.event("main", "event", protocol.agreement.event)
            yield from _tool(protocol, rng, out, protocol.agreement.evidence, turns, answered)
        elif callable_here:
            tool = rng.choice(callable_here).name
            yield from _tool(protocol, rng, out, tool, turns, answered)


def _participant(protocol: ProtocolDecl, out: _Writer, who: str) -> Iterator[TraceEvent]:
    participants = protocol.participants
    assert participants is not None
    named = {"participant": who}
    yield out.event("system", "event", participants.start, arguments=named)
    yield out.event("participant", "event", "answer", arguments=named)
    yield out.event("system", "event", participants.finish, arguments=named)


def _tool(
    protocol: ProtocolDecl,
    rng: random.Random,
    out: _Writer,
    tool: str,
    turns: tuple[str, ...],
    answered: list[str],
) -> Iterator[TraceEvent]:
    fetch, follow_up = protocol.fetch, protocol.follow_up
    arguments: dict[str, Any] = {}
    if fetch is not None and tool == fetch.tool:
        arguments[fetch.turn_argument] = rng.choice(turns)
        arguments[fetch.window_argument] = rng.randint(1, fetch.max_window)
    if follow_up is not None and tool == follow_up.tool:
        if not answered:
            return  # nobody to follow up yet
        arguments[follow_up.participant_argument] = rng.choice(answered)
    call, call_id = out.call("main", tool, arguments)
    yield call
    yield out.event("main", "result", tool, call_id=call_id)
