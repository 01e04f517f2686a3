"""What every rule of the spec transformer shares: positions, problems, names, numbers.

``SpecTransformer`` (types) and ``DeclarationRules`` (task-context declarations) build
on this; each checks what one statement alone can tell, while the tokens still have
their positions, and records problems instead of raising them.
"""

from __future__ import annotations

from lark import Token, Transformer
from lark.tree import Meta

from assay.grammar.locate import Locator
from assay.grammar.spec.values import end_of, head, start_of, token_text
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.rule import Rule
from assay.spec.rules.specs import SPC003, SPC004
from assay.spec.source import Span
from assay.spec.specfile import SpecFile

# Beyond nine digits a number is a typo, and int() refuses very long digit strings.
_MAX_DIGITS = 9


class SpecRules(Transformer[Token, SpecFile]):
    """The helpers; ``diagnostics`` holds what was wrong on the way."""

    def __init__(self, locator: Locator, path: str) -> None:
        super().__init__(visit_tokens=False)
        self.locator = locator
        self.path = path
        self.diagnostics: list[Diagnostic] = []

    def _span(self, meta: Meta) -> Span:
        return self.locator.span(meta.start_pos, meta.end_pos)

    def _tspan(self, token: Token, last: Token | None = None) -> Span:
        """The span of ``token``, or from ``token`` through ``last``."""
        return self.locator.span(start_of(token), end_of(last or token))

    def _problem(self, rule: Rule, message: str, span: Span) -> None:
        self.diagnostics.append(rule.diagnostic(message, self.path, span))

    def _text(self, token: Token, what: str) -> str:
        """A name, path or reason as written; an empty one is reported."""
        text = token_text(token)
        if not text.strip():
            self._problem(SPC004, f"{what} must not be empty", self._tspan(token))
        return text

    def _int(self, token: Token, what: str, minimum: int, maximum: int | None = None) -> int:
        if len(token.value.lstrip("0")) > _MAX_DIGITS:
            self._problem(SPC004, f"{what} is too large (got {token.value})", self._tspan(token))
            return minimum
        value = int(token.value)
        if maximum is not None and value > maximum:
            message = f"{what} may be at most {maximum:,} (got {value:,})"
            self._problem(SPC004, message, self._tspan(token))
            return maximum
        if value < minimum:
            message = f"{what} must be at least {minimum} (got {value})"
            self._problem(SPC004, message, self._tspan(token))
        return value

    def _once(self, seen: set[str], keyword: str, span: Span, where: str) -> bool:
        """False, with a diagnostic, when ``keyword`` was already given in ``where``."""
        if keyword in seen:
            self._problem(SPC003, f"`{keyword}` is given twice in {where}", head(span, keyword))
            return False
        seen.add(keyword)
        return True
