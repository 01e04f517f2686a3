"""What a ``protocol`` statement declares: the tool protocol a recorded agent session
must follow (seed ADR 0001).

``assay.grammar.spec.parse_spec`` builds these from a ``protocol NAME { ... }`` block;
they are returned only for a spec without errors, so every name a protocol refers to
(a route's tool, a state's route, a tool's states) is declared in the same block.
``assay.engine.traces.check`` checks a session's events against them.  Protocols and
document types are different namespaces: the built-in library ``consultation`` holds
both a type and a protocol of that name.
"""

from __future__ import annotations

from typing import Literal

from attrs import frozen

from assay.spec.model import Model
from assay.spec.source import Span
from assay.spec.trace import Actor

__all__ = [
    "AgreementDecl",
    "EndDecl",
    "EndKind",
    "FetchDecl",
    "FollowUpDecl",
    "ForbidDecl",
    "ForbidKind",
    "ParticipantsDecl",
    "ProtocolDecl",
    "RouteDecl",
    "StateDecl",
    "ToolDecl",
]

#: How a state ends: ``finish``/``settlement`` end it well, the others end it unsettled.
EndKind = Literal["finish", "cancel", "timeout", "failure", "settlement"]
ForbidKind = Literal[
    "automatic", "fallback", "participant-tools", "overlapping-participants", "context"
]


@frozen(kw_only=True)
class ToolDecl(Model):
    """``tool NAME by ACTOR [in STATE, ...]``: a tool, who may call it, and where."""

    name: str
    actor: Actor  #: the only actor that may call it
    states: tuple[str, ...] = ()  #: empty: callable anywhere; else only in these states
    span: Span
    name_span: Span


@frozen(kw_only=True)
class RouteDecl(Model):
    """``route NAME opens with TOOL [when|unless "argument"]``: the call opening a route."""

    name: str
    opener: str  #: the tool whose call opens the route
    argument: str | None = None  #: None: every call of ``opener`` opens this route
    when: bool = True  #: the route opens when ``argument`` is true (False: unless it is)
    span: Span
    name_span: Span


@frozen(kw_only=True)
class EndDecl(Model):
    """``ends KIND NAME``: a call of the tool ``NAME``, or the event ``NAME``, ends a state."""

    kind: EndKind
    name: str
    span: Span


@frozen(kw_only=True)
class StateDecl(Model):
    """``state NAME of ROUTE { ends ... available ... keeps ... }``."""

    name: str
    route: str
    ends: tuple[EndDecl, ...] = ()
    #: Tools that stay in the main agent's active tool set while the state lasts.
    available: tuple[str, ...] = ()
    keeps_tools: bool = False  #: active tools the same before, during and after
    keeps_sources: bool = False  #: source digests the same before, during and after
    span: Span
    name_span: Span


@frozen(kw_only=True)
class ForbidDecl(Model):
    """``forbid ...``: something a session must never do.

    ``subject`` is the tool (``automatic``, ``context``) or the user event that is an
    explicit request (``fallback``); None for the participant prohibitions.
    """

    kind: ForbidKind
    subject: str | None = None
    span: Span


@frozen(kw_only=True)
class FetchDecl(Model):
    """``fetch TOOL turn "arg" window "arg" max N``: transcript retrieval by exact turn."""

    tool: str
    turn_argument: str  #: must name a turn id returned earlier
    window_argument: str  #: when given, a whole number from 1 to ``max_window``
    max_window: int
    span: Span


@frozen(kw_only=True)
class ParticipantsDecl(Model):
    """``participants start EVENT finish EVENT [in STATE, ...]``: the events around one
    participant's run, and the states participants run in (empty: any state)."""

    start: str
    finish: str
    states: tuple[str, ...] = ()
    span: Span


@frozen(kw_only=True)
class FollowUpDecl(Model):
    """``follow up TOOL participant "arg"``: a call of ``TOOL`` clarifies the answer of
    the one participant its argument ``arg`` names, one that answered in the same state."""

    tool: str
    participant_argument: str
    span: Span


@frozen(kw_only=True)
class AgreementDecl(Model):
    """``agreement EVENT verified by TOOL``: agreement stays unverified until a
    successful result of ``TOOL`` in the same state."""

    event: str
    evidence: str
    span: Span


@frozen(kw_only=True)
class ProtocolDecl(Model):
    """``protocol NAME { ... }``: one declared tool protocol, its statements in file order."""

    name: str
    path: str  #: the spec file it was read from
    tools: tuple[ToolDecl, ...] = ()
    routes: tuple[RouteDecl, ...] = ()
    states: tuple[StateDecl, ...] = ()
    forbids: tuple[ForbidDecl, ...] = ()
    fetch: FetchDecl | None = None
    participants: ParticipantsDecl | None = None
    follow_up: FollowUpDecl | None = None
    agreement: AgreementDecl | None = None
    span: Span
    name_span: Span

    def forbidden(self, kind: ForbidKind) -> tuple[ForbidDecl, ...]:
        """The prohibitions of one kind."""
        return tuple(f for f in self.forbids if f.kind == kind)
