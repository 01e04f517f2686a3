"""The transformer of ``spec.lark``: Lark tree to ``assay.spec.specfile`` models.

This module holds the file and type rules; ``spec_declarations`` the task-context
declarations, ``spec_rules`` the helpers both use.  Checks that need only one
statement happen here, where the tokens still have their
positions: a pattern that does not compile, an empty or reversed range, a malformed
digest, a statement or constraint given twice, a constraint on the wrong target.
Problems are collected as diagnostics, never raised, so one run reports them all.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lark import Token, v_args
from lark.tree import Meta

from assay.grammar.globs import GlobError, compile_glob
from assay.grammar.spec.declarations import DeclarationRules
from assay.grammar.spec.evaluation import EvaluationRules, evaluation_of
from assay.grammar.spec.protocol import ProtocolRules
from assay.grammar.spec.values import (
    head,
    name_key,
    pattern_error,
    start_of,
    token_text,
    unquote,
)
from assay.spec.rules.specs import SPC003, SPC004, SPC005
from assay.spec.source import Span
from assay.spec.specfile import (
    AliasDecl,
    AllowedValue,
    DeclarationDecl,
    FieldDecl,
    FilesDecl,
    FormatDecl,
    FormDecl,
    LengthRange,
    Presence,
    RelationDecl,
    SectionDecl,
    SentencesDecl,
    SpecFile,
    TitleDecl,
    TypeDecl,
    Use,
)

#: Which constraints each target takes, in the order the reference lists them.
APPLIES: dict[str, tuple[str, ...]] = {
    "title": ("format", "length"),
    "field": ("aliases", "values", "format", "length", "form"),
    "section": ("aliases", "sentences", "length", "form"),
}


#: Formats only a field's value can have: a title names a record, not a source.
FIELD_FORMATS = frozenset({"identity"})


class _Constraint(NamedTuple):
    keyword: str
    value: Any
    span: Span


class _Allowed(NamedTuple):
    value: AllowedValue
    tokens: list[Token]  # the value's name, then its synonyms


@v_args(meta=True)
class SpecTransformer(DeclarationRules, ProtocolRules, EvaluationRules):
    """Builds a ``SpecFile``; ``diagnostics`` holds what was wrong on the way."""

    def _constraints(self, target: str, given: list[_Constraint] | None) -> dict[str, Any]:
        """The constraints that apply to ``target``, each at most once."""
        found: dict[str, Any] = {}
        seen: set[str] = set()
        for item in given or ():
            if item.keyword not in APPLIES[target]:
                takes = ", ".join(f"`{k}`" for k in APPLIES[target])
                message = f"`{item.keyword}` does not apply to a {target} (it takes {takes})"
                self._problem(SPC005, message, head(item.span, item.keyword))
            elif (
                item.keyword == "format" and target != "field" and item.value.kind in FIELD_FORMATS
            ):
                message = f"`format {item.value.kind}` applies to fields only, not to a {target}"
                self._problem(SPC005, message, item.span)
            elif self._once(seen, item.keyword, item.span, f"this {target}'s block"):
                found[item.keyword] = item.value
        return found

    # ---- file and types -----------------------------------------------------------

    def start(self, meta: Meta, children: list[Any]) -> SpecFile:
        return SpecFile(
            path=self.path,
            uses=tuple(c for c in children if isinstance(c, Use)),
            types=tuple(c for c in children if isinstance(c, TypeDecl)),
            declarations=tuple(c for c in children if isinstance(c, DeclarationDecl)),
            protocols=self._protocols(children),
            evaluation=evaluation_of(children),
        )

    def use(self, meta: Meta, children: list[Token]) -> Use:
        (name,) = children
        return Use(name=name.value, span=self._span(meta), name_span=self._tspan(name))

    def extends(self, meta: Meta, children: list[Token]) -> Token:
        return children[0]

    def type_decl(self, meta: Meta, children: list[Any]) -> TypeDecl:
        name, base, *items = children
        files: FilesDecl | None = None
        title: TitleDecl | None = None
        seen: set[str] = set()
        where = f"type `{name.value}`"
        for item in items:
            if isinstance(item, FilesDecl) and self._once(seen, "files", item.span, where):
                files = item
            elif isinstance(item, TitleDecl) and self._once(seen, "title", item.span, where):
                title = item
        return TypeDecl(
            name=name.value,
            extends=base.value if base is not None else None,
            files=files,
            title=title,
            fields=tuple(i for i in items if isinstance(i, FieldDecl)),
            sections=tuple(i for i in items if isinstance(i, SectionDecl)),
            relations=tuple(i for i in items if isinstance(i, RelationDecl)),
            span=self._span(meta),
            name_span=self._tspan(name),
            extends_span=self._tspan(base) if base is not None else None,
        )

    def files(self, meta: Meta, children: list[Token]) -> FilesDecl:
        # Discovery compiles every pattern of every type; one it cannot use must be a
        # spec problem here, or it escapes the check as an exception (exit code 3).
        patterns = tuple(self._text(t, "a files pattern") for t in children)
        for token, pattern in zip(children, patterns, strict=True):
            if not pattern.strip():
                continue  # `_text` said so
            try:
                compile_glob(pattern)
            except GlobError as error:
                message = f"the files pattern cannot be used: {error}"
                self._problem(SPC004, message, self._tspan(token))
        return FilesDecl(patterns=patterns, span=self._span(meta))

    def title(self, meta: Meta, children: list[Any]) -> TitleDecl:
        presence, given = children
        found = self._constraints("title", given)
        return TitleDecl(
            presence=presence,
            format=found.get("format"),
            length=found.get("length"),
            span=self._span(meta),
        )

    def field(self, meta: Meta, children: list[Any]) -> FieldDecl:
        name, presence, given = children
        found = self._constraints("field", given)
        return FieldDecl(
            name=self._text(name, "a field name"),
            presence=presence,
            aliases=found.get("aliases", ()),
            values=found.get("values", ()),
            format=found.get("format"),
            length=found.get("length"),
            form=found.get("form"),
            span=self._span(meta),
            name_span=self._tspan(name),
        )

    def section(self, meta: Meta, children: list[Any]) -> SectionDecl:
        name, presence, given = children
        found = self._constraints("section", given)
        return SectionDecl(
            name=self._text(name, "a section name"),
            presence=presence,
            aliases=found.get("aliases", ()),
            sentences=found.get("sentences"),
            length=found.get("length"),
            form=found.get("form"),
            span=self._span(meta),
            name_span=self._tspan(name),
        )

    def relation(self, meta: Meta, children: list[Token | None]) -> RelationDecl:
        name, inverse = children
        assert name is not None  # the grammar requires the name
        return RelationDecl(
            name=self._text(name, "a relation name"),
            inverse=self._text(inverse, "an inverse relation") if inverse is not None else None,
            span=self._span(meta),
            name_span=self._tspan(name),
            inverse_span=self._tspan(inverse) if inverse is not None else None,
        )

    def inverse(self, meta: Meta, children: list[Token]) -> Token:
        return children[0]

    def required(self, meta: Meta, children: list[Token]) -> Presence:
        return Presence(kind="required", span=self._span(meta))

    def optional(self, meta: Meta, children: list[Token]) -> Presence:
        return Presence(kind="optional", span=self._span(meta))

    def forbidden(self, meta: Meta, children: list[Token]) -> Presence:
        reason = self._text(children[0], "the reason a part is forbidden")
        return Presence(kind="forbidden", reason=reason, span=self._span(meta))

    # ---- constraints --------------------------------------------------------------

    def constraints(self, meta: Meta, children: list[_Constraint]) -> list[_Constraint]:
        return children

    def aliases(self, meta: Meta, children: list[Token]) -> _Constraint:
        names = [AliasDecl(name=self._text(t, "an alias"), span=self._tspan(t)) for t in children]
        return _Constraint("aliases", tuple(names), self._span(meta))

    def values(self, meta: Meta, children: list[_Allowed]) -> _Constraint:
        # A spelling may mean one value only, or reading a document would be ambiguous.
        seen: dict[str, str] = {}
        for item in children:
            for token in item.tokens:
                key = name_key(token_text(token))
                if key in seen:
                    message = f"`{token_text(token)}` already stands for the value `{seen[key]}`"
                    self._problem(SPC003, message, self._tspan(token))
                else:
                    seen[key] = item.value.name
        return _Constraint("values", tuple(i.value for i in children), self._span(meta))

    def allowed(self, meta: Meta, children: list[Any]) -> _Allowed:
        name, synonyms = children
        tokens = [name, *(synonyms or ())]
        value = AllowedValue(
            name=self._text(name, "a value"),
            synonyms=tuple(self._text(t, "a synonym") for t in synonyms or ()),
            span=self._span(meta),
        )
        return _Allowed(value, tokens)

    def synonyms(self, meta: Meta, children: list[Token]) -> list[Token]:
        return children

    def format_date(self, meta: Meta, children: list[Token]) -> _Constraint:
        span = self._span(meta)
        return _Constraint("format", FormatDecl(kind="date", span=span), span)

    def format_identity(self, meta: Meta, children: list[Token]) -> _Constraint:
        span = self._span(meta)
        return _Constraint("format", FormatDecl(kind="identity", span=span), span)

    def format_pattern(self, meta: Meta, children: list[Token]) -> _Constraint:
        (token,) = children
        pattern = unquote(token.value)
        self._check_pattern(token)
        span = self._span(meta)
        return _Constraint("format", FormatDecl(kind="pattern", pattern=pattern, span=span), span)

    def _check_pattern(self, token: Token) -> None:
        problem = pattern_error(token.value)
        if problem is not None:
            why, at = problem
            span = self._tspan(token)
            if at is not None:
                span = self.locator.span(start_of(token) + at, start_of(token) + at + 1)
            self._problem(SPC004, f"the pattern does not compile: {why}", span)

    def sentences(self, meta: Meta, children: list[Token]) -> _Constraint:
        count = self._int(children[0], "a sentence count", 1)
        span = self._span(meta)
        return _Constraint("sentences", SentencesDecl(count=count, span=span), span)

    def length(self, meta: Meta, children: list[Token | None]) -> _Constraint:
        low, high = children
        assert low is not None  # the grammar requires the lower bound in this form
        lo = self._int(low, "a length bound", 0)
        hi = None
        if high is not None:
            hi = self._int(high, "a length bound", 0)
            if hi < lo:
                message = f"the length range is empty: {lo} is more than {hi}"
                self._problem(SPC004, message, self._tspan(low, high))
        span = self._span(meta)
        return _Constraint("length", LengthRange(min=lo, max=hi, span=span), span)

    def length_at_most(self, meta: Meta, children: list[Token]) -> _Constraint:
        hi = self._int(children[0], "a length bound", 0)
        span = self._span(meta)
        return _Constraint("length", LengthRange(min=None, max=hi, span=span), span)

    def form(self, meta: Meta, children: list[Token]) -> _Constraint:
        span = self._span(meta)
        return _Constraint("form", FormDecl(kind="none-or-list", span=span), span)
