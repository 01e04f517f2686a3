"""The task-context half of the spec transformer: ``declaration`` statements.

A declaration names the sources an agent reads for a task (pinned by sha256, whole
files or line ranges), the dimensions that select it and the cues it covers.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lark import Token, v_args
from lark.tree import Meta

from assay.grammar.spec.rules import SpecRules
from assay.grammar.spec.values import SHA256, unquote
from assay.spec.rules.specs import SPC004
from assay.spec.source import Span
from assay.spec.specfile import CueDecl, DeclarationDecl, Dimension, LineRange, SourceDecl


class _When(NamedTuple):
    dimensions: tuple[Dimension, ...]
    span: Span


@v_args(meta=True)
class DeclarationRules(SpecRules):
    """``declaration NAME version N { when … / sources / cue … }``."""

    def declaration(self, meta: Meta, children: list[Any]) -> DeclarationDecl:
        name, version, *items = children
        when: tuple[Dimension, ...] = ()
        seen: set[str] = set()
        for item in items:
            if isinstance(item, _When) and self._once(seen, "when", item.span, "a declaration"):
                when = item.dimensions
        return DeclarationDecl(
            name=self._text(name, "a declaration name"),
            version=self._int(version, "a declaration version", 1),
            when=when,
            sources=tuple(i for i in items if isinstance(i, SourceDecl)),
            cues=tuple(i for i in items if isinstance(i, CueDecl)),
            span=self._span(meta),
            name_span=self._tspan(name),
        )

    def when(self, meta: Meta, children: list[Dimension]) -> _When:
        return _When(tuple(children), self._span(meta))

    def dimension(self, meta: Meta, children: list[Any]) -> Dimension:
        name, values = children
        return Dimension(
            name=name.value, values=values, span=self._span(meta), name_span=self._tspan(name)
        )

    def name_list(self, meta: Meta, children: list[Token]) -> tuple[str, ...]:
        return tuple(self._text(t, "a list item") for t in children)

    def source(self, meta: Meta, children: list[Any]) -> SourceDecl:
        role, path, lines, digest = children
        return SourceDecl(
            role=role,
            path=self._text(path, "a source path"),
            lines=lines,
            sha256=self._digest(digest) if digest is not None else None,
            sha256_span=self._tspan(digest) if digest is not None else None,
            span=self._span(meta),
        )

    def source_role(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0].value)

    def lines(self, meta: Meta, children: list[Token]) -> LineRange:
        first, last = children
        start = self._int(first, "a line number", 1)
        end = self._int(last, "a line number", 1)
        if end < start:
            message = f"the line range is empty: {start} is after {end}"
            self._problem(SPC004, message, self._tspan(first, last))
        return LineRange(start=start, end=end, span=self._span(meta))

    def digest(self, meta: Meta, children: list[Token]) -> Token:
        return children[0]

    def _digest(self, token: Token) -> str:
        value = unquote(token.value)
        if not SHA256.fullmatch(value):
            message = (
                f"a sha256 digest is 64 hexadecimal digits (got {len(value)} characters); "
                "leave it out and run `assay pin --write` to fill it in"
            )
            self._problem(SPC004, message, self._tspan(token))
        return value.lower()

    def cue(self, meta: Meta, children: list[Any]) -> CueDecl:
        name, covers = children
        return CueDecl(
            name=self._text(name, "a cue name"),
            covers=covers,
            span=self._span(meta),
            name_span=self._tspan(name),
        )
