"""A protocol's declarations arranged for lookup by event: what a call of each tool,
or an event of each name, means to the checker."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import frozen

from assay.spec.model import Model
from assay.spec.protocol import EndKind, ProtocolDecl, RouteDecl, StateDecl, ToolDecl


@frozen(kw_only=True)
class ProtocolIndex(Model):
    """Lookups built once per check; the checker never scans the declarations."""

    protocol: ProtocolDecl
    tools: Mapping[str, ToolDecl]
    #: opener tool -> the routes it opens, in declaration order
    openers: Mapping[str, tuple[RouteDecl, ...]]
    state_of_route: Mapping[str, StateDecl]
    #: state name -> {tool or event name -> how it ends the state}
    ends: Mapping[str, Mapping[str, EndKind]]
    automatic: frozenset[str]  #: tools the system must never call on its own
    context_free: frozenset[str]  #: tools that must not fetch transcript context
    request: str | None  #: the user event that explicitly asks for a route change
    participant_tools_forbidden: bool
    overlap_forbidden: bool

    @classmethod
    def from_protocol(cls, protocol: ProtocolDecl) -> ProtocolIndex:
        """Index ``protocol`` (a checked declaration: every name it refers to exists)."""
        openers: dict[str, list[RouteDecl]] = {}
        for route in protocol.routes:
            openers.setdefault(route.opener, []).append(route)
        fallback = protocol.forbidden("fallback")
        return cls(
            protocol=protocol,
            tools={t.name: t for t in protocol.tools},
            openers={tool: tuple(routes) for tool, routes in openers.items()},
            state_of_route={s.route: s for s in protocol.states},
            ends={s.name: {e.name: e.kind for e in s.ends} for s in protocol.states},
            automatic=frozenset(f.subject or "" for f in protocol.forbidden("automatic")),
            context_free=frozenset(f.subject or "" for f in protocol.forbidden("context")),
            request=fallback[0].subject if fallback else None,
            participant_tools_forbidden=bool(protocol.forbidden("participant-tools")),
            overlap_forbidden=bool(protocol.forbidden("overlapping-participants")),
        )

    def route_opened(self, tool: str, arguments: Mapping[str, Any] | None) -> RouteDecl | None:
        """The route a call of ``tool`` with ``arguments`` opens, or None."""
        for route in self.openers.get(tool, ()):
            if route.argument is None:
                return route
            given = (arguments or {}).get(route.argument) is True
            if given == route.when:
                return route
        return None

    def is_fallback(self, tool: str, arguments: Mapping[str, Any] | None, failed: str) -> bool:
        """Whether a call replaces the route ``failed`` with transcript retrieval: a call
        of the fetch tool, or one that opens another route."""
        fetch = self.protocol.fetch
        if fetch is not None and tool == fetch.tool:
            return True
        route = self.route_opened(tool, arguments)
        return route is not None and route.name != failed
