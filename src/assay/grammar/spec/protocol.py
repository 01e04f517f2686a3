"""The protocol half of the spec transformer: ``protocol`` statements (seed ADR 0001).

A protocol block is checked as a whole where it is built: every tool, route and state
it names must be declared in the same block (SPC002, at the name as written), a name
is declared once (SPC003), and a statement that may appear once does (SPC003).
Statements carry the tokens they refer to until then, so a finding lands on the word.
"""

from __future__ import annotations

import difflib
from typing import Any, Literal, NamedTuple

from lark import Token, v_args
from lark.tree import Meta

from assay.grammar.spec.rules import SpecRules
from assay.grammar.spec.values import unquote
from assay.spec.protocol import (
    AgreementDecl,
    EndDecl,
    FetchDecl,
    FollowUpDecl,
    ForbidDecl,
    ParticipantsDecl,
    ProtocolDecl,
    RouteDecl,
    StateDecl,
    ToolDecl,
)
from assay.spec.rules.specs import SPC002, SPC003
from assay.spec.source import Span

Namespace = Literal["tool", "route", "state"]


class _Item(NamedTuple):
    """A statement's model and the names it refers to, with their tokens."""

    model: Any
    refs: tuple[tuple[Namespace, Token], ...] = ()


class _Listed(NamedTuple):
    keyword: str  # available | keeps
    tokens: tuple[Token, ...]
    span: Span


#: The models whose names a protocol's statements refer to, by class name.
_NAMESPACES: dict[str, Namespace] = {"ToolDecl": "tool", "RouteDecl": "route", "StateDecl": "state"}
#: Statements a protocol may hold once, by their model's class name.
_ONCE = {
    "FetchDecl": "fetch",
    "ParticipantsDecl": "participants",
    "FollowUpDecl": "follow up",
    "AgreementDecl": "agreement",
}


@v_args(meta=True)
class ProtocolRules(SpecRules):
    """``protocol NAME { tool … route … state … forbid … fetch … }``."""

    def _protocols(self, children: list[Any]) -> tuple[ProtocolDecl, ...]:
        found = tuple(c for c in children if isinstance(c, ProtocolDecl))
        first: dict[str, int] = {}
        for protocol in found:
            if protocol.name in first:
                message = (
                    f"protocol `{protocol.name}` is already defined on line {first[protocol.name]}"
                )
                self._problem(SPC003, message, protocol.name_span)
            first.setdefault(protocol.name, protocol.span.line)
        return found

    def protocol_decl(self, meta: Meta, children: list[Any]) -> ProtocolDecl:
        name, *items = children
        models = [i.model for i in items]
        declared: dict[Namespace, dict[str, Span]] = {"tool": {}, "route": {}, "state": {}}
        for model in models:
            kind = _NAMESPACES.get(type(model).__name__)
            if kind is None:
                continue
            if model.name in declared[kind]:
                line = declared[kind][model.name].line
                message = f"{kind} `{model.name}` is already defined on line {line}"
                self._problem(SPC003, message, model.name_span)
            declared[kind].setdefault(model.name, model.name_span)
        stated: dict[str, str] = {}  # route -> its state: the checker enters one per route
        for item in items:
            for namespace, token in item.refs:
                self._reference(namespace, token, declared[namespace])
            if isinstance(item.model, StateDecl):
                route, token = item.model.route, item.refs[0][1]
                if route in stated:
                    message = f"route `{route}` already has the state `{stated[route]}`"
                    self._problem(SPC003, message, self._tspan(token))
                stated.setdefault(route, item.model.name)
        seen: set[str] = set()
        once: dict[str, Any] = {}
        for model in models:
            keyword = _ONCE.get(type(model).__name__)
            if keyword and self._once(seen, keyword, model.span, f"protocol `{name.value}`"):
                once[keyword] = model
        return ProtocolDecl(
            name=name.value,
            path=self.path,
            tools=tuple(m for m in models if isinstance(m, ToolDecl)),
            routes=tuple(m for m in models if isinstance(m, RouteDecl)),
            states=tuple(m for m in models if isinstance(m, StateDecl)),
            forbids=tuple(m for m in models if isinstance(m, ForbidDecl)),
            fetch=once.get("fetch"),
            participants=once.get("participants"),
            follow_up=once.get("follow up"),
            agreement=once.get("agreement"),
            span=self._span(meta),
            name_span=self._tspan(name),
        )

    def _reference(self, namespace: Namespace, token: Token, declared: dict[str, Span]) -> None:
        if token.value in declared:
            return
        message = f"no {namespace} `{token.value}` is declared in this protocol"
        close = difflib.get_close_matches(token.value, list(declared), n=1)
        if close:
            message += f"; did you mean `{close[0]}`?"
        self._problem(SPC002, message, self._tspan(token))

    # ---- statements ---------------------------------------------------------------

    def tool_decl(self, meta: Meta, children: list[Any]) -> _Item:
        name, actor, states = children
        tool = ToolDecl(
            name=name.value,
            actor=actor,
            states=tuple(t.value for t in states or ()),
            span=self._span(meta),
            name_span=self._tspan(name),
        )
        return _Item(tool, tuple(("state", t) for t in states or ()))

    def tool_states(self, meta: Meta, children: list[Token]) -> list[Token]:
        return children

    def actor(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0].value)

    def route_decl(self, meta: Meta, children: list[Any]) -> _Item:
        name, opener, condition = children
        argument, when = condition if condition is not None else (None, True)
        route = RouteDecl(
            name=name.value,
            opener=opener.value,
            argument=argument,
            when=when,
            span=self._span(meta),
            name_span=self._tspan(name),
        )
        return _Item(route, (("tool", opener),))

    def route_when(self, meta: Meta, children: list[Token]) -> tuple[str, bool]:
        return self._text(children[0], "an argument name"), True

    def route_unless(self, meta: Meta, children: list[Token]) -> tuple[str, bool]:
        return self._text(children[0], "an argument name"), False

    def state_decl(self, meta: Meta, children: list[Any]) -> _Item:
        name, route, *items = children
        listed = [i for i in items if isinstance(i, _Listed)]
        available = [t for i in listed if i.keyword == "available" for t in i.tokens]
        keeps = {t.value for i in listed if i.keyword == "keeps" for t in i.tokens}
        state = StateDecl(
            name=name.value,
            route=route.value,
            ends=tuple(i for i in items if isinstance(i, EndDecl)),
            available=tuple(t.value for t in available),
            keeps_tools="tools" in keeps,
            keeps_sources="sources" in keeps,
            span=self._span(meta),
            name_span=self._tspan(name),
        )
        return _Item(state, (("route", route), *(("tool", t) for t in available)))

    def state_end(self, meta: Meta, children: list[Token]) -> EndDecl:
        kind, name = children
        return EndDecl(kind=kind, name=name.value, span=self._span(meta))  # type: ignore[arg-type]

    def end_kind(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0].value)

    def state_available(self, meta: Meta, children: list[Token]) -> _Listed:
        return _Listed("available", tuple(children), self._span(meta))

    def state_keeps(self, meta: Meta, children: list[Token]) -> _Listed:
        return _Listed("keeps", tuple(children), self._span(meta))

    def keep_kind(self, meta: Meta, children: list[Token]) -> Token:
        return children[0]

    def forbid_automatic(self, meta: Meta, children: list[Token]) -> _Item:
        (tool,) = children
        forbid = ForbidDecl(kind="automatic", subject=tool.value, span=self._span(meta))
        return _Item(forbid, (("tool", tool),))

    def forbid_context(self, meta: Meta, children: list[Token]) -> _Item:
        (tool,) = children
        forbid = ForbidDecl(kind="context", subject=tool.value, span=self._span(meta))
        return _Item(forbid, (("tool", tool),))

    def forbid_fallback(self, meta: Meta, children: list[Token]) -> _Item:
        # The subject is a user event, not a declared tool: nothing to resolve.
        forbid = ForbidDecl(kind="fallback", subject=children[0].value, span=self._span(meta))
        return _Item(forbid)

    def forbid_participant_tools(self, meta: Meta, children: list[Token]) -> _Item:
        return _Item(ForbidDecl(kind="participant-tools", span=self._span(meta)))

    def forbid_overlapping(self, meta: Meta, children: list[Token]) -> _Item:
        return _Item(ForbidDecl(kind="overlapping-participants", span=self._span(meta)))

    def fetch_decl(self, meta: Meta, children: list[Token]) -> _Item:
        tool, turn, window, maximum = children
        fetch = FetchDecl(
            tool=tool.value,
            turn_argument=unquote(turn.value),
            window_argument=unquote(window.value),
            max_window=self._int(maximum, "a window maximum", 1),
            span=self._span(meta),
        )
        self._text(turn, "an argument name")
        self._text(window, "an argument name")
        return _Item(fetch, (("tool", tool),))

    def participants_decl(self, meta: Meta, children: list[Any]) -> _Item:
        start, finish, states = children
        participants = ParticipantsDecl(
            start=start.value,
            finish=finish.value,
            states=tuple(t.value for t in states or ()),
            span=self._span(meta),
        )
        return _Item(participants, tuple(("state", t) for t in states or ()))

    def follow_up_decl(self, meta: Meta, children: list[Token]) -> _Item:
        tool, argument = children
        follow_up = FollowUpDecl(
            tool=tool.value, participant_argument=unquote(argument.value), span=self._span(meta)
        )
        self._text(argument, "an argument name")
        return _Item(follow_up, (("tool", tool),))

    def agreement_decl(self, meta: Meta, children: list[Token]) -> _Item:
        event, evidence = children
        agreement = AgreementDecl(event=event.value, evidence=evidence.value, span=self._span(meta))
        return _Item(agreement, (("tool", evidence),))
