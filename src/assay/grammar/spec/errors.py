"""Lark's parse errors as spec problems (SPC001), in human words."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from assay.grammar.locate import Locator
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.specs import SPC001

#: How the message names a terminal that is not a fixed keyword or punctuation.
_DESCRIPTIONS = {
    "WORD": "a bare word",
    "STRING": "a quoted string",
    "INT": "a number",
    "$END": "the end of the file",
}
#: Descriptions sort after keywords and punctuation, in this order.
_DESCRIPTION_ORDER = tuple(_DESCRIPTIONS.values())


def terminal_descriptions(literals: Mapping[str, str]) -> dict[str, str]:
    """Display text per terminal name, given each literal terminal's text.

    ``literals`` maps names such as ``RBRACE`` to the text they match (``}``).
    """
    names = {name: f"`{text}`" for name, text in literals.items()}
    names.update(_DESCRIPTIONS)
    return names


def syntax_diagnostic(
    error: UnexpectedInput, locator: Locator, path: str, names: Mapping[str, str]
) -> Diagnostic:
    """``SPC001`` for a parse error: what was found, what was expected, and where."""
    text = locator.text
    expected = _expected(error)
    wanted = _join(sorted({names.get(t, t) for t in expected}, key=_display_order))
    start: int = getattr(error, "pos_in_stream", None) or 0
    if isinstance(error, UnexpectedCharacters) and start < len(text):
        if text[start] == '"':
            end = _line_end(text, start)
            message = 'unterminated string: a quoted string must end with `"` on its line'
            return SPC001.diagnostic(message, path, locator.span(start, end))
        found = f"the character {_show_char(text[start])}"
        span = locator.span(start, start + 1)
    elif isinstance(error, UnexpectedToken) and error.token.type != "$END":
        token = error.token
        found = _describe_token(token, names)
        span = locator.span(token.start_pos or 0, token.end_pos or 0)
    else:
        found = "the end of the file"
        span = locator.span(len(text), len(text))
    message = f"expected {wanted}; found {found}{_hint(error, expected, names)}"
    return SPC001.diagnostic(message, path, span)


def _expected(error: UnexpectedInput) -> set[str]:
    """The terminals that would have let the parser go on."""
    parser = getattr(error, "interactive_parser", None)
    if parser is not None:
        # `accepts` tries each candidate, so it never lists a token that fails later.
        accepted: set[str] = parser.accepts()
        if accepted:
            return accepted
    if isinstance(error, UnexpectedCharacters):
        return set(error.allowed or ())
    return set(getattr(error, "expected", ()) or ())


def _describe_token(token: Token, names: Mapping[str, str]) -> str:
    shown = token.value if len(token.value) <= 40 else token.value[:37] + "..."
    if token.type == "STRING":
        return f"the string `{shown}`"
    if token.type == "INT":
        return f"the number `{shown}`"
    if token.type == "WORD" or token.type not in names:
        return f"`{shown}`"
    return names[token.type]


def _hint(error: UnexpectedInput, expected: set[str], names: Mapping[str, str]) -> str:
    """A short suggestion for the mistakes people make most."""
    token = error.token if isinstance(error, UnexpectedToken) else None
    previous = _previous_token(error)
    if previous is not None and previous.type == "FORBIDDEN" and "STRING" in expected:
        return '; `forbidden` needs a reason: forbidden "replaced by ADR 12"'
    if token is None:
        return ""
    if token.type in ("WORD", "STRING") and "COMMA" in expected and token.type not in expected:
        return "; separate list items with `,`"
    if token.type == "STRING" and expected == {"WORD"}:
        return "; library, type and dimension names are written without quotes"
    if token.type == "WORD":
        keywords = [names[t].strip("`") for t in expected if t.isupper() and t not in _DESCRIPTIONS]
        close = difflib.get_close_matches(token.value, keywords, n=1, cutoff=0.75)
        if close:
            return f"; did you mean `{close[0]}`?"
    return ""


def _previous_token(error: UnexpectedInput) -> Token | None:
    """The last token the parser accepted before the error, if it is still on the stack."""
    parser = getattr(error, "interactive_parser", None)
    if parser is None:
        return None
    stack = parser.parser_state.value_stack
    last = stack[-1] if stack else None
    return last if isinstance(last, Token) else None


def _show_char(char: str) -> str:
    """A character as the message shows it; invisible ones by code point."""
    if char.isprintable() and not char.isspace():
        return f"`{char}`"
    return f"U+{ord(char):04X}"


def _display_order(shown: str) -> tuple[int, str]:
    """Keywords and punctuation first (alphabetical), then descriptions in fixed order."""
    if shown in _DESCRIPTION_ORDER:
        return (1, f"{_DESCRIPTION_ORDER.index(shown):02d}")
    return (0, shown)


def _join(items: Iterable[str]) -> str:
    shown = list(items)
    if not shown:
        return "nothing more"
    if len(shown) == 1:
        return shown[0]
    return "one of " + ", ".join(shown)


def _line_end(text: str, start: int) -> int:
    end = start
    while end < len(text) and text[end] not in "\r\n":
        end += 1
    return end
